// Whether a TCP port can be bound, asked before slow work (generating a world) so a busy port is said at once.
import { createServer } from 'node:net';

/** The one sentence for a port someone else holds. */
export function portInUseMessage(host: string, port: number): string {
  return `port ${port} on ${host} is already in use (another emulator or server?); choose another with --port, or --port 0 for a free one`;
}

/** True when `host:port` is held by another listener; other bind errors are left to the real listen. */
export function portInUse(host: string, port: number): Promise<boolean> {
  if (port === 0) return Promise.resolve(false);
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'EADDRINUSE'));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve(false)));
  });
}
