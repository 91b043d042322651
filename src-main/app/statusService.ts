// What a data file holds and how its syncs went — the run history, the last check against the service, and the
// per-stream report `feedback-desk status` prints — for the app's handlers and the command line alike.
import type { StoredVerification, SyncHistoryEntry } from '#shared/contract.ts';
import { lastVerification } from '../analytics/reconciliation.ts';
import { pressTotals } from '../analytics/pressTotals.ts';
import type { PressTotals } from '../analytics/pressTotals.ts';
import type { Store } from '../store/db.ts';
import { newestRuns } from '../store/reads/runReads.ts';
import type { SyncStreamState } from '../store/repos/syncStreamRepo.ts';
import { parseCursor } from '../sync/plan.ts';
import { syncRunning } from '../sync/syncLock.ts';

interface RunRow {
  sync_run_id: number;
  source: string;
  base_url: string;
  started_at: string;
  finished_at: string | null;
  status: SyncHistoryEntry['status'];
  items_received: number;
  rows_inserted: number;
  feedback_total: number | null;
  error: string | null;
}

/** The newest runs first, as the local file recorded them (one row per source and run). */
export function syncHistory(store: Store, limit = 50): SyncHistoryEntry[] {
  const rows = newestRuns<RunRow>(store.db, limit);
  return rows.map((r) => ({
    id: r.sync_run_id,
    source: r.source,
    baseUrl: r.base_url,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    seconds: r.finished_at ? (Date.parse(r.finished_at) - Date.parse(r.started_at)) / 1000 : null,
    status: r.status,
    itemsReceived: r.items_received,
    rowsInserted: r.rows_inserted,
    feedbackTotal: r.feedback_total,
    error: r.error,
  }));
}

/** The newest check against the service's counts the file keeps, with its first few differing days. */
export function lastVerificationOf(store: Store): StoredVerification | null {
  const v = lastVerification(store.db);
  if (!v) return null;
  const { checkedAt, mismatches, ...counts } = v;
  const mismatchDays = [...new Set(mismatches.map((m) => m.day))].slice(0, 5);
  return { checkedAt, verification: { ...counts, mismatchDays } };
}

/** Where a checkpoint stands, in words. */
function cursorState(cursor: unknown): string {
  const c = parseCursor(cursor);
  if (!c) {
    const kind = cursor && typeof cursor === 'object' && 'kind' in cursor ? String(cursor.kind) : null;
    return kind ?? 'stored';
  }
  if (c.complete) return `complete through ${c.to}`;
  return `${c.mode === 'replace' ? 'replacing' : 'at'} ${c.windowStart}..${c.windowEnd} offset ${c.offset}`;
}

export interface StoreStatus {
  storePath: string;
  syncing: { pid: number; host: string; startedAt: string } | null;
  treeItems: number;
  presses: { source: PressTotals['source']; total: number; withoutMisuse: number };
  buttonFeedbacks: number;
  buttonFeedbacksWithoutMisuse: number;
  lastSync: { baseUrl: string; finishedAt: string | null } | null;
  lastRun: {
    status: string;
    startedAt: string;
    finishedAt: string | null;
    itemsReceived: number;
    error: string | null;
  } | null;
  /** The last run is not the last finished one (a failure or an interruption to say). */
  lastRunDiffers: boolean;
  streams: (SyncStreamState & { lagSeconds: number | null })[];
  checkpoints: { stream: string; updatedAt: string; state: string }[];
  /** The press totals as the views count them (for the sentence). */
  totals: PressTotals;
  verification: StoredVerification | null;
  /** Why the file can only be read (a sync would refuse), or null. */
  readOnly: string | null;
}

/** The file's contents and sync state; `nowMs` is the clock the lag is counted from. */
export function storeStatus(store: Store, nowMs: number): StoreStatus {
  const holder = syncRunning(store.path);
  const lastRun = store.syncRuns.last();
  const lastDone = store.syncRuns.last('done');
  const streams = store.syncStreams.all().map((s) => {
    // 'running' with nobody holding the lock: the process was killed (the next sync records it so).
    const state = s.lastStatus === 'running' && !holder ? 'interrupted' : s.lastStatus;
    const lagSeconds = s.newestDataAt ? Math.max(0, (nowMs - Date.parse(s.newestDataAt)) / 1000) : null;
    return { ...s, lastStatus: state, lagSeconds };
  });
  const checkpoints = store.checkpoints.all().map((c) => ({
    stream: c.stream,
    updatedAt: c.updatedAt,
    state: cursorState(c.cursor),
  }));
  const totals = pressTotals(store.db); // v2 presses, or v1's in a store without any (as queries count)
  return {
    storePath: store.path,
    syncing: holder ? { pid: holder.pid, host: holder.host, startedAt: holder.startedAt } : null,
    treeItems: totals.treeItems,
    presses: { source: totals.source, total: totals.presses, withoutMisuse: totals.withoutMisuse },
    buttonFeedbacks: store.buttonFeedback.total(),
    buttonFeedbacksWithoutMisuse: store.buttonFeedback.total({ includeMisuse: false }),
    lastSync: lastDone ? { baseUrl: lastDone.baseUrl, finishedAt: lastDone.finishedAt } : null,
    lastRun: lastRun
      ? {
          status: lastRun.status === 'running' && !holder ? 'interrupted' : lastRun.status,
          startedAt: lastRun.startedAt,
          finishedAt: lastRun.finishedAt,
          itemsReceived: lastRun.itemsReceived,
          error: lastRun.error,
        }
      : null,
    lastRunDiffers: lastRun !== null && lastRun.id !== lastDone?.id,
    streams,
    checkpoints,
    totals,
    verification: lastVerificationOf(store),
    readOnly: store.readOnly,
  };
}
