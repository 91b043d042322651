// Rollup buckets summed by key in typed arrays: a key of four integers (a point or node, a bucket, a survey, misuse)
// and its eleven counters, `bucketWidth` int32 a row, found through an open-addressing table. The write path folds
// every batch's hourly buckets into node, daily, month × hour-of-week and period rows; as maps of text keys and arrays
// of numbers that made ~200 bytes of short-lived heap a row (on `xlarge`'s 400,000-press batches, tens of MB a batch
// in the writer's small heap). Here a row is 60 bytes, and the arrays are kept from batch to batch: one reset, no
// garbage.
import { bucketWidth } from './feedbackBatch.ts';

const keyWidth = 4;

export class BucketSums {
  /** Rows of `bucketWidth` int32: the key, then the counters; `count` of them in use. */
  private rows: Int32Array;
  /** The table: a row's index + 1 per slot, 0 for an empty slot; its length a power of two, at most half full. */
  private slots: Int32Array;
  count = 0;

  constructor(capacity = 1024) {
    const size = 2 ** Math.max(4, Math.ceil(Math.log2(capacity * 2)));
    this.slots = new Int32Array(size);
    this.rows = new Int32Array((size / 2) * bucketWidth);
  }

  /** Forgets every row (the arrays are kept for the next batch). */
  reset(): void {
    if (this.count > 0) this.slots.fill(0);
    this.count = 0;
  }

  /** Adds the eleven counters at `from[at + 4 …]` to the row of key (a, b, c, d), made when new. */
  add(a: number, b: number, c: number, d: number, from: ArrayLike<number>, at: number): void {
    const row = this.rowOf(a, b, c, d) * bucketWidth;
    const rows = this.rows;
    for (let k = keyWidth; k < bucketWidth; k++) rows[row + k] = (rows[row + k] ?? 0) + (from[at + k] ?? 0);
  }

  /**
   * The rows whose counters are not all zero (a recount's differences can cancel out), in the order their keys came
   * first: a view of the kept array, valid until the next `add` or `reset`.
   */
  nonZero(): Int32Array {
    const rows = this.rows;
    let kept = 0;
    for (let r = 0; r < this.count; r++) {
      const at = r * bucketWidth;
      let any = false;
      for (let k = keyWidth; k < bucketWidth && !any; k++) any = rows[at + k] !== 0;
      if (!any) continue;
      if (kept !== r) rows.copyWithin(kept * bucketWidth, at, at + bucketWidth);
      kept++;
    }
    // Rows moved: the table is made again for them (rare: a recount's rows only).
    if (kept !== this.count) {
      this.slots.fill(0);
      for (let r = 0; r < kept; r++) this.place(r);
      this.count = kept;
    }
    return rows.subarray(0, kept * bucketWidth);
  }

  private rowOf(a: number, b: number, c: number, d: number): number {
    if ((this.count + 1) * 2 > this.slots.length) this.grow();
    const slots = this.slots;
    const rows = this.rows;
    const mask = slots.length - 1;
    for (let s = hash(a, b, c, d) & mask; ; s = (s + 1) & mask) {
      const held = slots[s] ?? 0;
      if (held === 0) {
        const r = this.count++;
        const at = r * bucketWidth;
        rows[at] = a;
        rows[at + 1] = b;
        rows[at + 2] = c;
        rows[at + 3] = d;
        rows.fill(0, at + keyWidth, at + bucketWidth);
        slots[s] = r + 1;
        return r;
      }
      const at = (held - 1) * bucketWidth;
      if (rows[at] === a && rows[at + 1] === b && rows[at + 2] === c && rows[at + 3] === d) return held - 1;
    }
  }

  /** Puts row `r` into the table (its key not there yet). */
  private place(r: number): void {
    const rows = this.rows;
    const at = r * bucketWidth;
    const mask = this.slots.length - 1;
    let s = hash(rows[at] ?? 0, rows[at + 1] ?? 0, rows[at + 2] ?? 0, rows[at + 3] ?? 0) & mask;
    while (this.slots[s] !== 0) s = (s + 1) & mask;
    this.slots[s] = r + 1;
  }

  private grow(): void {
    const size = this.slots.length * 2;
    const rows = new Int32Array((size / 2) * bucketWidth);
    rows.set(this.rows.subarray(0, this.count * bucketWidth));
    this.rows = rows;
    this.slots = new Int32Array(size);
    for (let r = 0; r < this.count; r++) this.place(r);
  }
}

/** The four integers mixed into 32 bits (multiplicative, then a final avalanche). */
function hash(a: number, b: number, c: number, d: number): number {
  let h =
    Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77) ^ Math.imul(c, 0xc2b2ae3d) ^ Math.imul(d, 0x27d4eb2f);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return h >>> 0;
}
