// Gathering pages of button feedbacks into one batch: each page's rows copied into the batch's buffers as it arrives,
// then grouped by experience point in place (feedbackBatch.ts holds the columns themselves).
import type { ButtonFeedbackV2 } from '../../core/records/v2Feedback.ts';
import type { BatchPool } from './batchPool.ts';
import {
  columnsOver,
  copyRow,
  emptyColumns,
  noUi,
  pageBuffers,
  pageColumns,
  type FeedbackBatch,
  type PageColumns,
} from './feedbackBatch.ts';

/**
 * Gathers pages into one batch: each page's rows are copied into the batch's buffers as it arrives (its own buffers
 * go back to `pagePool` at once), then `build` groups the rows by experience point in place (stable: time order
 * kept). With a pool, the batch is gathered in a set of buffers from it (see batchPool.ts) for `rows` rows (the
 * batch's expected size; a larger set when it outgrows it), to be given back once written. Holding a batch's pages
 * until they were merged into a second set of buffers took a third more memory (issue 24: on `xlarge`'s
 * 400,000-row batches, 18 MB of pages beside the batch's 18 MB).
 */
export function createBatchBuilder(
  pool: BatchPool | null = null,
  pagePool: BatchPool | null = null,
  rows = 0,
): {
  add(items: readonly ButtonFeedbackV2[]): void;
  addColumns(page: PageColumns): void;
  readonly size: number;
  build(): FeedbackBatch;
} {
  let g = gathering();
  const addColumns = (page: PageColumns): void => {
    if (page.n === 0) return;
    if (g.size + page.n > g.rows) g = grown(g, g.size + page.n, pool, rows);
    appendPage(g, page);
    pagePool?.give(pageBuffers(page));
  };
  return {
    add: (items) => addColumns(pageColumns(items)),
    addColumns,
    get size() {
      return g.size;
    },
    build() {
      const batch = groupByPoint(g);
      g = gathering();
      return batch;
    },
  };
}

/** A batch being gathered: its buffers (for `rows` rows, `size` used), ui names, devices and points so far. */
interface Gathering {
  rows: number;
  columns: PageColumns | null;
  size: number;
  uiIndex: Map<string, number>;
  smileys: Map<number, string>;
  /** Point → its slot; rows per slot. */
  slotOf: Map<number, number>;
  counts: number[];
}

const gathering = (): Gathering => ({
  ...{ rows: 0, columns: null, size: 0 },
  ...{ uiIndex: new Map(), smileys: new Map(), slotOf: new Map(), counts: [] },
});

/** `g` in buffers for at least `n` rows (from the pool: `rows` at least; without one, twice what it had), its rows copied. */
function grown(g: Gathering, n: number, pool: BatchPool | null, rows: number): Gathering {
  const set = pool?.take(Math.max(n, rows)) ?? null;
  const capacity = set ? set.rows : Math.max(n, 2 * g.rows);
  const columns = set ? columnsOver(set.columns, capacity) : emptyColumns(capacity);
  const old = g.columns;
  if (old) {
    for (let i = 0; i < g.size; i++) copyRow(old, i, columns, i, old.ui[i] ?? noUi);
    columns.uiNames.push(...old.uiNames);
    pool?.give(pageBuffers(old));
  }
  return { ...g, rows: capacity, columns };
}

