// The ranking's rows for the table: top and bottom together (each item once), and sorted by any column.
import type { RankedItem, Ranking } from '#shared/contract.ts';

export type RankingSortKey = 'rank' | 'name' | 'adjusted' | 'value' | 'presses' | 'delta';
export const rankingSortKeys = [
  'rank',
  'name',
  'adjusted',
  'value',
  'presses',
  'delta',
] as const satisfies readonly RankingSortKey[];
export type SortDirection = 'ascending' | 'descending';

/** Every ranked item the answer holds, in rank order, each once (top and bottom may overlap). */
export function rankingRows(ranking: Ranking | null): RankedItem[] {
  if (!ranking) return [];
  const seen = new Map<number, RankedItem>();
  for (const item of [...ranking.top, ...ranking.bottom]) seen.set(item.experiencePointId, item);
  return [...seen.values()].sort((a, b) => a.rank - b.rank);
}

/** Sorted copy; missing values (null) always last, ties in rank order. */
export function sortRanking(
  rows: readonly RankedItem[],
  key: RankingSortKey,
  dir: SortDirection,
): RankedItem[] {
  const sign = dir === 'ascending' ? 1 : -1;
  const value = (r: RankedItem): number | string | null => (key === 'name' ? r.name : r[key]);
  return [...rows].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va === null || vb === null) return va === vb ? a.rank - b.rank : va === null ? 1 : -1;
    const c =
      typeof va === 'string' && typeof vb === 'string'
        ? va.localeCompare(vb, undefined, { numeric: true })
        : Number(va) - Number(vb);
    return c === 0 ? a.rank - b.rank : sign * c;
  });
}
