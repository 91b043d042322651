// The service emulator's entry: generate (or take) a world and serve it over HTTP on loopback.
import { type FaultOptions, FaultPlan } from './http/faults.ts';
import { createEmulatorServer } from './http/server.ts';
import type { ServedAnswer } from './http/server.ts';
import { createV1Router } from './v1/router.ts';
import { createV2Router } from './v2/index.ts';
import type { World, WorldSize } from './world/types.ts';
import { generateWorld } from './world/world.ts';

export type { World, WorldSize } from './world/types.ts';
export type { ServedAnswer } from './http/server.ts';
export { FAULT_KINDS, type FaultKind, type FaultOptions } from './http/faults.ts';
export { generateWorld } from './world/world.ts';
export {
  DEFAULT_V1_CLIENT_ID,
  DEFAULT_V1_TOKEN,
  DEFAULT_V2_TOKEN,
  LIMITED_V2_TOKEN,
  OTHER_V1_CLIENT_ID,
  OTHER_V1_TOKEN,
} from './http/identities.ts';

export interface EmulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  seed?: number;
  size?: WorldSize;
  /** The world's present; default the current time. */
  now?: Date;
  /** Requests per credential per hour (default 10000). */
  rateLimit?: number;
  /** Serve this world instead of generating one (seed, size and now are then ignored). */
  world?: World;
  /** Inject faults from the start (see http/faults.ts); change them later with setFaults. */
  faults?: FaultOptions;
  /** Serve HTTPS with this certificate and key (PEM); the URL then starts with https://. */
  tls?: { cert: string | Buffer; key: string | Buffer };
  /** Told of every answer (tests: who asked, and whether it went out compressed). */
  onAnswer?: (info: ServedAnswer) => void;
}

export interface RunningEmulator {
  /** Base URL without a version, e.g. http://127.0.0.1:PORT */
  url: string;
  /** The world being served (for tests and tools). */
  world: World;
  /** Replaces the fault plan (null: no faults); request counting starts again. */
  setFaults(options: FaultOptions | null): void;
  close(): Promise<void>;
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const world =
    options.world ??
    generateWorld({
      ...(options.seed !== undefined && { seed: options.seed }),
      ...(options.size !== undefined && { size: options.size }),
      ...(options.now !== undefined && { now: options.now }),
    });
  const faults = new FaultPlan();
  faults.set(options.faults ?? null);
  const server = createEmulatorServer({
    world,
    faults,
    ...(options.rateLimit !== undefined && { rateLimit: options.rateLimit }),
    ...(options.tls && { tls: options.tls }),
    ...(options.onAnswer && { onAnswer: options.onAnswer }),
    routers: { v2: createV2Router(world), v1: createV1Router(world) },
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `${options.tls ? 'https' : 'http'}://${urlHost}:${port}`,
    world,
    setFaults: (o) => faults.set(o),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
