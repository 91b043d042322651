// Per-stream sync state (table sync_stream): last start, outcome, error, rows held and newest data, for `status`.
import type Database from 'better-sqlite3';
import { statement } from '../statements.ts';

export type SyncStreamStatus = 'running' | 'done' | 'failed' | 'cancelled' | 'interrupted';

export interface SyncStreamState {
  stream: string;
  /** 'v1' or 'v2'. */
  source: string;
  lastStartedAt: string;
  lastFinishedAt: string | null;
  lastStatus: SyncStreamStatus;
  /** When the stream last finished without error. */
  lastSuccessAt: string | null;
  lastError: string | null;
  itemsReceived: number;
  /** Rows the store holds for this stream after its last run, when the stream can tell. */
  rowsHeld: number | null;
  /** The newest data instant held (ISO, UTC), for the lag; null when unknown or empty. */
  newestDataAt: string | null;
}

export interface SyncStreamRepo {
  started(stream: string, source: string): void;
  finished(
    stream: string,
    outcome: {
      status: Exclude<SyncStreamStatus, 'running' | 'interrupted'>;
      itemsReceived: number;
      rowsHeld?: number | null;
      newestDataAt?: string | null;
      error?: string;
    },
  ): void;
  /** Streams left 'running' by a killed process become 'interrupted'; call only while holding the sync lock. */
  markInterrupted(): number;
  all(): SyncStreamState[];
}

interface Row {
  stream: string;
  source: string;
  last_started_at: string;
  last_finished_at: string | null;
  last_status: SyncStreamStatus;
  last_success_at: string | null;
  last_error: string | null;
  items_received: number;
  rows_held: number | null;
  newest_data_at: string | null;
}

export function createSyncStreamRepo(db: Database.Database, now: () => Date): SyncStreamRepo {
  // Prepared on first use: a file opened read-only before migration 0003 must not fail to open.
  // Composed statements through the connection's one cache (statements.ts), prepared once per text.
  const sql = (text: string): Database.Statement => statement(db, text);
  return {
    started(stream, source) {
      sql(
        `INSERT INTO sync_stream (stream, source, last_started_at, last_status) VALUES (?, ?, ?, 'running')
         ON CONFLICT (stream) DO UPDATE SET source = excluded.source, last_started_at = excluded.last_started_at,
           last_finished_at = NULL, last_status = 'running', items_received = 0`,
      ).run(stream, source, now().toISOString());
    },
    finished(stream, o) {
      const at = now().toISOString();
      sql(
        `UPDATE sync_stream SET last_finished_at = @at, last_status = @status, items_received = @items,
           last_error = CASE WHEN @status = 'failed' THEN @error ELSE last_error END,
           last_success_at = CASE WHEN @status = 'done' THEN @at ELSE last_success_at END,
           rows_held = coalesce(@rows, rows_held), newest_data_at = coalesce(@newest, newest_data_at)
         WHERE stream = @stream`,
      ).run({
        stream,
        at,
        status: o.status,
        items: o.itemsReceived,
        error: o.error ?? null,
        rows: o.rowsHeld ?? null,
        newest: o.newestDataAt ?? null,
      });
      // A clean finish clears the error of an earlier failure: the stream is healthy again.
      if (o.status === 'done') sql('UPDATE sync_stream SET last_error = NULL WHERE stream = ?').run(stream);
    },
    markInterrupted: () =>
      sql(
        `UPDATE sync_stream SET last_status = 'interrupted',
           last_error = 'The sync process stopped before this stream finished (killed or crashed).'
         WHERE last_status = 'running'`,
      ).run().changes,
    all: () =>
      (sql('SELECT * FROM sync_stream ORDER BY stream').all() as Row[]).map((r) => ({
        stream: r.stream,
        source: r.source,
        lastStartedAt: r.last_started_at,
        lastFinishedAt: r.last_finished_at,
        lastStatus: r.last_status,
        lastSuccessAt: r.last_success_at,
        lastError: r.last_error,
        itemsReceived: r.items_received,
        rowsHeld: r.rows_held,
        newestDataAt: r.newest_data_at,
      })),
  };
}
