// Packed cells read as the Map of cells they replace: keys ascending whatever the rows' order, a key read twice
// added up, its presses from the summed counts; absent keys undefined.
import { describe, expect, it } from 'vitest';
import { CellsBuilder } from './anomalyCells.ts';

const sum = (c: readonly number[]): number => c.reduce((a, b) => a + b, 0);

describe('packed anomaly cells', () => {
  it('hold every key once, ascending, with its counts added up', () => {
    const b = new CellsBuilder(2);
    b.add(20, [1, 4]);
    b.add(20, [2, 3]); // the same key again, at once
    b.add(22, [0, 7]);
    b.add(10, [5, 5]); // out of order
    b.add(22, [1, 1]); // the same key again, later
    const cells = b.build(sum);
    // By hand: 10 → [5, 5]; 20 → [1+2, 4+3] = [3, 7]; 22 → [0+1, 7+1] = [1, 8].
    expect([...cells]).toEqual([
      [10, { counts: [5, 5], presses: 10 }],
      [20, { counts: [3, 7], presses: 10 }],
      [22, { counts: [1, 8], presses: 9 }],
    ]);
    expect(cells.size).toBe(3);
    expect(cells.get(20)).toEqual({ counts: [3, 7], presses: 10 });
    expect(cells.get(21)).toBeUndefined();
    expect(cells.has(22)).toBe(true);
    expect(cells.has(9)).toBe(false);
    expect([...cells.keys()]).toEqual([10, 20, 22]);
    expect([...cells.values()].map((c) => c.presses)).toEqual([10, 10, 9]);
  });

  it('keep eleven counts a cell for the button counts', () => {
    const b = new CellsBuilder(11);
    const row = Array.from({ length: 11 }, (_, i) => i);
    b.add(5, row);
    b.add(5, row);
    const cell = b.build((c) => c[10] ?? 0).get(5);
    expect(cell?.counts).toEqual(row.map((n) => 2 * n));
    expect(cell?.presses).toBe(20);
  });
});
