// After a sync: the alert replay's series and summaries (docs/ALERT-REPLAY.md) and the anomaly tests (docs/ANOMALIES.md)
// brought up to it, on a worker thread (afterSyncThread.ts) so the app's main process stays free (the first time on
// `large` is seconds of CPU); on the caller's connection when the store has no file or the thread cannot start.
import { Worker } from 'node:worker_threads';
import type { Store } from '../store/db.ts';
import { threadModuleUrl } from '../threadModule.ts';
import { refreshAlertSeries } from './alertReplayService.ts';
import { refreshAnomalyTests } from './anomalyService.ts';

export interface AfterSyncReport {
  alertsMs: number | null;
  anomaliesMs: number | null;
  /** One line per step that failed: the step's data is computed on demand instead, nothing is lost. */
  failures: string[];
}

/** One step's failure, as the sync's outcome says it after "After the sync, " (syncOutcome.ts afterSyncNote). */
export function stepFailed(what: string, error: unknown): string {
  const why = (error instanceof Error ? error.message : String(error)).replace(/\.$/, '');
  return `${what} (${why})`;
}

/** On the caller's connection: each step's failure is reported, none is thrown. */
export function prepareAfterSyncHere(store: Store): AfterSyncReport {
  const report: AfterSyncReport = { alertsMs: null, anomaliesMs: null, failures: [] };
  try {
    report.alertsMs = refreshAlertSeries(store.db).ms;
  } catch (error) {
    report.failures.push(stepFailed("the alert replay's series could not be prepared ahead", error));
  }
  try {
    report.anomaliesMs = refreshAnomalyTests(store.db).ms;
  } catch (error) {
    report.failures.push(stepFailed('the anomaly tests could not be prepared ahead', error));
  }
  return report;
}

/**
 * The work after a sync of the file at `path`, on a worker thread with its own connection (WAL: the caller's
 * connection reads on meanwhile and sees the result when it commits). `store` is the caller's connection, used
 * instead when the file is in memory or the thread does not start. `migrationsDir`: as the caller opened the file.
 */
export async function prepareAfterSync(
  path: string,
  store: () => Store,
  migrationsDir?: string,
  where: { here?: boolean } = {},
): Promise<AfterSyncReport> {
  if (path === ':memory:' || path === '' || where.here) return prepareAfterSyncHere(store());
  let worker: Worker;
  try {
    worker = new Worker(threadModuleUrl('afterSyncThread', import.meta.url), {
      workerData: { path, migrationsDir: migrationsDir ?? null },
      // Short-lived garbage (each point's hours, each day's tests) dies young in a small young generation, and the
      // old one is collected before it grows far past what is live (~60 MB on `large`): its peak was +580 MB.
      resourceLimits: { maxYoungGenerationSizeMb: 12, maxOldGenerationSizeMb: 256 },
    });
  } catch {
    return prepareAfterSyncHere(store());
  }
  return await new Promise<AfterSyncReport>((resolve) => {
    let answered = false;
    worker.once('message', (report: AfterSyncReport) => {
      answered = true;
      resolve(report);
    });
    worker.once('error', (error) =>
      resolve({
        alertsMs: null,
        anomaliesMs: null,
        failures: [stepFailed('the work after it stopped on its thread', error)],
      }),
    );
    worker.once('exit', (code) => {
      if (!answered)
        resolve({
          alertsMs: null,
          anomaliesMs: null,
          failures: [`the work after it stopped before it ended (its thread exited with code ${code})`],
        });
    });
  });
}
