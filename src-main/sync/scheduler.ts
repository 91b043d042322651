// The sync's scheduler: runs each stream's body with its own progress callback, records its outcome in the order
// the streams started (and in the store, for `status`), names the part that failed, keeps the first failure.
import type { SyncProgress } from '#shared/contract.ts';
import { storeFailure } from '../store/db.ts';
import type { Store } from '../store/db.ts';

export interface StreamOutcome {
  stream: string;
  source: 'v1' | 'v2';
  status: 'done' | 'cancelled' | 'failed';
  itemsReceived: number;
  /** Rows the stream's tables hold afterwards, when it can tell. */
  rowsHeld: number | null;
  error?: string;
  /** On failure: the part that failed, as its progress events name it (e.g. `v2:experience-points`). */
  failedAt?: string;
  seconds: number;
}

/** What a stream's body reports when it ends without throwing. */
export interface StreamEnd {
  status: 'done' | 'cancelled';
  itemsReceived: number;
  rowsHeld: number | null;
}

export type StreamBody = (onProgress: (p: SyncProgress) => void) => Promise<StreamEnd>;

export interface Scheduler {
  /**
   * Runs one stream (several may run at the same time); resolves true when it is done, false when it was cancelled
   * or failed (recorded). `newest`: the newest data it holds afterwards, for `status`.
   */
  run(stream: string, source: 'v1' | 'v2', body: StreamBody, newest?: () => string | null): Promise<boolean>;
  readonly outcomes: StreamOutcome[];
  /** The first failure, as the user should read it. */
  firstError(): Error | undefined;
}

export function createScheduler(store: Store, onProgress?: (p: SyncProgress) => void): Scheduler {
  const outcomes: StreamOutcome[] = [];
  let firstError: Error | undefined;

  async function run(
    stream: string,
    source: 'v1' | 'v2',
    body: StreamBody,
    newest: () => string | null = () => null,
  ): Promise<boolean> {
    const t0 = performance.now();
    let failedPart: string | null = null; // the first part of this stream that reported 'failed'
    // Outcomes are listed in the order the streams started, whichever ends first.
    const at = outcomes.length;
    outcomes.push({ stream, source, status: 'cancelled', itemsReceived: 0, rowsHeld: null, seconds: 0 });
    const seconds = (): number => (performance.now() - t0) / 1000;
    try {
      // Inside the try: recording the start is a write too, and a full disk there is said like any other.
      store.syncStreams.started(stream, source);
      const r = await body((p) => {
        if (p.phase === 'failed') failedPart ??= p.stream;
        onProgress?.(p);
      });
      store.syncStreams.finished(stream, { ...r, newestDataAt: newest() });
      outcomes[at] = { stream, source, ...r, seconds: seconds() };
      return r.status === 'done';
    } catch (caught) {
      // SQLite finding the file damaged, full or read-only mid-sync: said as the open-time check says it.
      const error = storeFailure(caught, store.path);
      const message = error instanceof Error ? error.message : String(error);
      firstError ??= error instanceof Error ? error : new Error(message);
      try {
        store.syncStreams.finished(stream, { status: 'failed', itemsReceived: 0, error: message });
      } catch {
        // The store may be what failed; the error itself is reported.
      }
      outcomes[at] = {
        ...{ stream, source, status: 'failed', itemsReceived: 0, rowsHeld: null },
        error: message,
        failedAt: failedPart ?? stream,
        seconds: seconds(),
      };
      return false;
    }
  }

  return { run, outcomes, firstError: () => firstError };
}

/**
 * A run's failure, said as a 'failed' progress event and kept in its sync_run record, then handed back to be thrown
 * (when recording fails too, e.g. a full disk, the original error is still the one reported).
 */
export function reportFailure(
  error: unknown,
  say: (message: string) => void,
  record: (message: string) => void,
): unknown {
  const message = error instanceof Error ? error.message : String(error);
  say(message);
  try {
    record(message);
  } catch {
    // The store itself may be what failed: the original error is the one to report.
  }
  return error;
}
