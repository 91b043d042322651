// Ids of v2 text feedback rows (migration 0010): local_time × 1024 + k, k = 0, 1, … among comments of the same local
// millisecond, so the FTS index's rowid order is the comments' time order (newest first = highest rowid first).
import type Database from 'better-sqlite3';
import { prepared } from '../statements.ts';

/** Comments of one local millisecond before ids of the next begin. */
export const idsPerMs = 1024;

/**
 * The id for a new comment at `localMs`: the next free one in its millisecond's range (past the range only if 1024
 * comments share the millisecond: then the first free id after it, so ids never collide).
 */
export function createTextFeedbackIds(db: Database.Database): (localMs: number) => number {
  const last = prepared(
    db,
    'textFeedbackId.last',
    'SELECT max(text_feedback_id) FROM v2_text_feedback WHERE text_feedback_id >= ? AND text_feedback_id < ?',
  ).pluck();
  const taken = prepared(
    db,
    'textFeedbackId.taken',
    'SELECT 1 FROM v2_text_feedback WHERE text_feedback_id = ?',
  ).pluck();
  return (localMs) => {
    const base = localMs * idsPerMs;
    const max = last.get(base, base + idsPerMs);
    let id = typeof max === 'number' ? max + 1 : base;
    while (taken.get(id) !== undefined) id++;
    return id;
  };
}
