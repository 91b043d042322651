// A store synced the way a user syncs one: an emulator on loopback serving a given world, and the CLI's
// `sync --source both` (v2 and v1) in a child process into a new file in a temp folder.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator, type World } from '#emulator/index.ts';
import { builtCli, pinnedNode, projectRoot } from './webMode.ts';

export interface SyncedStore {
  dir: string;
  storePath: string;
  /** Removes the temp folder and the file in it. */
  remove(): void;
}

/**
 * Syncs `world` (v2 and v1) into `<temp>/default.sqlite`. The date range is given, so the sync does not depend on the
 * day the test runs: from two years and a bit before the world's present to two days after it.
 */
export async function syncWorld(world: World, source: 'both' | 'v2' = 'both'): Promise<SyncedStore> {
  const dir = mkdtempSync(join(tmpdir(), 'fd-e2e-store-'));
  const storePath = join(dir, 'default.sqlite');
  const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
  const emulator = await startEmulator({ world, port: 0, host: '127.0.0.1' });
  try {
    const args = [
      builtCli(),
      'sync',
      '--base-url',
      emulator.url,
      '--source',
      source,
      '--db',
      storePath,
      '--since',
      day(world.now - 800 * 86_400_000),
      '--until',
      day(world.now + 2 * 86_400_000),
    ];
    const child = spawn(pinnedNode(), args, {
      cwd: projectRoot,
      env: {
        ...process.env,
        FEEDBACK_DESK_V2_TOKEN: 'demo-v2-token',
        FEEDBACK_DESK_V1_CLIENT_ID: 'demo-client',
        FEEDBACK_DESK_V1_TOKEN: 'demo-token',
        FEEDBACK_DESK_DATA_DIR: dir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const code = await new Promise<number | null>((done) => child.on('exit', done));
    if (code !== 0) throw new Error(`sync exited with ${code}:\n${output.slice(-4000)}`);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  } finally {
    await emulator.close();
  }
  return { dir, storePath, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

const shared = new Map<string, Promise<SyncedStore>>();

/**
 * One synced store per name for the whole worker process (its spec files run one after another), so several specs on
 * the same world sync it once per worker (a tiny world: a few seconds). Removed when the process exits; callers never
 * remove it.
 */
export function sharedSyncedStore(name: string, makeWorld: () => World): Promise<SyncedStore> {
  let store = shared.get(name);
  if (!store) {
    store = syncWorld(makeWorld());
    shared.set(name, store);
    void store.then(
      (s) => process.once('exit', () => s.remove()),
      () => shared.delete(name),
    );
  }
  return store;
}

/** The tiny world most view tests use: seed 2, its present fixed. */
export const tinyWorldNow = '2026-11-20T12:00:00Z';
