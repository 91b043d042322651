// v2 button feedback facts and their daily point rollup (with the node and period rollups): batches appended or
// staged with their checkpoint in one transaction, staged windows swapped in (replacing stored rows, rollups
// recounted), totals. A point's presses by hour are read from the facts (migration 0020).
import type Database from 'better-sqlite3';
import { named, numbered, statement } from '../statements.ts';
import type { ButtonFeedbackV2 } from '../../core/records/v2Feedback.ts';
import type { CheckpointRepo } from './checkpointRepo.ts';
import { createBatchBuilder } from './batchGathering.ts';
import { bucketWidth, hourlyBuckets, selectRows } from './feedbackBatch.ts';
import { createWindowComparison } from './feedbackDigest.ts';
import type { WindowComparison } from './feedbackDigest.ts';
import type { FeedbackBatch } from './feedbackBatch.ts';
import { allNodes, createNodeRollup } from './nodeRollup.ts';
import { createPressPeriodRollup } from './pressPeriodRollup.ts';
import { BucketSums } from './bucketSums.ts';
import { createRollupRecount } from './rollupRecount.ts';
import type { SwapSpec } from './swapSpec.ts';
import { createFactInsert } from './factInsert.ts';
import { upsertBuckets } from './bucketUpsert.ts';
import { distinctKeysCte } from '../treeSql.ts';

export type { SwapSpec } from './swapSpec.ts';

export interface CheckpointWrite {
  stream: string;
  cursor: unknown;
}

export interface ButtonFeedbackRepo {
  /**
   * Inserts a page, skipping records already stored; adds the rows really inserted to the rollups;
   * upserts the devices seen; writes the checkpoint. All in one transaction: a crash keeps either all of it or none.
   */
  writePage(items: readonly ButtonFeedbackV2[], checkpoint?: CheckpointWrite): { inserted: number };
  /** `writePage` for a batch (see feedbackBatch.ts). */
  append(batch: FeedbackBatch, checkpoint?: CheckpointWrite): { inserted: number };
  /**
   * Stages a batch for `stream` (and, with `swap`, swaps the stream's staged window in), in one transaction.
   * `first`: the batch starts this window at its first page. Such a window is held in memory instead (its
   * checkpoints with it, so a stop re-fetches the window) and compared with the stored rows per point and day as it
   * arrives: at the swap, only points that differ are staged and swapped, and a window re-fetched with nothing new
   * writes nothing but its checkpoint. A window that outgrows `heldRows` is written to the stage as it stands and
   * goes on from there.
   */
  stage(
    stream: string,
    batch: FeedbackBatch,
    checkpoint?: CheckpointWrite,
    swap?: SwapSpec,
    first?: SwapSpec,
  ): { staged: number; removed: number; inserted: number };
  /** Button feedbacks stored, read from the rollup (no fact scan). */
  total(options?: { includeMisuse?: boolean }): number;
  /** The newest press stored (ISO instant, UTC), or null when there is none. */
  newestAt(): string | null;
}

/**
 * A UUID is stored as its 16 bytes (20 bytes/row less than text; UUIDs compare case-insensitively); anything else
 * stays text, so it cannot collide with a UUID's bytes.
 */
export function feedbackKey(feedbackId: string): Buffer | string {
  if (
    feedbackId.length !== 36 ||
    feedbackId[8] !== '-' ||
    feedbackId[13] !== '-' ||
    feedbackId[18] !== '-' ||
    feedbackId[23] !== '-'
  )
    return feedbackId;
  const bytes = Buffer.from(
    feedbackId.slice(0, 8) +
      feedbackId.slice(9, 13) +
      feedbackId.slice(14, 18) +
      feedbackId.slice(19, 23) +
      feedbackId.slice(24),
    'hex',
  );
  return bytes.length === 16 ? bytes : feedbackId; // Buffer.from stops at the first non-hex pair
}

