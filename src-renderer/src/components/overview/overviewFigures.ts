// The overview's three figures from the engine's rows: presses, the score, the share of positive answers (promoters
// on NPS), each with its value in the comparison period.
import type { QueryRow } from '#shared/contract.ts';
import { npsBreakdown, positiveShare } from '#shared/metrics/buttonMetrics.ts';
import type { ScaleGroup } from '#shared/metrics/scales.ts';

export interface Figure {
  key: 'presses' | 'score' | 'positive';
  value: number | null;
  previous: number | null;
}

function positive(group: ScaleGroup, counts: number[]): number | null {
  return group === 'nps'
    ? (() => {
        const b = npsBreakdown(counts);
        return b.total > 0 ? b.promoters / b.total : null;
      })()
    : positiveShare(group, counts).share;
}

/**
 * `totals`: one row with `presses` and the score (and `previous…` with a comparison); `buttons`: `count` per
 * `buttonIndex` (and `previousCount`). `compared` says whether a comparison was asked (else no previous values).
 */
export function overviewFigures(
  group: ScaleGroup,
  score: 'nps' | 'happyIndex',
  totals: readonly QueryRow[],
  buttons: readonly QueryRow[],
  compared: boolean,
): Figure[] {
  const t = totals[0];
  const now: number[] = [];
  const before: number[] = [];
  for (const r of buttons) {
    if (r.buttonIndex === undefined) continue;
    now[r.buttonIndex] = r.count ?? 0;
    before[r.buttonIndex] = r.previousCount ?? 0;
  }
  const fill = (a: number[]): number[] => Array.from(a, (v) => v ?? 0);
  const previousScore = score === 'nps' ? t?.previousNps : t?.previousHappyIndex;
  return [
    { key: 'presses', value: t?.presses ?? 0, previous: compared ? (t?.previousPresses ?? 0) : null },
    { key: 'score', value: t?.[score] ?? null, previous: compared ? (previousScore ?? null) : null },
    {
      key: 'positive',
      value: positive(group, fill(now)),
      previous: compared ? positive(group, fill(before)) : null,
    },
  ];
}
