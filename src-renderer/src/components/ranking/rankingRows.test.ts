// Ranking rows: merged without repeats and sorted by column, with expected orders written by hand.
import { describe, expect, it } from 'vitest';
import type { RankedItem, Ranking } from '#shared/contract.ts';
import { rankingRows, sortRanking } from './rankingRows.ts';

const item = (rank: number, name: string, adjusted: number | null, presses: number, delta: number | null) =>
  ({
    rank,
    experiencePointId: rank * 10,
    name,
    type: 'EXPERIENCE_POINT',
    presses,
    value: adjusted,
    adjusted,
    previousPresses: 0,
    previousAdjusted: null,
    delta,
    sparkline: [],
  }) satisfies RankedItem;

const a = item(1, 'Store 10', 80, 50, 2);
const b = item(2, 'Store 9', 70, 500, null);
const c = item(3, 'Airport', 60, 5, -4);

describe('ranking rows', () => {
  it('joins top and bottom, each item once, in rank order', () => {
    const ranking: Ranking = {
      measure: 'happyIndex',
      parentId: null,
      parentValue: 70,
      parentPresses: 555,
      priorWeight: 30,
      method: '',
      grain: 'week',
      periods: [],
      ranked: 3,
      top: [a, b],
      bottom: [b, c],
      tooFew: [],
    };
    expect(rankingRows(ranking).map((r) => r.rank)).toEqual([1, 2, 3]);
    expect(rankingRows(null)).toEqual([]);
  });

  it('sorts by any column, nulls last either way, names in natural order', () => {
    expect(sortRanking([a, b, c], 'presses', 'descending').map((r) => r.rank)).toEqual([2, 1, 3]);
    expect(sortRanking([a, b, c], 'delta', 'ascending').map((r) => r.rank)).toEqual([3, 1, 2]);
    expect(sortRanking([a, b, c], 'delta', 'descending').map((r) => r.rank)).toEqual([1, 3, 2]);
    expect(sortRanking([a, b, c], 'name', 'ascending').map((r) => r.name)).toEqual([
      'Airport',
      'Store 9',
      'Store 10',
    ]);
  });
});
