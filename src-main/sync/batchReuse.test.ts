// Batches built over reused buffers (batchPool.ts): the writer gives an appended batch's buffers back and the next
// batch is built over them. What is stored must not depend on it: rows and rollups equal those of batches built
// fresh, batch sizes up and down (stale rows and counts left in the buffers), on the writer thread as inline; and a
// batch that fails half-way through loses nothing (its buffers are not reused, a new run stores it whole).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ButtonFeedbackV2 } from '../core/records/v2Feedback.ts';
import { openStore } from '../store/db.ts';
import type { Store } from '../store/db.ts';
import { createBatchPool, createPagePool } from '../store/repos/batchPool.ts';
import { createBatchBuilder } from '../store/repos/batchGathering.ts';
import { batchBuffers, noUi, pageColumns } from '../store/repos/feedbackBatch.ts';
import type { BatchPool } from '../store/repos/batchPool.ts';
import { createFeedbackWriter } from './feedbackWriter.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const fileStore = (): Store => {
  const dir = mkdtempSync(join(tmpdir(), 'fd-batch-reuse-'));
  dirs.push(dir);
  return openStore(join(dir, 'store.sqlite'));
};

/** Deterministic presses over `points` points and many hours (many hourly buckets), ids unique per `seed`. */
function presses(n: number, seed: number, points: number): ButtonFeedbackV2[] {
  let s = seed;
  const r = (k: number): number => ((s = (s * 48271) % 2147483647), s % k);
  return Array.from({ length: n }, (_, i) => ({
    feedbackId: `00000000-0000-4000-8000-${String(seed * 1_000_000 + i).padStart(12, '0')}`,
    smileyId: 1 + r(4),
    localTime: `2024-05-${String(1 + r(28)).padStart(2, '0')}T${String(r(24)).padStart(2, '0')}:${String(r(60)).padStart(2, '0')}:00.000+02:00`,
    surveyId: 1 + r(3),
    experiencePointId: 100 + r(points),
    buttonIndex: r(11),
    misuse: r(13) === 0,
    smileyType: 'SMILEY_TERMINAL',
    position: r(5) === 0 ? null : r(4),
    ui: r(7) === 0 ? null : 'physical',
  }));
}

