// Sync checkpoints: stream name → cursor (JSON). Writers inside a page's transaction use `set` there.
import type Database from 'better-sqlite3';
import { prepared } from '../statements.ts';

export interface CheckpointRepo {
  get(stream: string): unknown;
  /** Call inside the transaction of the page the cursor describes. */
  set(stream: string, cursor: unknown): void;
  delete(stream: string): void;
  all(): { stream: string; cursor: unknown; updatedAt: string }[];
}

export function createCheckpointRepo(db: Database.Database, now: () => Date): CheckpointRepo {
  const get = prepared<[string], { cursor: string }>(
    db,
    'checkpoint.get',
    'SELECT cursor FROM sync_checkpoint WHERE stream = ?',
  );
  const set = prepared(
    db,
    'checkpoint.set',
    `INSERT INTO sync_checkpoint (stream, cursor, updated_at) VALUES (@stream, @cursor, @updatedAt)
     ON CONFLICT (stream) DO UPDATE SET cursor = excluded.cursor, updated_at = excluded.updated_at`,
  );
  const del = prepared(db, 'checkpoint.del', 'DELETE FROM sync_checkpoint WHERE stream = ?');
  const all = prepared<[], { stream: string; cursor: string; updated_at: string }>(
    db,
    'checkpoint.all',
    'SELECT stream, cursor, updated_at FROM sync_checkpoint ORDER BY stream',
  );
  return {
    get(stream) {
      const row = get.get(stream);
      return row ? (JSON.parse(row.cursor) as unknown) : null;
    },
    set(stream, cursor) {
      set.run({ stream, cursor: JSON.stringify(cursor), updatedAt: now().toISOString() });
    },
    delete(stream) {
      del.run(stream);
    },
    all: () =>
      all
        .all()
        .map((r) => ({ stream: r.stream, cursor: JSON.parse(r.cursor) as unknown, updatedAt: r.updated_at })),
  };
}
