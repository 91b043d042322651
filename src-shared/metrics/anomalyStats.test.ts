// The anomaly statistics against independent numbers: erfc from published tables, Benjamini–Hochberg against its
// definition checked the long way (every k), and one cell's test worked by hand (an outlier week set aside, the
// week-to-week spread from the kept weeks).
import { describe, expect, it } from 'vitest';
import {
  benjaminiHochberg,
  benjaminiHochbergDiscoveries,
  benjaminiHochbergPairs,
  erfc,
  median,
  testCell,
  twoSidedP,
} from './anomalyStats.ts';
import { shareEstimate } from './intervals.ts';

const share = (c: readonly number[]) => shareEstimate(c[0] ?? 0, c[1] ?? 0);
const cell = (red: number, n: number) => ({ counts: [red, n], presses: n });
const rules = { minPresses: 20, minWeekPresses: 5, minWeeks: 4, range: 1 };

describe('anomaly statistics', () => {
  it('erfc and the two-sided p agree with the tables (Abramowitz & Stegun 7.1)', () => {
    expect(erfc(0)).toBeCloseTo(1, 7);
    expect(erfc(0.5)).toBeCloseTo(0.4795001222, 7);
    expect(erfc(1)).toBeCloseTo(0.1572992071, 7);
    expect(erfc(2)).toBeCloseTo(0.004677734981, 8);
    expect(erfc(-1)).toBeCloseTo(1.8427007929, 7);
    expect(twoSidedP(1.96)).toBeCloseTo(0.04999579, 6);
    expect(twoSidedP(-2.5758293)).toBeCloseTo(0.01, 6);
  });

  it('Benjamini–Hochberg q-values match the step-up rule done the long way', () => {
    const ps = [0.01, 0.04, 0.03, 0.005, 0.2, 0.5, 0.0001, 0.02];
    const q = benjaminiHochberg(ps);
    const m = ps.length;
    const sorted = [...ps].sort((a, b) => a - b);
    ps.forEach((p, i) => {
      // q of a p-value: the smallest α at which the step-up rule rejects it — min over ranks j ≥ its rank of p₍ⱼ₎·m/j.
      const rank = sorted.indexOf(p) + 1;
      const byHand = Math.min(1, ...sorted.slice(rank - 1).map((pj, k) => (pj * m) / (rank + k)));
      expect(q[i]).toBeCloseTo(byHand, 12);
    });
    // At α = 0.05: the largest k with p₍ₖ₎ ≤ k·α/m is k = 5 (0.03 ≤ 0.03125), so five discoveries.
    expect(q.filter((v) => v <= 0.05)).toHaveLength(5);
    expect(median([3, 1, 2, 10])).toBe(2.5);
  });

  it('Benjamini–Hochberg by value equals the route of sorted pairs exactly, ties and ones included', () => {
    // Deterministic p-values with many ties (a few distinct values repeated) and exact ones.
    const ps = Array.from({ length: 500 }, (_, i) => (i % 7 === 0 ? 1 : ((i * 37) % 23) / 1000));
    expect(benjaminiHochberg(ps)).toEqual(benjaminiHochbergPairs(ps));
    expect(benjaminiHochberg([])).toEqual([]);
    expect(benjaminiHochberg([0.2, Number.NaN])).toEqual(benjaminiHochbergPairs([0.2, Number.NaN]));
  });

  it('Benjamini–Hochberg over the p-values ≤ α alone gives every discovery its q and no other test one', () => {
    // A family of 2,000: 40 small p-values (some tied, some just over the line) among uniform ones (a fixed
    // sequence); the second route is the full step-up rule over all of them.
    const ps = Array.from({ length: 2000 }, (_, i) =>
      i < 40 ? (i % 7) * 0.00004 + 0.00001 : ((i * 7919) % 1999) / 1999,
    );
    ps.push(0.05, 0.05, 0.0495);
    const full = benjaminiHochbergPairs(ps);
    const qOf = benjaminiHochbergDiscoveries(Float64Array.from(ps.filter((p) => p <= 0.05)), ps.length);
    let discoveries = 0;
    ps.forEach((p, i) => {
      const q = full[i] ?? 1;
      if (q <= 0.05) {
        discoveries++;
        expect(qOf(p)).toBe(q);
      } else if (p <= 0.05) expect(qOf(p)).toBeGreaterThan(0.05);
    });
    expect(discoveries).toBeGreaterThanOrEqual(40);
  });

  it('tests a cell against its kept weeks, by hand', () => {
    // Weeks: 10/100, 12/100, 8/100, 10/100, 90/100 (an incident), 11/100, 9/100 and one week with 3 presses (too few).
    const weeks = [
      cell(10, 100),
      cell(12, 100),
      cell(8, 100),
      cell(10, 100),
      cell(90, 100),
      cell(11, 100),
      cell(9, 100),
      cell(1, 3),
    ];
    const t = testCell(cell(30, 100), weeks, share, rules);
    // Kept: the six weeks near 0.10 (median 0.10, MAD 0.01·1.4826, floored at the sampling SE ≈ 0.037; 0.90 is
    // 0.80 away). Pooled 60/600 = 0.10, σ² = 0.09; the kept values' sample variance 0.0002 is below their mean
    // sampling variance 0.0009, so τ² = 0. z = 0.20/√(0.09/100 + 0.09/600) = 6.172…
    expect(t?.weeks).toBe(6);
    expect(t?.baseline).toBeCloseTo(0.1, 12);
    expect(t?.z).toBeCloseTo(0.2 / Math.sqrt(0.0009 + 0.00015), 9);
    expect(t?.p).toBeCloseTo(twoSidedP(0.2 / Math.sqrt(0.00105)), 12);
  });

  it('adds the weeks’ own spread when they vary more than their presses explain', () => {
    // 1,000 presses a week at 0.10, 0.20, 0.10, 0.20, 0.10, 0.20: the weeks differ far beyond sampling noise.
    const weeks = [100, 200, 100, 200, 100, 200].map((r) => cell(r, 1000));
    const t = testCell(cell(300, 1000), weeks, share, rules);
    const b = 0.15;
    const s2 = b * (1 - b);
    const spread = (6 * 0.05 ** 2) / 5; // sample variance of the six values around 0.15
    const tau2 = spread - s2 / 1000;
    expect(t?.baseline).toBeCloseTo(b, 12);
    expect(t?.z).toBeCloseTo(0.15 / Math.sqrt(s2 / 1000 + s2 / 6000 + tau2), 9);
  });

  it('does not test a cell with too few presses or too few weeks', () => {
    expect(
      testCell(cell(5, 19), [cell(1, 50), cell(1, 50), cell(1, 50), cell(1, 50)], share, rules),
    ).toBeNull();
    expect(
      testCell(cell(5, 50), [cell(1, 50), cell(1, 50), cell(1, 50), cell(1, 4)], share, rules),
    ).toBeNull();
  });
});
