// BucketSums against a second, plain route: a Map from the key as text to an array of eleven sums. Keys are drawn
// from small ranges so that many repeat; counters may be negative so that some rows cancel to zero.
import { describe, expect, it } from 'vitest';
import { BucketSums } from './bucketSums.ts';
import { bucketWidth } from './feedbackBatch.ts';

/** A small deterministic generator (mulberry32): the same rows on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `n` flat rows: keys from the given ranges (a node may be -1), counters in [-2, 2]. */
function rowsOf(n: number, seed: number, ranges: [number, number, number, number]): Int32Array {
  const next = random(seed);
  const flat = new Int32Array(n * bucketWidth);
  for (let r = 0; r < n; r++) {
    const at = r * bucketWidth;
    for (let k = 0; k < 4; k++) flat[at + k] = Math.floor(next() * (ranges[k] ?? 1)) - (k === 0 ? 1 : 0);
    for (let k = 4; k < bucketWidth; k++) flat[at + k] = Math.floor(next() * 5) - 2;
  }
  return flat;
}

/** The plain route: sums by the key as text, all-zero rows left out, as sorted text lines. */
function plainSums(flat: ArrayLike<number>): string[] {
  const sums = new Map<string, number[]>();
  for (let at = 0; at < flat.length; at += bucketWidth) {
    const key = [0, 1, 2, 3].map((k) => flat[at + k]).join(',');
    const row = sums.get(key) ?? new Array<number>(11).fill(0);
    for (let k = 0; k < 11; k++) row[k] = (row[k] ?? 0) + (flat[at + 4 + k] ?? 0);
    sums.set(key, row);
  }
  return [...sums]
    .filter(([, row]) => row.some((n) => n !== 0))
    .map(([key, row]) => `${key}:${row.join(',')}`)
    .sort();
}

/** BucketSums' rows as the same sorted text lines. */
function linesOf(rows: Int32Array): string[] {
  const lines: string[] = [];
  for (let at = 0; at < rows.length; at += bucketWidth)
    lines.push(
      `${[...rows.subarray(at, at + 4)].join(',')}:${[...rows.subarray(at + 4, at + bucketWidth)].join(',')}`,
    );
  return lines.sort();
}

function summed(sums: BucketSums, flat: Int32Array): Int32Array {
  sums.reset();
  for (let at = 0; at < flat.length; at += bucketWidth)
    sums.add(flat[at] ?? 0, flat[at + 1] ?? 0, flat[at + 2] ?? 0, flat[at + 3] ?? 0, flat, at);
  return sums.nonZero();
}

describe('BucketSums', () => {
  it('sums rows by key as a map of text keys does, growing from a small table', () => {
    // 50,000 rows over at most 6 × 40 × 3 × 2 = 1,440 keys: every key many times over.
    const flat = rowsOf(50_000, 1, [6, 40, 3, 2]);
    const lines = linesOf(summed(new BucketSums(4), flat));
    expect(lines).toEqual(plainSums(flat));
    expect(lines.length).toBeGreaterThan(1000);
  });

  it('drops rows whose counters cancel to zero, and keeps the rest findable', () => {
    const flat = new Int32Array(4 * bucketWidth);
    const put = (r: number, key: number[], n0: number) => {
      flat.set(key, r * bucketWidth);
      flat[r * bucketWidth + 4] = n0;
    };
    put(0, [7, 100, 1, 0], 3);
    put(1, [8, 100, 1, 0], 2);
    put(2, [7, 100, 1, 0], -3); // cancels the first key
    put(3, [9, 101, 2, 1], 1);
    const sums = new BucketSums();
    expect(linesOf(summed(sums, flat))).toEqual([
      '8,100,1,0:2,0,0,0,0,0,0,0,0,0,0',
      '9,101,2,1:1,0,0,0,0,0,0,0,0,0,0',
    ]);
    // The table made again for the moved rows: adding to a kept key finds it.
    const more = new Int32Array(bucketWidth);
    more.set([9, 101, 2, 1, 4]);
    sums.add(9, 101, 2, 1, more, 0);
    expect(linesOf(sums.nonZero())).toEqual([
      '8,100,1,0:2,0,0,0,0,0,0,0,0,0,0',
      '9,101,2,1:5,0,0,0,0,0,0,0,0,0,0',
    ]);
  });

  it('starts afresh after a reset, its arrays kept (wide keys: hours, period buckets, negative nodes)', () => {
    const sums = new BucketSums();
    const first = rowsOf(20_000, 2, [5_000, 500_000, 50, 2]);
    expect(linesOf(summed(sums, first))).toEqual(plainSums(first));
    const second = rowsOf(3_000, 3, [3, 2_000_000, 2, 2]);
    expect(linesOf(summed(sums, second))).toEqual(plainSums(second));
  });
});
