// The buffers of written batches, kept for the next ones. A batch's columns are a few MB: made anew for every batch
// and freed on the writer thread, they leave the C allocator's arenas fragmented and large (issue 24: the first sync's
// peak RSS). Instead the writer gives a written batch's buffers back (transferred back from its thread) and the next
// batch is built over them.

/** Bytes a row takes in each column, in `pageBuffers` order (point, localMs, offsetMin, survey, smiley, button, misuse, position, ui, ids). */
const columnBytes = [4, 8, 2, 4, 4, 1, 1, 4, 1, 16] as const;

/** One batch's buffers: the ten columns' (for `rows` rows, `pageBuffers` order). */
export interface BufferSet {
  rows: number;
  columns: ArrayBuffer[];
}

export interface BatchPool {
  /**
   * A set of buffers for at least `n` rows: a kept one when one is large enough (the smallest such; its old contents
   * left as they are: the caller writes every row), else a new one, all zero.
   */
  take(n: number): BufferSet;
  /**
   * A written batch's buffers (`batchBuffers` order; a page pool's: a merged page's, `pageBuffers` order), kept for
   * the next ones; others are left to the GC.
   */
  give(buffers: readonly ArrayBuffer[]): void;
  /** Sets kept now. */
  readonly kept: number;
}

/** The rows a set of column buffers holds (from its first column, 4 bytes a row), or -1 when it is not such a set. */
function rowsOf(buffers: readonly ArrayBuffer[]): number {
  if (buffers.length !== columnBytes.length) return -1;
  const rows = (buffers[0]?.byteLength ?? 0) / 4;
  const fits = columnBytes.every((bytes, c) => (buffers[c]?.byteLength ?? -1) === rows * bytes);
  return fits ? rows : -1;
}

/**
 * Sets for batches: a new one is made for the batch's rows rounded up to 16,384 (batches of about the same size share
 * sets); three kept at most (a batch being built and two in flight).
 */
export function createBatchPool(): BatchPool {
  return createPool({ rowStep: 16_384, maxSets: 3 });
}

/**
 * Sets for pages: rows rounded up to 1,024 (a full page of 10,000 rows takes 10,240), sixteen
 * kept at most (a batch's ten pages, the ones being fetched, and a window's short last page).
 */
export function createPagePool(): BatchPool {
  return createPool({ rowStep: 1_024, maxSets: 16 });
}

function createPool(o: { rowStep: number; maxSets: number }): BatchPool {
  const { rowStep, maxSets } = o;
  const sets: BufferSet[] = [];
  return {
    take(n) {
      let best = -1;
      sets.forEach((s, k) => {
        if (s.rows >= n && (best < 0 || s.rows < (sets[best]?.rows ?? 0))) best = k;
      });
      if (best >= 0) return sets.splice(best, 1)[0] as BufferSet;
      const rows = Math.max(rowStep, Math.ceil(n / rowStep) * rowStep);
      return {
        rows,
        columns: columnBytes.map((bytes) => new ArrayBuffer(rows * bytes)),
      };
    },
    give(buffers) {
      const rows = rowsOf(buffers);
      if (rows <= 0) return; // not a batch's set, or detached (a detached buffer has no bytes)
      sets.push({ rows, columns: [...buffers] });
      if (sets.length > maxSets) {
        sets.sort((a, b) => b.rows - a.rows);
        sets.length = maxSets; // the smallest go
      }
    },
    get kept() {
      return sets.length;
    },
  };
}
