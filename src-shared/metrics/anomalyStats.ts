// The statistics of an anomaly: one cell (a node's day or hour) against its robust same-weekday baseline, its
// two-sided p-value, and the Benjamini–Hochberg control over every cell tested together.
import type { Estimate } from './intervals.ts';

/** Counts of one cell: whatever the measure's estimate reads (per-button counts, or [part, whole]), and its presses. */
export interface Cell {
  counts: readonly number[];
  presses: number;
}

/** What a cell must have to be tested at all (docs/ANOMALIES.md "Minimum volume"). */
export interface TestRules {
  /** Presses the tested cell needs. */
  minPresses: number;
  /** Presses a baseline week needs to count as one. */
  minWeekPresses: number;
  /** Baseline weeks needed (of the 8 before). */
  minWeeks: number;
  /** The measure's range (1 for a share, 100 for the Happy Index): sets the variance floor. */
  range: number;
}

export interface CellTest {
  value: number;
  baseline: number;
  z: number;
  p: number;
  /** Baseline weeks kept after the outliers were set aside. */
  weeks: number;
}

/** Median of a non-empty list. */
export function median(values: readonly number[]): number {
  if (values.length > 32) {
    // A point's days over a period: a numeric sort of a typed array.
    const t = Float64Array.from(values).sort();
    const m = t.length >> 1;
    return t.length % 2 ? (t[m] ?? 0) : ((t[m - 1] ?? 0) + (t[m] ?? 0)) / 2;
  }
  // Insertion sort: the lists are a handful of weeks, where it beats a comparator sort.
  const s = [...values];
  for (let i = 1; i < s.length; i++) {
    const v = s[i] ?? 0;
    let j = i - 1;
    while (j >= 0 && (s[j] ?? 0) > v) {
      s[j + 1] = s[j] ?? 0;
      j--;
    }
    s[j + 1] = v;
  }
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

const sum = (cells: readonly Cell[]): Cell => {
  const width = cells[0]?.counts.length ?? 0;
  const counts = new Array<number>(width).fill(0);
  let presses = 0;
  for (const c of cells) {
    presses += c.presses;
    for (let i = 0; i < width; i++) counts[i] = (counts[i] ?? 0) + (c.counts[i] ?? 0);
  }
  return { counts, presses };
};

/**
 * Tests one cell against the same weekday (and hour) of the weeks before it.
 *
 * 1. Weeks with fewer than `minWeekPresses` presses are left out; fewer than `minWeeks` left: no test (null).
 * 2. Robust to outliers: weeks further than 3 scaled MADs (1.4826·MAD, the normal-consistent MAD; Hampel's
 *    identifier) from the weeks' median are set aside (an earlier incident does not raise the baseline). The
 *    spread is floored at the week's own sampling SE (all usable weeks' per-press SD / √nₖ), so weeks that agree
 *    exactly (MAD 0) do not make every small wobble an outlier, and one far week is still set aside.
 * 3. The baseline is the measure of the kept weeks' pooled counts; σ its per-press standard deviation
 *    (SE·√N, from intervals.ts), floored at the variance of one press at each end of the range in N + 2.
 * 4. Weeks vary more than their presses explain (a real place has good and bad weeks): τ², the kept weeks'
 *    sample variance less their mean sampling variance σ²/nₖ, floored at 0 (the method of moments of a
 *    random-effects model, DerSimonian & Laird, Controlled Clinical Trials 7, 1986).
 * 5. z = (value − baseline) / √(σ²/n + σ²/N + τ²): the cell's own noise under the baseline (the null), the
 *    baseline's, and the week-to-week spread.
 */
export function testCell(
  cell: Cell,
  weeks: readonly (Cell | undefined)[],
  estimate: (counts: readonly number[]) => Estimate | null,
  rules: TestRules,
): CellTest | null {
  if (cell.presses < rules.minPresses) return null;
  const own = estimate(cell.counts);
  if (!own) return null;
  const usable: { cell: Cell; value: number }[] = [];
  for (const w of weeks) {
    if (!w || w.presses < rules.minWeekPresses) continue;
    const e = estimate(w.counts);
    if (e) usable.push({ cell: w, value: e.value });
  }
  if (usable.length < rules.minWeeks) return null;
  const m = median(usable.map((u) => u.value));
  const mad = 1.4826 * median(usable.map((u) => Math.abs(u.value - m)));
  const all = sum(usable.map((u) => u.cell));
  const allSigma = (estimate(all.counts)?.se ?? 0) * Math.sqrt(all.presses);
  const kept = usable.filter(
    (u) => Math.abs(u.value - m) <= 3 * Math.max(mad, allSigma / Math.sqrt(u.cell.presses)),
  );
  const pooled = sum(kept.map((k) => k.cell));
  const base = estimate(pooled.counts);
  if (!base || pooled.presses <= 0) return null;
  const n = pooled.presses;
  const floor = rules.range ** 2 * (1 / (n + 2)) * (1 - 1 / (n + 2));
  const sigma2 = Math.max(base.se ** 2 * n, floor);
  let tau2 = 0;
  if (kept.length >= 2) {
    const mean = kept.reduce((s, k) => s + k.value, 0) / kept.length;
    const spread = kept.reduce((s, k) => s + (k.value - mean) ** 2, 0) / (kept.length - 1);
    const sampling = kept.reduce((s, k) => s + sigma2 / k.cell.presses, 0) / kept.length;
    tau2 = Math.max(0, spread - sampling);
  }
  const se = Math.sqrt(sigma2 / cell.presses + sigma2 / n + tau2);
  const z = (own.value - base.value) / se;
  return { value: own.value, baseline: base.value, z, p: twoSidedP(z), weeks: kept.length };
}

/**
 * The complementary error function, fractional error below 1.2e-7 everywhere (the Chebyshev fit of W. H. Press et
 * al., "Numerical Recipes", 2nd ed., §6.2, erfcc).
 */
export function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** P(|Z| ≥ |z|) for a standard normal Z. */
export function twoSidedP(z: number): number {
  return Math.min(1, erfc(Math.abs(z) / Math.SQRT2));
}

/**
 * Benjamini–Hochberg adjusted p-values (q-values): sort the m p-values, q₍ᵢ₎ = min over j ≥ i of p₍ⱼ₎·m/j, capped
 * at 1; a test is a discovery at false discovery rate α when its q ≤ α. Controls the expected share of false
 * discoveries among all discoveries at α for independent (and positively dependent) tests, and, when nothing is
 * real, the chance of any discovery at all (Benjamini & Hochberg, JRSS B 57(1), 1995).
 */
export function benjaminiHochberg(ps: readonly number[]): number[] {
  const qOf = benjaminiHochbergOf(Float64Array.from(ps));
  return qOf ? ps.map(qOf) : benjaminiHochbergPairs(ps);
}

/**
 * The q of each p-value of the family `ps` (taken over: sorted in place), by its value: the p-values sorted as a
 * typed array (a numeric sort, no pairs); tied p-values share one q whatever their ranks. Null when a p-value is
 * NaN (none expected): that family takes the route of pairs. A caller that needs the q of a few tests only (the
 * discoveries have p ≤ α, since q ≥ p) looks those up and builds nothing for the rest.
 */
export function benjaminiHochbergOf(ps: Float64Array): ((p: number) => number) | null {
  const m = ps.length;
  const sorted = ps.sort();
  if (m > 0 && Number.isNaN(sorted[m - 1])) return null;
  const byRank = new Float64Array(m);
  let running = 1;
  for (let k = m - 1; k >= 0; k--) {
    running = Math.min(running, ((sorted[k] ?? 1) * m) / (k + 1));
    byRank[k] = Math.min(1, running);
  }
  return (p) => {
    let lo = 0;
    let hi = m - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((sorted[mid] ?? 1) < p) lo = mid + 1;
      else hi = mid;
    }
    return byRank[lo] ?? 1;
  };
}

