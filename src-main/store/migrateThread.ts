// The migration thread: opens the data file (which migrates it), reports each step, closes it, and says how it went.
import { parentPort, workerData } from 'node:worker_threads';
import { openStore } from './db.ts';
import { StoreError } from './migrate.ts';
import type { MigrationThreadMessage } from './migrateInThread.ts';

const port = parentPort;
if (!port) throw new Error('migrateThread.ts runs as a worker thread only');
const data = workerData as { path: string; migrationsDir: string | null; pauseBeforeEachMs: number };
const post = (m: MigrationThreadMessage): void => port.postMessage(m);
const pause = new Int32Array(new SharedArrayBuffer(4));

try {
  const store = openStore(data.path, {
    ...(data.migrationsDir ? { migrationsDir: data.migrationsDir } : {}),
    onMigration: (start) => {
      post({ start });
      if (data.pauseBeforeEachMs > 0) Atomics.wait(pause, 0, 0, data.pauseBeforeEachMs);
    },
  });
  store.close();
  post({ done: true });
} catch (error) {
  post(
    error instanceof StoreError
      ? { failed: error.message, reason: error.reason }
      : { failed: error instanceof Error ? error.message : String(error), reason: 'unusable' },
  );
}
port.close();
