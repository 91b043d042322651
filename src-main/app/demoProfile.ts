// The demo as a profile like any other: its service is the embedded emulator (started on loopback for the sync,
// closed after), it holds the emulator's v2 token and v1 pair, and it syncs through the same service as every
// profile (every v2 resource, the v1 side, then the check against the service's counts) into its own file.
import { DEFAULT_V1_CLIENT_ID, DEFAULT_V1_TOKEN, DEFAULT_V2_TOKEN } from '#emulator/http/identities.ts';
import type { ProfileSecrets } from '../profiles/connections.ts';
import { startEmulatorThread } from './demoServiceThread.ts';
import { runTargetSync, type SyncOutcome, type SyncRunOptions } from './syncService.ts';

export const demoToken = DEFAULT_V2_TOKEN;

/** The demo's name wherever a profile's is said (outcomes, the sync result). */
export const demoProfileName = 'demo';

/** The demo's checkpoint identity: the emulator's port changes every run, its world does not. */
export const demoSourceId = 'emulator:demo:seed-1';

export const demoSecrets: ProfileSecrets = {
  v2Token: DEFAULT_V2_TOKEN,
  v1: { clientId: DEFAULT_V1_CLIENT_ID, token: DEFAULT_V1_TOKEN },
};

/** The emulator as the demo uses it (packages/emulator/src/index.ts, imported as `#emulator/index.ts`). */
export interface DemoEmulatorOptions {
  port?: number;
  host?: string;
  seed?: number;
  size?: 'tiny' | 'small' | 'demo' | 'large';
  now?: Date;
}
export interface DemoEmulator {
  url: string;
  close(): Promise<void>;
}

export interface DemoDeps {
  /** The demo's own file (a real profile's data is never touched by it). */
  storePath: string;
  /** Default: the built-in emulator on a worker thread (demoServiceThread.ts). */
  startEmulator?: (options: DemoEmulatorOptions) => Promise<DemoEmulator>;
  /** The demo world's size (tests use 'tiny'). */
  size?: DemoEmulatorOptions['size'];
}

/** The demo world is generated and served on a thread of its own, so the app's own thread never stalls. */
const loadEmulator = (options: DemoEmulatorOptions): Promise<DemoEmulator> => startEmulatorThread(options);

/** Starts the demo's service on loopback, syncs the demo profile from it like any profile, and stops the service. */
export async function syncDemo(deps: DemoDeps, options: SyncRunOptions = {}): Promise<SyncOutcome> {
  const emulator = await (deps.startEmulator ?? loadEmulator)({
    port: 0,
    host: '127.0.0.1',
    size: deps.size ?? 'demo',
    seed: 1,
  });
  try {
    return await runTargetSync(
      {
        profile: demoProfileName,
        baseUrl: emulator.url,
        storePath: deps.storePath,
        secrets: demoSecrets,
        sourceId: demoSourceId,
      },
      options,
    );
  } finally {
    await emulator.close();
  }
}