/** Copies a page's rows after the gathered ones (ui names mapped to the batch's), counting its points. */
function appendPage(g: Gathering, page: PageColumns): void {
  const to = g.columns as PageColumns;
  for (const [id, type] of page.smileys) g.smileys.set(id, type);
  const uiMap = page.uiNames.map((name) => {
    let u = g.uiIndex.get(name);
    if (u === undefined) {
      if (g.uiIndex.size >= noUi) throw new Error('more than 254 distinct ui values in one batch');
      u = g.uiIndex.size;
      g.uiIndex.set(name, u);
      to.uiNames.push(name);
    }
    return u;
  });
  for (let i = 0, j = g.size; i < page.n; i++, j++) {
    const p = page.point[i] ?? 0;
    let s = g.slotOf.get(p);
    if (s === undefined) {
      s = g.counts.length;
      g.slotOf.set(p, s);
      g.counts.push(0);
    }
    g.counts[s] = (g.counts[s] ?? 0) + 1;
    const ui = page.ui[i] ?? noUi;
    copyRow(page, i, to, j, ui === noUi ? noUi : (uiMap[ui] ?? noUi));
  }
  g.size += page.n;
}

/** The gathered rows as a batch, grouped by point in increasing order (a stable counting sort, done in place). */
function groupByPoint(g: Gathering): FeedbackBatch {
  const n = g.size;
  if (!g.columns || n === 0) return emptyColumns(0);
  const next = new Int32Array(g.counts.length);
  let acc = 0;
  for (const p of [...g.slotOf.keys()].sort((a, b) => a - b)) {
    const s = g.slotOf.get(p) ?? 0;
    next[s] = acc;
    acc += g.counts[s] ?? 0;
  }
  const c = g.columns;
  const b: FeedbackBatch = {
    ...columnsOver(pageBuffers(c), n),
    uiNames: c.uiNames,
    smileys: [...g.smileys],
  };
  const dest = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const s = g.slotOf.get(b.point[i] ?? 0) ?? 0;
    dest[i] = next[s] ?? 0;
    next[s] = (dest[i] ?? 0) + 1;
  }
  for (const [row, id] of c.textIds) b.textIds.set(dest[row] ?? 0, id);
  permute(b, dest);
  return b;
}

/** Moves every row `i` of `c` to row `dest[i]` (a permutation; `dest` is spent), cycle by cycle, in place. */
function permute(c: PageColumns, dest: Int32Array): void {
  const ids = new Int32Array(c.ids.buffer, c.ids.byteOffset, c.n * 4);
  const hand = new Float64Array(13); // the row in hand: its nine columns and its id as four 32-bit words
  for (let start = 0; start < c.n; start++) {
    const first = dest[start] as number;
    if (first === start || first < 0) continue;
    swapRow(c, ids, start, hand); // in hand: `start`'s row (row `start`'s is refilled when the cycle closes)
    for (let at = start, to = first; ; at = to, to = dest[at] as number) {
      dest[at] = -1;
      swapRow(c, ids, to, hand); // the row in hand goes to `to`, whose row is taken in hand
      if (to === start) break;
    }
  }
}

/** Exchanges row `r` of the columns with the row in `hand`. */
function swapRow(c: PageColumns, ids: Int32Array, r: number, hand: Float64Array): void {
  let v = c.point[r] as number;
  c.point[r] = hand[0] as number;
  hand[0] = v;
  v = c.localMs[r] as number;
  c.localMs[r] = hand[1] as number;
  hand[1] = v;
  v = c.offsetMin[r] as number;
  c.offsetMin[r] = hand[2] as number;
  hand[2] = v;
  v = c.survey[r] as number;
  c.survey[r] = hand[3] as number;
  hand[3] = v;
  v = c.smiley[r] as number;
  c.smiley[r] = hand[4] as number;
  hand[4] = v;
  v = c.button[r] as number;
  c.button[r] = hand[5] as number;
  hand[5] = v;
  v = c.misuse[r] as number;
  c.misuse[r] = hand[6] as number;
  hand[6] = v;
  v = c.position[r] as number;
  c.position[r] = hand[7] as number;
  hand[7] = v;
  v = c.ui[r] as number;
  c.ui[r] = hand[8] as number;
  hand[8] = v;
  for (let k = 0; k < 4; k++) {
    v = ids[r * 4 + k] as number;
    ids[r * 4 + k] = hand[9 + k] as number;
    hand[9 + k] = v;
  }
}
