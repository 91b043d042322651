// The overview's three figures from the engine's rows: presses, the score, the share of positive answers (promoters
// on NPS), each with its value in the comparison period.
import type { QueryRow } from '#shared/contract.ts';
import { npsBreakdown, positiveShare } from '#shared/metrics/buttonMetrics.ts';
import { changeZ, shareEstimate, type Estimate } from '#shared/metrics/intervals.ts';
import type { ScaleGroup } from '#shared/metrics/scales.ts';

export interface Figure {
  key: 'presses' | 'score' | 'positive';
  value: number | null;
  previous: number | null;
  /** The 95% interval of a score or share (absent for presses, which are counted, not estimated). */
  low?: number | null;
  high?: number | null;
  /** With a comparison: the change's two-sample z (|z| ≥ 1.96: more than noise); null when it cannot be told. */
  z?: number | null;
}

/** The positive share with Wilson's interval: faces 2–3 (or 3–4) of all, or promoters (9–10) on NPS. */
function positive(group: ScaleGroup, counts: number[]): Estimate | null {
  if (group === 'nps') {
    const b = npsBreakdown(counts);
    return shareEstimate(b.promoters, b.total);
  }
  const s = positiveShare(group, counts);
  return shareEstimate(s.positive, s.total);
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
  const [low, high, z] =
    score === 'nps'
      ? [t?.npsLow, t?.npsHigh, t?.zNps]
      : [t?.happyIndexLow, t?.happyIndexHigh, t?.zHappyIndex];
  const share = positive(group, fill(now));
  const shareBefore = compared ? positive(group, fill(before)) : null;
  return [
    { key: 'presses', value: t?.presses ?? 0, previous: compared ? (t?.previousPresses ?? 0) : null },
    {
      key: 'score',
      value: t?.[score] ?? null,
      previous: compared ? (previousScore ?? null) : null,
      ...(low !== undefined ? { low, high: high ?? null } : {}),
      ...(compared && z !== undefined ? { z } : {}),
    },
    {
      key: 'positive',
      value: share?.value ?? null,
      previous: shareBefore?.value ?? null,
      low: share?.low ?? null,
      high: share?.high ?? null,
      ...(compared ? { z: changeZ(share, shareBefore) } : {}),
    },
  ];
}