/**
 * The q of the family's discoveries only: `small` holds the family's p-values ≤ α (taken over: sorted in place), `m`
 * the family's size. Every other p-value is larger, so the small ones hold the first ranks, and a term p₍ⱼ₎·m/j of a
 * larger one exceeds α: the q of a test with q ≤ α is the minimum over the small ones alone. The answer is exact
 * wherever it is ≤ α; above α it only says "not a discovery".
 */
export function benjaminiHochbergDiscoveries(small: Float64Array, m: number): (p: number) => number {
  const sorted = small.sort();
  const k = sorted.length;
  const byRank = new Float64Array(k);
  let running = Infinity;
  for (let j = k - 1; j >= 0; j--) {
    running = Math.min(running, ((sorted[j] ?? 1) * m) / (j + 1));
    byRank[j] = Math.min(1, running);
  }
  return (p) => {
    let lo = 0;
    let hi = k - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((sorted[mid] ?? 1) < p) lo = mid + 1;
      else hi = mid;
    }
    return byRank[lo] ?? 1;
  };
}

/** The same by sorting (p, index) pairs: the route for NaN, and the second route of the tests. */
export function benjaminiHochbergPairs(ps: readonly number[]): number[] {
  const m = ps.length;
  const order = ps.map((p, i) => [p, i] as const).sort((a, b) => a[0] - b[0]);
  const q = new Array<number>(m).fill(1);
  let running = 1;
  for (let k = m - 1; k >= 0; k--) {
    const [p, i] = order[k] ?? [1, 0];
    running = Math.min(running, (p * m) / (k + 1));
    q[i] = Math.min(1, running);
  }
  return q;
}
