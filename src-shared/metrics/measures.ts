// The QuerySpec measures over presses per button index of one group: Happy Index, NPS, average, share.
import type { FeedbackScale } from '../contract.ts';
import { npsBreakdown } from './buttonMetrics.ts';
import { buttonCount, scaleGroupOf } from './scales.ts';

const sum = (counts: readonly number[], k: number): number => {
  let n = 0;
  for (let i = 0; i < k; i++) n += counts[i] ?? 0;
  return n;
};

/**
 * Happy Index of a face scale with k buttons, 0..100: 100 · Σ(i · nᵢ) / ((k − 1) · N), i = 0 … k − 1 the button
 * index (0 the most negative face), nᵢ its presses, N all presses of the k buttons. Null without presses.
 *
 * Source: the vendor's definition of the Happy Index (HappyOrNot, "What is the Happy Index?": the weighted share
 * of positive feedback, each face weighted by its position from the most negative, 0 %, to the most positive,
 * 100 %), with its two worked examples as tests: four faces 126/60/16/17 (most positive first) → 78, five faces
 * 51/23/12/2/4 → 81 (src-shared/metrics/measures.test.ts).
 */
export function happyIndex(counts: readonly number[], k: number): number | null {
  const total = sum(counts, k);
  if (total === 0 || k < 2) return null;
  let weighted = 0;
  for (let i = 0; i < k; i++) weighted += i * (counts[i] ?? 0);
  return (100 * weighted) / ((k - 1) * total);
}

/**
 * Mean answer: on a face scale of k buttons the faces are scored 1 … k (index + 1), the usual reading of a
 * k-point rating scale; on the 0–10 NPS question the answer itself (index 0 … 10). Null without presses.
 */
export function averageAnswer(counts: readonly number[], scale: FeedbackScale): number | null {
  const k = buttonCount[scaleGroupOf(scale)];
  const total = sum(counts, k);
  if (total === 0) return null;
  const offset = scale === 'nps' ? 0 : 1;
  let weighted = 0;
  for (let i = 0; i < k; i++) weighted += (i + offset) * (counts[i] ?? 0);
  return weighted / total;
}

/** Net Promoter Score (−100..100) of a group's 0..10 answers; the definition and its source: npsBreakdown. */
export function netPromoterScore(counts: readonly number[]): number | null {
  return npsBreakdown(counts).score;
}

/** A part's share of its whole, 0..1; null when the whole is empty. */
export function shareOf(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

/** The Happy Index of a group on `scale` (a face scale): k is the scale's number of buttons. */
export function happyIndexOn(counts: readonly number[], scale: FeedbackScale): number | null {
  return scale === 'nps' ? null : happyIndex(counts, buttonCount[scaleGroupOf(scale)]);
}
