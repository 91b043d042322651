// Sync runs: one row per run (source, address, when, outcome, counts) for "last sync" and `status`.
import type Database from 'better-sqlite3';
import { named, statement } from '../statements.ts';

/** 'interrupted': the process stopped (killed, crashed) while the run was 'running'; set on the next sync. */
export type SyncRunStatus = 'running' | 'done' | 'failed' | 'cancelled' | 'interrupted';

export interface SyncRun {
  id: number;
  source: string;
  baseUrl: string;
  startedAt: string;
  finishedAt: string | null;
  status: SyncRunStatus;
  itemsReceived: number;
  rowsInserted: number;
  /** Button feedbacks in the store when the run ended. */
  feedbackTotal: number | null;
  error: string | null;
}

export interface SyncRunRepo {
  start(source: string, baseUrl: string): number;
  finish(
    id: number,
    outcome: {
      status: Exclude<SyncRunStatus, 'running' | 'interrupted'>;
      itemsReceived: number;
      rowsInserted: number;
      feedbackTotal: number;
      error?: string;
    },
  ): void;
  last(status?: SyncRunStatus): SyncRun | null;
  /** When the finished run of `source` before the newest finished one ended (an incremental run's start), or null. */
  previousFinishedAt(source: string): string | null;
  /** Marks every run still 'running' as 'interrupted'; call only while holding the file's sync lock. */
  markInterrupted(): number;
}

interface Row {
  sync_run_id: number;
  source: string;
  base_url: string;
  started_at: string;
  finished_at: string | null;
  status: SyncRunStatus;
  items_received: number;
  rows_inserted: number;
  feedback_total: number | null;
  error: string | null;
}

const sqls = {
  start: named(
    'syncRun.start',
    "INSERT INTO sync_run (source, base_url, started_at, status) VALUES (@source, @baseUrl, @startedAt, 'running')",
  ),
  finish: named(
    'syncRun.finish',
    `UPDATE sync_run SET finished_at = @finishedAt, status = @status, items_received = @itemsReceived,
       rows_inserted = @rowsInserted, feedback_total = @feedbackTotal, error = @error WHERE sync_run_id = @id`,
  ),
  last: named('syncRun.last', 'SELECT * FROM sync_run ORDER BY sync_run_id DESC LIMIT 1'),
  lastWith: named(
    'syncRun.lastWith',
    'SELECT * FROM sync_run WHERE status = ? ORDER BY sync_run_id DESC LIMIT 1',
  ),
  previousFinished: named(
    'syncRun.previousFinished',
    `SELECT finished_at FROM sync_run WHERE source = ? AND status = 'done' AND finished_at IS NOT NULL
       ORDER BY sync_run_id DESC LIMIT 1 OFFSET 1`,
  ),
  interrupt: named(
    'syncRun.interrupt',
    `UPDATE sync_run SET status = 'interrupted',
       error = coalesce(error, 'The sync process stopped before this run finished (killed or crashed); the next sync resumed where it stopped.')
     WHERE status = 'running'`,
  ),
};

export function createSyncRunRepo(db: Database.Database, now: () => Date): SyncRunRepo {
  const start = statement(db, sqls.start);
  const finish = statement(db, sqls.finish);
  const last = statement<[], Row>(db, sqls.last);
  const lastWith = statement<[string], Row>(db, sqls.lastWith);
  const previousFinished = statement<[string], string>(db, sqls.previousFinished).pluck();
  const interrupt = statement(db, sqls.interrupt);
  return {
    markInterrupted: () => interrupt.run().changes,
    previousFinishedAt: (source) => previousFinished.get(source) ?? null,
    start: (source, baseUrl) =>
      Number(start.run({ source, baseUrl, startedAt: now().toISOString() }).lastInsertRowid),
    finish(id, o) {
      finish.run({
        id,
        finishedAt: now().toISOString(),
        status: o.status,
        itemsReceived: o.itemsReceived,
        rowsInserted: o.rowsInserted,
        feedbackTotal: o.feedbackTotal,
        error: o.error ?? null,
      });
    },
    last(status) {
      const row = status ? lastWith.get(status) : last.get();
      return row
        ? {
            id: row.sync_run_id,
            source: row.source,
            baseUrl: row.base_url,
            startedAt: row.started_at,
            finishedAt: row.finished_at,
            status: row.status,
            itemsReceived: row.items_received,
            rowsInserted: row.rows_inserted,
            feedbackTotal: row.feedback_total,
            error: row.error,
          }
        : null;
    },
  };
}

/**
 * Whether the v2 button feedbacks are as they were when run `runId` ended: it is a v2 run that ended ('done') with
 * its total recorded, and every run after it is a v2 run that ended 'done', inserted no row and left the same total
 * (no press added, replaced or removed: a replaced press is removed and inserted again). A v1 run, a failed,
 * cancelled, interrupted or running one after it answers false: the caller then looks at the rows themselves. What
 * the after-sync work uses to skip reading the rollups when a sync brought nothing new (`xlarge`: ~4.5 s of them).
 */
export function v2PressesUnchangedSince(db: Database.Database, runId: number): boolean {
  const r = statement(
    db,
    `SELECT b.feedback_total AS total, (SELECT count(*) FROM sync_run a WHERE a.sync_run_id > b.sync_run_id
       AND NOT (a.source = 'v2' AND a.status = 'done' AND a.rows_inserted = 0 AND a.feedback_total = b.feedback_total))
       AS changed
     FROM sync_run b WHERE b.sync_run_id = ? AND b.source = 'v2' AND b.status = 'done'`,
  ).get(runId) as { total: number | null; changed: number } | undefined;
  return r !== undefined && r.total !== null && r.changed === 0;
}