/** The stored form of a feedback id back to text (UUIDs lower-case with dashes). */
export function feedbackIdText(key: Buffer | string): string {
  if (typeof key === 'string') return key;
  const h = key.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const counters = Array.from({ length: 11 }, (_, i) => `n${i}`);

/** Thrown inside the fast path's transaction to roll it back when some rows were already stored. */
class SeenBefore extends Error {}

// eslint-disable-next-line max-lines-per-function -- a repository factory: it prepares its statements once and returns the short methods that share them
export function createButtonFeedbackRepo(
  db: Database.Database,
  checkpoints: CheckpointRepo,
  options: { heldRows?: number } = {},
): ButtonFeedbackRepo {
  // 250,000 rows are about 11 MB of columns: a trailing window of a big account, not a year of it.
  const heldRows = options.heldRows ?? 250_000;
  // Composed statements through the connection's one cache (statements.ts), prepared once per text.
  const sql = (text: string): Database.Statement => statement(db, text);
  const tuple = (k: number): string => `(${Array.from({ length: k }, () => '?').join(',')})`;
  const values = (rows: number, width: number): string =>
    Array.from({ length: rows }, () => tuple(width)).join(',');
  /** A statement per row count, built once (the SQL text is not rebuilt on the hot path). */
  const perRows = (name: string, build: (rows: number) => string): ((rows: number) => Database.Statement) => {
    const text = numbered(`buttonFeedback.${name}`, build);
    return (rows) => statement(db, text(rows));
  };
  const facts = createFactInsert(db, 'buttonFeedback.facts', 'v2_button_feedback', []);
  const stageRows = createFactInsert(db, 'buttonFeedback.stage', 'v2_button_feedback_stage', ['stream']);
  const upsertInto = (table: string, bucket: string): ((rows: number) => Database.Statement) =>
    perRows(
      `upsert.${table}`,
      (rows) =>
        `INSERT INTO ${table} (experience_point_id, ${bucket}, survey_id, misuse, ${counters.join(', ')})
         VALUES ${values(rows, 15)}
         ON CONFLICT (experience_point_id, ${bucket}, survey_id, misuse) DO UPDATE SET
         ${counters.map((c) => `${c} = ${c} + excluded.${c}`).join(', ')}`,
    );
  const upsertDaily = upsertInto('v2_button_rollup_daily', 'local_day');
  const upsertSmiley = sql(
    `INSERT INTO smiley (smiley_id, smiley_type) VALUES (?, ?)
     ON CONFLICT (smiley_id) DO UPDATE SET smiley_type = excluded.smiley_type WHERE smiley_type <> excluded.smiley_type`,
  );
  const sum = counters.join(' + ');
  // Totals from node -1 (every press), a few thousand daily rows instead of the whole point rollup.
  const totalAll = statement(
    db,
    named(
      'buttonFeedback.totalAll',
      `SELECT sum(${sum}) AS n FROM v2_node_rollup_daily WHERE node_id = ${allNodes}`,
    ),
  ).pluck();
  const totalNoMisuse = statement(
    db,
    named(
      'buttonFeedback.totalNoMisuse',
      `SELECT sum(${sum}) AS n FROM v2_node_rollup_daily WHERE node_id = ${allNodes} AND misuse = 0`,
    ),
  ).pluck();
  const nodes = createNodeRollup(db);
  const periods = createPressPeriodRollup(db);
  const recount = createRollupRecount(db, nodes, periods);

  // The batch's buckets folded by local day: kept from batch to batch.
  const dailySums = new BucketSums();
  /**
   * Adds hourly buckets, folded by local day, to the daily point rollup; both to the node rollups; the daily ones to
   * the period rollup, and the hourly node rows, folded by month × hour of the week, to that one.
   */
  function addBuckets(hourly: ArrayLike<number>): void {
    dailySums.reset();
    for (let at = 0; at < hourly.length; at += bucketWidth) {
      const day = Math.floor((hourly[at + 1] ?? 0) / 24);
      dailySums.add(hourly[at] ?? 0, day, hourly[at + 2] ?? 0, hourly[at + 3] ?? 0, hourly, at);
    }
    const daily = dailySums.nonZero();
    upsertBuckets(upsertDaily, daily);
    nodes.add('hourly', hourly);
    nodes.add('daily', daily);
    periods.add(daily);
  }

  function finishBatch(b: FeedbackBatch, checkpoint: CheckpointWrite | undefined): void {
    for (const [id, type] of b.smileys) upsertSmiley.run(id, type);
    if (checkpoint) checkpoints.set(checkpoint.stream, checkpoint.cursor);
  }

  // The hourly buckets of the batch being appended, counted here (not by the thread that builds the batch) in one
  // buffer kept from batch to batch: one buffer per writer instead of one per batch in flight (on `xlarge`'s
  // 400,000-row batches, ~16 MB each; the CPU is ~0.1 µs a press).
  let hourlyBuffer = new ArrayBuffer(0);
  const hourlyOf = (b: FeedbackBatch): Int32Array => {
    const hourly = hourlyBuckets(b, null, hourlyBuffer);
    hourlyBuffer = hourly.buffer as ArrayBuffer;
    return hourly;
  };

  // Fast path: every row is new (a time-ordered sync never sees a row twice), so the batch's precounted buckets are
  // exactly what was inserted. When some row was already stored, the transaction rolls back and the careful path
  // inserts row by row, counting only the rows really inserted (changes === 1).
  const appendFast = db.transaction((b: FeedbackBatch, checkpoint?: CheckpointWrite): number => {
    const inserted = facts.insertAll(b, []);
    if (inserted !== b.n) throw new SeenBefore();
    addBuckets(hourlyOf(b));
    finishBatch(b, checkpoint);
    return inserted;
  });
  const appendCareful = db.transaction((b: FeedbackBatch, checkpoint?: CheckpointWrite): number => {
    const fresh = new Uint8Array(b.n);
    let inserted = 0;
    for (let i = 0; i < b.n; i++)
      if (facts.insertOne(b, i, [])) {
        fresh[i] = 1;
        inserted++;
      }
    addBuckets(hourlyBuckets(b, fresh));
    finishBatch(b, checkpoint);
    return inserted;
  });
  function append(b: FeedbackBatch, checkpoint?: CheckpointWrite): { inserted: number } {
    try {
      return { inserted: appendFast.immediate(b, checkpoint) };
    } catch (error) {
      if (!(error instanceof SeenBefore)) throw error;
      return { inserted: appendCareful.immediate(b, checkpoint) };
    }
  }

  const stage = db.transaction(
    (stream: string, b: FeedbackBatch, checkpoint?: CheckpointWrite, swap?: SwapSpec) => {
      const staged = stageRows.insertAll(b, [stream]);
      for (const [id, type] of b.smileys) upsertSmiley.run(id, type);
      const swapped = swap ? recount.swap(swap) : { removed: 0, inserted: 0 };
      if (checkpoint) checkpoints.set(checkpoint.stream, checkpoint.cursor);
      return { staged, ...swapped };
    },
  );

  // Windows held in memory (see `stage`), by stream.
  const held = new Map<string, { batches: FeedbackBatch[]; rows: number; compare: WindowComparison }>();
  const startComparison = createWindowComparison(db, recount.points);
  const clearStage = sql('DELETE FROM v2_button_feedback_stage WHERE stream = ?');
  /** A held window written to the stage (its rows of `only`'s points, when given), replacing a stale stage. */
  function stageHeld(stream: string, batches: readonly FeedbackBatch[], only?: ReadonlySet<number>): number {
    clearStage.run(stream);
    let staged = 0;
    for (const b of batches) {
      if (only?.size !== 0)
        staged += stageRows.insertAll(only ? selectRows(b, (i) => only.has(b.point[i] ?? 0)) : b, [stream]);
      for (const [id, type] of b.smileys) upsertSmiley.run(id, type);
    }
    return staged;
  }
  const spill = db.transaction((stream: string, batches: FeedbackBatch[], checkpoint?: CheckpointWrite) => {
    const staged = stageHeld(stream, batches);
    if (checkpoint) checkpoints.set(checkpoint.stream, checkpoint.cursor);
    return { staged, removed: 0, inserted: 0 };
  });
  const swapHeld = db.transaction(
    (
      stream: string,
      batches: FeedbackBatch[],
      swap: SwapSpec,
      differing: ReadonlySet<number>,
      checkpoint?: CheckpointWrite,
    ) => {
      stageHeld(stream, batches, differing);
      const swapped =
        differing.size > 0 ? recount.swap({ ...swap, points: differing }) : { removed: 0, inserted: 0 };
      if (checkpoint) checkpoints.set(checkpoint.stream, checkpoint.cursor);
      return { staged: batches.at(-1)?.n ?? 0, ...swapped };
    },
  );
  function stageOrHold(
    stream: string,
    b: FeedbackBatch,
    checkpoint?: CheckpointWrite,
    swap?: SwapSpec,
    first?: SwapSpec,
  ): { staged: number; removed: number; inserted: number } {
    if (first) held.set(stream, { batches: [], rows: 0, compare: startComparison(first) });
    const w = held.get(stream);
    if (!w) return stage.immediate(stream, b, checkpoint, swap);
    w.batches.push(b);
    w.rows += b.n;
    w.compare.add(b);
    if (swap) {
      held.delete(stream);
      return swapHeld.immediate(stream, w.batches, swap, w.compare.differing(), checkpoint);
    }
    if (w.rows <= heldRows) return { staged: b.n, removed: 0, inserted: 0 };
    held.delete(stream);
    return spill.immediate(stream, w.batches, checkpoint);
  }

  const builder = createBatchBuilder();
  // Each point's newest press (one seek per point; the points found by walking the daily rollup's key).
  const newest = statement(
    db,
    named(
      'buttonFeedback.newest',
      `WITH RECURSIVE ${distinctKeysCte('p', 'experience_point_id', 'v2_button_rollup_daily')}
     SELECT max(t) FROM (SELECT (SELECT local_time - utc_offset_min * 60000 FROM v2_button_feedback f
       WHERE f.experience_point_id = p.experience_point_id ORDER BY local_time DESC LIMIT 1) AS t
     FROM p WHERE p.experience_point_id IS NOT NULL)`,
    ),
  ).pluck();
  return {
    writePage(items, checkpoint) {
      builder.add(items);
      return append(builder.build(), checkpoint);
    },
    append,
    stage: stageOrHold,
    total: (options = {}) => Number((options.includeMisuse === false ? totalNoMisuse : totalAll).get() ?? 0),
    newestAt() {
      const ms = newest.get();
      return typeof ms === 'number' ? new Date(ms).toISOString() : null;
    },
  };
}
