// The work after a sync on a thread of its own (afterSync.ts): the alert replay's series and summaries and the anomaly
// tests brought up to the newest sync run, on the thread's own connection; posts how long each took, or why it failed.
import { parentPort, workerData } from 'node:worker_threads';
import { openStore } from '../store/db.ts';
import { prepareAfterSyncHere, stepFailed } from './afterSync.ts';
import type { AfterSyncReport } from './afterSync.ts';

const port = parentPort;
if (!port) throw new Error('afterSyncThread.ts runs as a worker thread only');
const { path, migrationsDir } = workerData as { path: string; migrationsDir: string | null };
let report: AfterSyncReport = { alertsMs: null, anomaliesMs: null, failures: [] };
try {
  // Its reads go through rollups and a pair's presses once each: a small page cache is enough.
  const store = openStore(path, { ...(migrationsDir ? { migrationsDir } : {}), cacheKib: 8000 });
  try {
    report = prepareAfterSyncHere(store);
  } finally {
    store.close();
  }
} catch (error) {
  report.failures.push(stepFailed('the data file could not be opened for the work after it', error));
}
port.postMessage(report);
port.close();
