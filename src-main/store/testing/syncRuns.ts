// Sync runs recorded by hand for tests (sync_run as the sync leaves it when a run ends): what the after-sync work and
// v2PressesUnchangedSince read.
import type { Store } from '../db.ts';

/** Records a run that ended with `status` (default a v2 run that ended 'done'); returns its id. */
export function recordRun(
  store: Store,
  o: {
    rowsInserted: number;
    feedbackTotal: number;
    source?: 'v1' | 'v2';
    status?: 'done' | 'failed' | 'cancelled';
  },
): number {
  const id = store.syncRuns.start(o.source ?? 'v2', 'http://127.0.0.1:1');
  store.syncRuns.finish(id, {
    status: o.status ?? 'done',
    itemsReceived: o.rowsInserted,
    rowsInserted: o.rowsInserted,
    feedbackTotal: o.feedbackTotal,
  });
  return id;
}
