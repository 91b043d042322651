// The small-sample correction of rankings: an item's value shrunk toward its parent's value by a prior weight.

/**
 * Bayesian average: (N·x + m·p) / (N + m), where x is the item's own value over N presses, p the parent's value
 * (the prior mean) and m the prior weight — as if every item started with m presses at the parent's value. An item
 * with few presses stays near the parent; one with many keeps (almost) its own value. With m = 0 it is x.
 *
 * Source: the credibility-weighted (empirical-Bayes) estimate of B. Efron and C. Morris, "Data Analysis Using
 * Stein's Estimator and its Generalizations", JASA 70(350), 1975, in the fixed-prior-weight form popularised as the
 * "Bayesian average" / IMDb Top 250 weighted rating WR = (v·R + m·C) / (v + m). The default m (30 presses) is this
 * project's choice: a tenth of a typical point's monthly presses in the emulator's worlds; the caller may set it.
 */
export function shrinkToward(
  value: number | null,
  presses: number,
  parent: number | null,
  m: number,
): number | null {
  if (value === null || presses <= 0) return parent;
  if (parent === null || m <= 0) return value;
  return (presses * value + m * parent) / (presses + m);
}

export const defaultPriorWeight = 30;
