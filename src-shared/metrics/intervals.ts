// 95% intervals of the measures (Happy Index, average, NPS, shares) and the two-sample z test that says a change is real.
import type { FeedbackScale } from '../contract.ts';
import { buttonCount, scaleGroupOf } from './scales.ts';

/** The normal quantile of a two-sided 95% interval (and of the |z| a change must reach to count). */
export const z95 = 1.96;

/** A measure's estimate with its standard error and 95% interval, in the measure's own unit. */
export interface Estimate {
  value: number;
  /** Standard error; 0 when every press gave the same answer. */
  se: number;
  low: number;
  high: number;
}

const symmetric = (value: number, se: number): Estimate => ({
  value,
  se,
  low: value - z95 * se,
  high: value + z95 * se,
});

/**
 * Mean button index of the first `k` buttons with its standard error: x̄ = Σ i·nᵢ / N, the multinomial variance
 * Var = Σ nᵢ (i − x̄)² / N, SE = √(Var / N). Null without presses.
 *
 * Source: the variance of a sample mean of a discrete (categorical) variable, i.e. the normal approximation for a
 * mean of multinomial scores, as in A. Agresti, "Categorical Data Analysis", 3rd ed., Wiley 2013, §1.3 (large-sample
 * Wald interval) and the usual SE = s/√N with the population form of s (N, not N − 1, in the denominator: the
 * issue's definition; for the sample sizes shown the two differ by under 1% from N = 50 on).
 */
export function meanIndex(
  counts: readonly number[],
  k: number,
): { mean: number; se: number; n: number } | null {
  let n = 0;
  let sum = 0;
  for (let i = 0; i < k; i++) {
    n += counts[i] ?? 0;
    sum += i * (counts[i] ?? 0);
  }
  if (n <= 0) return null;
  const mean = sum / n;
  let squares = 0;
  for (let i = 0; i < k; i++) squares += (counts[i] ?? 0) * (i - mean) ** 2;
  return { mean, se: Math.sqrt(squares / n / n), n };
}

/**
 * The Happy Index (100·x̄/(k − 1), see measures.ts happyIndex) with its normal-approximation interval: the mean
 * index's SE (meanIndex) scaled the same way, interval value ± 1.96·SE. With very few presses the interval can
 * reach past 0 or 100: it is reported as computed (a reader sees how little the figure says).
 */
export function happyIndexEstimate(counts: readonly number[], k: number): Estimate | null {
  const m = k >= 2 ? meanIndex(counts, k) : null;
  if (!m) return null;
  const scale = 100 / (k - 1);
  return symmetric(m.mean * scale, m.se * scale);
}

/** happyIndexEstimate on a face scale (null on nps). */
export function happyIndexEstimateOn(counts: readonly number[], scale: FeedbackScale): Estimate | null {
  return scale === 'nps' ? null : happyIndexEstimate(counts, buttonCount[scaleGroupOf(scale)]);
}

/**
 * The mean answer (faces scored 1…k, NPS answers 0…10; measures.ts averageAnswer) with its interval: shifting every
 * score by one moves the mean and leaves the variance, so the SE is the mean index's.
 */
export function averageEstimate(counts: readonly number[], scale: FeedbackScale): Estimate | null {
  const m = meanIndex(counts, buttonCount[scaleGroupOf(scale)]);
  if (!m) return null;
  return symmetric(m.mean + (scale === 'nps' ? 0 : 1), m.se);
}

/**
 * NPS with its interval. With p the share of 9–10 and q of 0–6 over N answers, NPS = 100·(p − q) and
 * SE(p − q) = √((p + q − (p − q)²) / N): each answer scores +1, 0 or −1, whose variance is p + q − (p − q)².
 * Interval 100·((p − q) ± 1.96·SE); the returned `se` is in NPS points (100·SE).
 *
 * Source: the variance of a difference of two multinomial proportions from one sample (Var(p̂ − q̂) = [p + q −
 * (p − q)²]/N), as used for the NPS by J. Sauro, "Confidence Intervals for Net Promoter Scores", MeasuringU, 2012,
 * and B. Rocks, "Interval Estimation for the 'Net Promoter Score'", The American Statistician 70(4), 2016 (its
 * Wald interval).
 */
