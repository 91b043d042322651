// A node's counted cells (days or hours) packed in typed arrays: keys ascending, the counts of each, its presses.
// A Map of cell objects took ~150 bytes a cell (327k day cells of `large`: 56 MB the after-sync thread kept for its
// whole run, 11 times that on `xlarge`); these take 8 × (2 + counts) bytes. Read as a ReadonlyMap of cells.
import type { Cell } from '#shared/metrics/anomalyStats.ts';

/** Collects one node's rows (any order; a key seen again adds to its counts), then packs them. */
export class CellsBuilder {
  private keys: number[] = [];
  private counts: number[] = [];
  private sorted = true;
  private readonly width: number;

  constructor(width: number) {
    this.width = width;
  }

  add(key: number, counts: readonly number[]): void {
    const n = this.keys.length;
    const last = this.keys[n - 1];
    if (last === key) {
      for (let i = 0; i < this.width; i++) {
        const at = (n - 1) * this.width + i;
        this.counts[at] = (this.counts[at] ?? 0) + (counts[i] ?? 0);
      }
      return;
    }
    if (last !== undefined && key < last) this.sorted = false;
    this.keys.push(key);
    for (let i = 0; i < this.width; i++) this.counts.push(counts[i] ?? 0);
  }

  build(pressesOf: (c: readonly number[]) => number): PackedCells {
    const order = this.keys.map((_, i) => i);
    if (!this.sorted) order.sort((a, b) => (this.keys[a] ?? 0) - (this.keys[b] ?? 0));
    const keys: number[] = [];
    const counts: number[] = [];
    for (const i of order) {
      const key = this.keys[i] ?? 0;
      const row = this.counts.slice(i * this.width, (i + 1) * this.width);
      if (keys.at(-1) === key) {
        const at = (keys.length - 1) * this.width;
        row.forEach((v, k) => (counts[at + k] = (counts[at + k] ?? 0) + v));
      } else {
        keys.push(key);
        counts.push(...row);
      }
    }
    const presses = Float64Array.from(keys, (_, i) =>
      pressesOf(counts.slice(i * this.width, (i + 1) * this.width)),
    );
    return new PackedCells(Float64Array.from(keys), Float64Array.from(counts), presses, this.width);
  }
}

/** A node's cells, keys ascending; each read builds a small cell object (the tests read a few per cell). */
export class PackedCells implements ReadonlyMap<number, Cell> {
  private readonly keyOf: Float64Array;
  private readonly countsOf: Float64Array;
  private readonly pressesOf: Float64Array;
  private readonly width: number;

  constructor(keys: Float64Array, counts: Float64Array, presses: Float64Array, width: number) {
    this.keyOf = keys;
    this.countsOf = counts;
    this.pressesOf = presses;
    this.width = width;
  }

  get size(): number {
    return this.keyOf.length;
  }

  /** The index of `key`, or -1 (binary search: keys ascending). */
  private indexOf(key: number): number {
    let lo = 0;
    let hi = this.keyOf.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const k = this.keyOf[mid] ?? 0;
      if (k === key) return mid;
      if (k < key) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  private cellAt(i: number): Cell {
    const at = i * this.width;
    const counts: number[] = [];
    for (let k = 0; k < this.width; k++) counts.push(this.countsOf[at + k] ?? 0);
    return { counts, presses: this.pressesOf[i] ?? 0 };
  }

  get(key: number): Cell | undefined {
    const i = this.indexOf(key);
    return i < 0 ? undefined : this.cellAt(i);
  }

  has(key: number): boolean {
    return this.indexOf(key) >= 0;
  }

  *entries(): MapIterator<[number, Cell]> {
    for (let i = 0; i < this.keyOf.length; i++) yield [this.keyOf[i] ?? 0, this.cellAt(i)];
  }

  *keys(): MapIterator<number> {
    for (let i = 0; i < this.keyOf.length; i++) yield this.keyOf[i] ?? 0;
  }

  *values(): MapIterator<Cell> {
    for (let i = 0; i < this.keyOf.length; i++) yield this.cellAt(i);
  }

  [Symbol.iterator](): MapIterator<[number, Cell]> {
    return this.entries();
  }

  forEach(f: (value: Cell, key: number, map: ReadonlyMap<number, Cell>) => void): void {
    for (const [k, v] of this.entries()) f(v, k, this);
  }
}