/** A UUID's text from its 16 bytes. */
const uuidOf = (b: Uint8Array): string => {
  const h = Buffer.from(b).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

/** Batches of different sizes, up and down (the second one outgrows the first's hourly buffer, the third is small). */
const batches = [presses(3_000, 1, 5), presses(9_000, 2, 400), presses(700, 3, 3), presses(20_000, 4, 50)];

const factsOf = (store: Store): unknown[] =>
  store.db
    .prepare('SELECT * FROM v2_button_feedback ORDER BY experience_point_id, local_time, feedback_id')
    .raw()
    .all();
const rollupsOf = (store: Store): unknown[] =>
  ['v2_node_rollup_hourly', 'v2_button_rollup_daily', 'v2_node_rollup_daily'].map((t) =>
    store.db.prepare(`SELECT * FROM ${t} ORDER BY 1, 2, 3, 4`).raw().all(),
  );
/** The hourly counts of node -1 (every press; the store has no tree) recounted from the stored facts. */
const recountOf = (store: Store): unknown[] =>
  store.db
    .prepare(
      `SELECT -1, local_time / 3600000, survey_id, misuse,
        ${Array.from({ length: 11 }, (_, i) => `sum(button_index = ${i})`).join(', ')}
       FROM v2_button_feedback GROUP BY 2, 3, 4 ORDER BY 2, 3, 4`,
    )
    .raw()
    .all();

/** A store with every batch appended, each built fresh (no pool). */
function freshStore(): Store {
  const store = fileStore();
  for (const items of batches) {
    const b = createBatchBuilder();
    b.add(items.slice(0, 5_000));
    b.add(items.slice(5_000));
    store.buttonFeedback.append(b.build(), { stream: 'v2:button-feedbacks', cursor: items.length });
  }
  return store;
}

/** The pages' buffers, shared by every pooled batch of a test (given back as each batch is built). */
let pagePool = createPagePool();
beforeEach(() => (pagePool = createPagePool()));

/** Builds a batch of `items` (two pages, over the page pool's buffers) over `pool`'s buffers. */
function pooledBatch(pool: BatchPool, items: readonly ButtonFeedbackV2[]) {
  const b = createBatchBuilder(pool, pagePool);
  b.addColumns(pageColumns(items.slice(0, 5_000), pagePool));
  b.addColumns(pageColumns(items.slice(5_000), pagePool));
  return b.build();
}

describe('batches over reused buffers', () => {
  it('the pool hands a written set back out for any batch it fits, and a new one when none fits', () => {
    const pool = createBatchPool();
    const first = pool.take(1_000);
    expect(first.rows).toBeGreaterThanOrEqual(1_000);
    expect(new Uint8Array(first.columns[9] as ArrayBuffer).every((x) => x === 0)).toBe(true);
    pool.give(first.columns);
    expect(pool.kept).toBe(1);
    const again = pool.take(first.rows);
    expect(again.columns[0]).toBe(first.columns[0]);
    expect(pool.kept).toBe(0);
    pool.give(again.columns);
    expect(pool.take(first.rows + 1).columns[0]).not.toBe(first.columns[0]);
    expect(pool.kept).toBe(1);
    pool.give([new ArrayBuffer(8)]); // not a batch's set: left alone
    expect(pool.kept).toBe(1);
  });

  it('stores inline what fresh batches store, batch sizes up and down through the same buffers', async () => {
    const fresh = freshStore();
    const store = fileStore();
    const writer = await createFeedbackWriter(store, { thread: false });
    let reused = 0;
    for (const items of batches) {
      const keptBefore = writer.pool.kept;
      const batch = pooledBatch(writer.pool, items);
      if (writer.pool.kept < keptBefore) reused++;
      const checkpoint = { stream: 'v2:button-feedbacks', cursor: items.length };
      await writer.write({ kind: 'append', batch, checkpoint });
      expect(writer.pool.kept).toBeGreaterThan(0); // given back once written
    }
    expect(reused).toBe(2); // the second and third; the 20,000-row one outgrows the set (16,384 rows): a new one
    // The pages' buffers, each given back as soon as its rows are copied into the batch's: sets made for 3,072 rows
    // (reused by the 700-row page), 5,120 (reused by the next 4,000-row page and the last batch's first page) and
    // 15,360.
    expect(pagePool.kept).toBe(3);
    expect(factsOf(store)).toEqual(factsOf(fresh));
    expect(rollupsOf(store)).toEqual(rollupsOf(fresh));
    expect(rollupsOf(store)[0]).toEqual(recountOf(store));
    fresh.close();
    store.close();
  });

  it('stores through the writer thread what fresh batches store, the buffers coming back from the thread', async () => {
    const fresh = freshStore();
    const store = fileStore();
    const writer = await createFeedbackWriter(store);
    expect(writer.threaded).toBe(true);
    for (const items of batches) {
      const batch = pooledBatch(writer.pool, items);
      const checkpoint = { stream: 'v2:button-feedbacks', cursor: items.length };
      await writer.write({ kind: 'append', batch, checkpoint });
      expect(batch.point.length).toBe(0); // transferred to the thread
      expect(writer.pool.kept).toBeGreaterThan(0); // and back
    }
    await writer.close();
    expect(factsOf(store)).toEqual(factsOf(fresh));
    expect(rollupsOf(store)).toEqual(rollupsOf(fresh));
    expect(store.checkpoints.get('v2:button-feedbacks')).toBe(batches.at(-1)?.length);
    fresh.close();
    store.close();
  });

  it('a batch that fails half-way loses nothing: not stored, its buffers not reused, stored whole by a new run', async () => {
    const fresh = freshStore();
    const store = fileStore();
    const [one, two, ...rest] = batches as [ButtonFeedbackV2[], ButtonFeedbackV2[], ...ButtonFeedbackV2[][]];
    // The second batch fails at a row in its middle (after thousands of its rows went in).
    const bad = two[4_500] as ButtonFeedbackV2;
    store.db.exec(
      `CREATE TRIGGER fail_mid BEFORE INSERT ON v2_button_feedback WHEN NEW.experience_point_id = ${bad.experiencePointId}
         AND NEW.local_time = ${Date.parse(bad.localTime.replace('+02:00', 'Z'))} BEGIN SELECT RAISE(ABORT, 'disk trouble'); END`,
    );
    const writer = await createFeedbackWriter(store);
    const stream = 'v2:button-feedbacks';
    await writer.write({
      kind: 'append',
      batch: pooledBatch(writer.pool, one),
      checkpoint: { stream, cursor: 1 },
    });
    const failing = pooledBatch(writer.pool, two);
    expect(writer.pool.kept).toBe(0); // built over the first batch's buffers
    await expect(
      writer.write({ kind: 'append', batch: failing, checkpoint: { stream, cursor: 2 } }),
    ).rejects.toThrow('disk trouble');
    expect(writer.pool.kept).toBe(0); // a failed batch's buffers are not handed out again
    await writer.close();
    expect(store.buttonFeedback.total()).toBe(one.length);
    expect(store.checkpoints.get(stream)).toBe(1);
    // A new run (the trigger gone) stores the failed batch and the rest.
    store.db.exec('DROP TRIGGER fail_mid');
    const again = await createFeedbackWriter(store);
    for (const items of [two, ...rest])
      await again.write({
        kind: 'append',
        batch: pooledBatch(again.pool, items),
        checkpoint: { stream, cursor: 3 },
      });
    await again.close();
    expect(factsOf(store)).toEqual(factsOf(fresh));
    expect(rollupsOf(store)).toEqual(rollupsOf(fresh));
    fresh.close();
    store.close();
  });

  it('groups many pages by point in place as a stable sort would, with or without a pool, however the batch grows', () => {
    const uis = ['physical', 'digital', 'kiosk', null] as const;
    const items = presses(23_456, 5, 700).map((f, i) => ({
      ...f,
      ui: uis[i % 4] ?? null,
      ...(i % 997 === 0 ? { feedbackId: `legacy-${i}` } : {}),
    }));
    const expected = items
      .map((f, i) => ({ f, i }))
      .sort((a, b) => a.f.experiencePointId - b.f.experiencePointId || a.i - b.i)
      .map(({ f }) => [
        f.experiencePointId,
        f.localTime,
        f.surveyId,
        f.smileyId,
        f.buttonIndex,
        f.ui,
        f.feedbackId,
      ]);
    const rowsOf = (b: ReturnType<typeof pooledBatch>): unknown[] =>
      Array.from({ length: b.n }, (_, j) => [
        b.point[j],
        new Date((b.localMs[j] ?? 0) - (b.offsetMin[j] ?? 0) * 60_000).toISOString(),
        b.survey[j],
        b.smiley[j],
        b.button[j],
        b.ui[j] === noUi ? null : b.uiNames[b.ui[j] ?? 0],
        b.textIds.get(j) ?? uuidOf(b.ids.subarray(j * 16, j * 16 + 16)),
      ]);
    const asIso = (rows: unknown[][]): unknown[] =>
      rows.map(([p, t, ...rest]) => [p, new Date(String(t)).toISOString(), ...rest]);
    const pages = (b: ReturnType<typeof createBatchBuilder>): void => {
      for (let at = 0; at < items.length; at += 1_000)
        b.addColumns(pageColumns(items.slice(at, at + 1_000), pagePool));
    };
    // No pool: buffers twice as large each time the batch outgrows them.
    const loose = createBatchBuilder(null, pagePool);
    pages(loose);
    expect(rowsOf(loose.build())).toEqual(asIso(expected));
    // A pool and an expected size smaller than the batch: a larger set taken half-way, the first one given back.
    const pool = createBatchPool();
    const pooled = createBatchBuilder(pool, pagePool, 10_000);
    pages(pooled);
    expect(pool.kept).toBe(1);
    const batch = pooled.build();
    expect(rowsOf(batch)).toEqual(asIso(expected));
    expect(batch.textIds.size).toBe(24);
    expect(pagePool.kept).toBe(1); // one page's buffers, reused by every page
  });

  it('transfers the columns alone (one set of buffers per batch; the writer counts the hourly buckets)', () => {
    const batch = pooledBatch(createBatchPool(), batches[1] as ButtonFeedbackV2[]);
    const buffers = batchBuffers(batch);
    expect(new Set(buffers).size).toBe(10);
    expect(buffers[0]).toBe(batch.point.buffer);
    expect(buffers.at(-1)).toBe(batch.ids.buffer);
  });
});