export function npsEstimate(counts: readonly number[]): Estimate | null {
  let detractors = 0;
  let promoters = 0;
  let n = 0;
  for (let i = 0; i <= 10; i++) {
    const c = counts[i] ?? 0;
    n += c;
    if (i <= 6) detractors += c;
    else if (i >= 9) promoters += c;
  }
  if (n <= 0) return null;
  const p = promoters / n;
  const q = detractors / n;
  const se = Math.sqrt(Math.max(0, p + q - (p - q) ** 2) / n);
  return symmetric(100 * (p - q), 100 * se);
}

/**
 * A share x/n (0..1) with Wilson's score interval, which stays inside 0..1 and keeps a sensible width for shares
 * near 0 or 1 and small n: centre (p̂ + z²/2n)/(1 + z²/n), half-width z/(1 + z²/n)·√(p̂(1 − p̂)/n + z²/4n²).
 * `se` is the Wald standard error √(p̂(1 − p̂)/n), the one the two-sample test of a change uses.
 *
 * Source: E. B. Wilson, "Probable Inference, the Law of Succession, and Statistical Inference", JASA 22(158),
 * 1927; recommended over the Wald interval by L. D. Brown, T. T. Cai and A. DasGupta, "Interval Estimation for a
 * Binomial Proportion", Statistical Science 16(2), 2001.
 */
export function shareEstimate(part: number, whole: number): Estimate | null {
  if (whole <= 0) return null;
  const p = part / whole;
  const z2 = z95 * z95;
  const denominator = 1 + z2 / whole;
  const centre = (p + z2 / (2 * whole)) / denominator;
  const half = (z95 / denominator) * Math.sqrt((p * (1 - p)) / whole + z2 / (4 * whole * whole));
  return {
    value: p,
    se: Math.sqrt((p * (1 - p)) / whole),
    low: Math.max(0, centre - half),
    high: Math.min(1, centre + half),
  };
}

/**
 * The two-sample z statistic of a change between two independent estimates: (a − b) / √(SEₐ² + SE_b²). Null when
 * either is missing or both SEs are 0 (one answer each, or every press the same: the data cannot say).
 *
 * Source: the large-sample (Wald) test of a difference of two independent means or proportions, e.g. D. C.
 * Montgomery and G. C. Runger, "Applied Statistics and Probability for Engineers", §10.1 (difference in means,
 * variances known) and §10.6 (two proportions, unpooled).
 */
export function changeZ(current: Estimate | null, previous: Estimate | null): number | null {
  if (!current || !previous) return null;
  const se = Math.sqrt(current.se ** 2 + previous.se ** 2);
  return se > 0 ? (current.value - previous.value) / se : null;
}

/** A change counts as a change when |z| ≥ 1.96 (5% two-sided); otherwise it is within noise. */
export function isRealChange(z: number | null | undefined): boolean {
  return typeof z === 'number' && Math.abs(z) >= z95;
}

/** The standard error behind a symmetric (normal-approximation) interval: (high − low) / (2·1.96). */
export function seOfInterval(low: number, high: number): number {
  return (high - low) / (2 * z95);
}

/**
 * Two or more estimates of the same mean over disjoint presses made one (five and five_reversed, say): the mean
 * weighted by presses and the exact pooled SE. Each part's variance is recovered from its SE (Var = SE²·N), and the
 * pooled variance is Σ Nⱼ (Varⱼ + (x̄ⱼ − x̄)²) / N (the within plus the between part).
 */
export function pooledEstimate(parts: readonly { value: number; se: number; n: number }[]): Estimate | null {
  const n = parts.reduce((s, p) => s + p.n, 0);
  if (n <= 0) return null;
  const mean = parts.reduce((s, p) => s + p.n * p.value, 0) / n;
  const variance = parts.reduce((s, p) => s + p.n * (p.se ** 2 * p.n + (p.value - mean) ** 2), 0) / n;
  return symmetric(mean, Math.sqrt(variance / n));
}
