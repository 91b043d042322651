// A real HTTP proxy for tests: Debian's tinyproxy on 127.0.0.1 in the foreground, its log in the test's folder.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/** The tinyproxy binary, or undefined where it is not installed (`apt-get install tinyproxy`). */
export const tinyproxyPath = ['/usr/bin/tinyproxy', '/usr/sbin/tinyproxy'].find((p) => {
  try {
    execFileSync(p, ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
});

export interface Tinyproxy {
  url: string;
  port: number;
  /** The log so far (LogLevel Connect: one `CONNECT host:port` line per tunnel). */
  log(): string;
  stop(): void;
}

export async function freePort(host: string): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts tinyproxy allowing CONNECT to `connectPorts` only (it refuses every other port with 403), its outgoing
 * connections from `bind` (so a server can tell proxied requests by their remote address).
 */
export async function startTinyproxy(options: {
  dir: string;
  connectPorts: (number | string)[];
  bind: string;
}): Promise<Tinyproxy> {
  if (!tinyproxyPath) throw new Error('tinyproxy is not installed (apt-get install tinyproxy)');
  const port = await freePort('127.0.0.1');
  const logFile = join(options.dir, `tinyproxy-${port}.log`);
  const conf = join(options.dir, `tinyproxy-${port}.conf`);
  writeFileSync(
    conf,
    [
      `Port ${port}`,
      'Listen 127.0.0.1',
      `Bind ${options.bind}`,
      'Timeout 60',
      `LogFile "${logFile}"`,
      'LogLevel Connect',
      'MaxClients 20',
      'Allow 127.0.0.1',
      // Without a ConnectPort line tinyproxy tunnels to 443 and 563 only.
      ...options.connectPorts.map((p) => `ConnectPort ${p}`),
      'DisableViaHeader Yes',
      '',
    ].join('\n'),
  );
  const child = spawn(tinyproxyPath, ['-d', '-c', conf], { stdio: 'ignore' });
  // Ready when it accepts a connection.
  for (let i = 0; ; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (ok) break;
    if (i > 400 || child.exitCode !== null) {
      child.kill();
      throw new Error('tinyproxy did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    log: () => readFileSync(logFile, 'utf8'),
    stop: () => void child.kill('SIGTERM'),
  };
}
