// Sync checkpoints: stream name → cursor (JSON). Writers inside a page's transaction use `set` there.
import type Database from 'better-sqlite3';

export interface CheckpointRepo {
  get(stream: string): unknown;
  /** Call inside the transaction of the page the cursor describes. */
  set(stream: string, cursor: unknown): void;
  delete(stream: string): void;
  all(): { stream: string; cursor: unknown; updatedAt: string }[];
}

export function createCheckpointRepo(db: Database.Database, now: () => Date): CheckpointRepo {
  const get = db.prepare<[string], { cursor: string }>('SELECT cursor FROM sync_checkpoint WHERE stream = ?');
  const set = db.prepare(
    `INSERT INTO sync_checkpoint (stream, cursor, updated_at) VALUES (@stream, @cursor, @updatedAt)
     ON CONFLICT (stream) DO UPDATE SET cursor = excluded.cursor, updated_at = excluded.updated_at`,
  );
  const del = db.prepare('DELETE FROM sync_checkpoint WHERE stream = ?');
  const all = db.prepare<[], { stream: string; cursor: string; updated_at: string }>(
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
