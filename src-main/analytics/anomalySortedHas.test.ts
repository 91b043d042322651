// The stored answer's lookup of a node among a day record's tested nodes (sortedHas: a binary search over
// data[1..n], sorted by id as packDay writes them), against the second route: Array.includes over the same ids.
import { expect, it } from 'vitest';
import { sortedHas } from './anomalyStoredAnswer.ts';

it('finds exactly the ids a day record tested, first, last and between, and nothing else', () => {
  for (const n of [0, 1, 2, 17, 100]) {
    const ids = Array.from({ length: n }, (_, i) => 10 + 3 * i); // 10, 13, 16, …
    // The record: n, the tested ids, then some hit data after them (never looked at by the search).
    const data = Float64Array.from([n, ...ids, 5, 0.5, 0.4, 2.1, 0.01, 8, 120]);
    for (let id = 0; id <= 12 + 3 * n; id++) expect(sortedHas(data, n, id)).toBe(ids.includes(id));
  }
});
