// A source's run as `sync_run` records it (started, then done, cancelled or failed with its counts), and how a run
// that threw ends: cancelled (the caller says so; the next run resumes) or failed (said, recorded, thrown).
import { ApiError } from '../api/errors.ts';
import type { Store } from '../store/db.ts';
import { reportFailure } from './scheduler.ts';

export type RunStatus = 'done' | 'cancelled' | 'failed';

/** Records the run's end (its counts read then, the rows its tables hold afterwards); returns those rows. */
export type RecordRun = (status: RunStatus, error?: string) => number;

export function startRunRecord(
  store: Store,
  run: {
    source: 'v1' | 'v2';
    baseUrl: string;
    counts: () => { itemsReceived: number; rowsInserted: number };
    total: () => number;
  },
): RecordRun {
  const runId = store.syncRuns.start(run.source, run.baseUrl);
  return (status, error) => {
    const feedbackTotal = run.total();
    store.syncRuns.finish(runId, {
      ...{ status, ...run.counts(), feedbackTotal },
      ...(error ? { error } : {}),
    });
    return feedbackTotal;
  };
}

/** The sentence a cancelled stream's last progress event carries. */
export const cancelledMessage = 'Cancelled; the next sync resumes where this one stopped.';

/**
 * A run that threw: 'cancelled' when it was cancelled (the signal, or the client's own 'cancelled'); any other error
 * is said as a 'failed' progress event, recorded, and thrown.
 */
export function stoppedRun(
  error: unknown,
  o: { signal: AbortSignal | undefined; sayFailed: (message: string) => void; record: RecordRun },
): 'cancelled' {
  if (o.signal?.aborted || (error instanceof ApiError && error.kind === 'cancelled')) return 'cancelled';
  throw reportFailure(error, o.sayFailed, (message) => o.record('failed', message));
}
