// Metric formulas over presses per button index of one scale group: the Net Promoter Score, the positive share.
import type { ScaleGroup } from './scales.ts';

/** Count of button `i`, 0 where absent. */
const at = (counts: readonly number[], i: number): number => counts[i] ?? 0;
const sumRange = (counts: readonly number[], from: number, to: number): number => {
  let n = 0;
  for (let i = from; i <= to; i++) n += at(counts, i);
  return n;
};

export interface NpsBreakdown {
  /** Answers 0..6. */
  detractors: number;
  /** Answers 7 and 8. */
  passives: number;
  /** Answers 9 and 10. */
  promoters: number;
  total: number;
  /** −100..100; null without answers. */
  score: number | null;
}

/**
 * Net Promoter Score of answers 0..10 (`counts[i]` = presses of index i).
 *
 * Definition: F. F. Reichheld, "The One Number You Need to Grow", Harvard Business Review 81(12), Dec. 2003, and
 * Bain & Company's Net Promoter System ("Measuring your Net Promoter Score"): on the 0–10 question "How likely is it
 * that you would recommend …?", 9–10 are promoters, 7–8 passives, 0–6 detractors, and
 * NPS = % promoters − % detractors, from −100 to +100. Passives count in the total only.
 */
export function npsBreakdown(counts: readonly number[]): NpsBreakdown {
  const detractors = sumRange(counts, 0, 6);
  const passives = sumRange(counts, 7, 8);
  const promoters = sumRange(counts, 9, 10);
  const total = detractors + passives + promoters;
  return {
    detractors,
    passives,
    promoters,
    total,
    score: total > 0 ? ((promoters - detractors) / total) * 100 : null,
  };
}

export interface PositiveShare {
  positive: number;
  total: number;
  /** 0..1; null without answers. */
  share: number | null;
}

/** The button indexes that are positive answers: the green faces. */
export const positiveButtons: Record<Exclude<ScaleGroup, 'nps'>, readonly number[]> = {
  four: [2, 3],
  five: [3, 4],
};

/**
 * Share of positive answers on a face scale: presses of the positive faces over all presses of that scale.
 *
 * Definition (this project's, from the service's own documents): four faces are 0 very negative (red) … 3 very
 * positive (green) (api-v1.md, "Feedback is given with a smiley button index…"), and the service sorts follow-ups
 * of red buttons as pain points and of green buttons as highlights (api-v1.md, follow-up results), so on four
 * faces 2 and 3 are positive. On five faces (DECISIONS.md "Button index by scale": 0..4, higher more positive) 3
 * and 4 are positive and the middle face 2 is neutral: counted in the total, not as positive.
 */
export function positiveShare(group: Exclude<ScaleGroup, 'nps'>, counts: readonly number[]): PositiveShare {
  const size = group === 'four' ? 4 : 5;
  const total = sumRange(counts, 0, size - 1);
  const positive = positiveButtons[group].reduce((n, i) => n + at(counts, i), 0);
  return { positive, total, share: total > 0 ? positive / total : null };
}
