// The interval formulas against numbers worked out by hand and published tables, and the z test's decisions.
import { describe, expect, it } from 'vitest';
import {
  averageEstimate,
  changeZ,
  happyIndexEstimate,
  happyIndexEstimateOn,
  isRealChange,
  npsEstimate,
  pooledEstimate,
  seOfInterval,
  shareEstimate,
} from './intervals.ts';
import { averageAnswer, happyIndex, netPromoterScore } from './measures.ts';

describe('happyIndexEstimate', () => {
  it('four faces pressed once each: x̄ 1.5, Var 1.25, SE √(1.25/4), scaled by 100/3', () => {
    // By hand: Var = (1·2.25 + 1·0.25 + 1·0.25 + 1·2.25)/4 = 1.25; SE = 0.559017; ×100/3 = 18.6339.
    const e = happyIndexEstimate([1, 1, 1, 1], 4);
    expect(e?.value).toBeCloseTo(50, 12);
    expect(e?.se).toBeCloseTo((100 / 3) * Math.sqrt(1.25 / 4), 12);
    expect(e?.low).toBeCloseTo(50 - 1.96 * 18.633899812498246, 9);
    expect(e?.high).toBeCloseTo(50 + 1.96 * 18.633899812498246, 9);
  });

  it('agrees with the Happy Index itself and has no width when every press is the same', () => {
    const counts = [17, 16, 60, 126];
    expect(happyIndexEstimate(counts, 4)?.value).toBeCloseTo(happyIndex(counts, 4) ?? NaN, 12);
    expect(happyIndexEstimate([0, 0, 7, 0, 0], 5)).toEqual({ value: 50, se: 0, low: 50, high: 50 });
    expect(happyIndexEstimate([0, 0, 0, 0], 4)).toBeNull();
    expect(happyIndexEstimateOn([1, 2, 3], 'nps')).toBeNull();
  });

  it('narrows with the square root of the presses: 100× the presses, a tenth of the width', () => {
    const small = happyIndexEstimate([3, 1, 2, 4], 4);
    const big = happyIndexEstimate([300, 100, 200, 400], 4);
    expect((big?.se ?? 0) / (small?.se ?? 1)).toBeCloseTo(0.1, 12);
  });
});

describe('averageEstimate', () => {
  it('is the mean index shifted by one on faces, with the same SE', () => {
    const counts = [1, 0, 0, 3];
    const e = averageEstimate(counts, 'four');
    expect(e?.value).toBe(averageAnswer(counts, 'four'));
    // x̄ index 2.25, Var = (1·5.0625 + 3·0.5625)/4 = 1.6875, SE = √(1.6875/4) = 0.649519.
    expect(e?.se).toBeCloseTo(0.649519052838329, 12);
    expect(averageEstimate([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], 'nps')?.value).toBe(5);
  });
});

describe('npsEstimate', () => {
  it('two detractors, a passive and a promoter: −25 ± 1.96·100·√(0.6875/4)', () => {
    const counts = [2, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1];
    const e = npsEstimate(counts);
    expect(e?.value).toBeCloseTo(netPromoterScore(counts) ?? NaN, 12);
    // p = .25, q = .5: p + q − (p − q)² = .75 − .0625 = .6875.
    expect(e?.se).toBeCloseTo(100 * Math.sqrt(0.6875 / 4), 12);
    expect(e?.low).toBeCloseTo(-25 - 196 * Math.sqrt(0.6875 / 4), 9);
  });

  it('equals the SE of a mean of +1/0/−1 scores computed the long way', () => {
    const counts = [5, 1, 2, 0, 3, 1, 4, 6, 8, 12, 9];
    const scores = counts.flatMap((c, i) => Array<number>(c).fill(i <= 6 ? -1 : i >= 9 ? 1 : 0));
    const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
    const variance = scores.reduce((a, b) => a + (b - mean) ** 2, 0) / scores.length;
    expect(npsEstimate(counts)?.se).toBeCloseTo(100 * Math.sqrt(variance / scores.length), 12);
  });
});

describe('shareEstimate (Wilson)', () => {
  it('matches the published Wilson intervals for 5/10 and 0/10', () => {
    // Brown, Cai & DasGupta (2001) and any Wilson table: 5/10 → [0.2366, 0.7634], 0/10 → [0, 0.2775].
    const half = shareEstimate(5, 10);
    expect(half?.low).toBeCloseTo(0.2366, 4);
    expect(half?.high).toBeCloseTo(0.7634, 4);
    const none = shareEstimate(0, 10);
    expect(none?.low).toBe(0);
    expect(none?.high).toBeCloseTo(0.2775, 4);
    expect(shareEstimate(0, 0)).toBeNull();
  });
});

describe('changeZ and the significance rule', () => {
  it('a big stable point: a 0.3 move on 40,000 presses a period is within noise', () => {
    // 10,000 presses on each face vs a slightly shifted mix: HI 50.0 → ~50.3.
    const before = happyIndexEstimate([10000, 10000, 10000, 10000], 4);
    const after = happyIndexEstimate([9900, 9950, 10050, 10100], 4);
    const z = changeZ(after, before);
    expect(Math.abs(z ?? 0)).toBeLessThan(1.96);
    expect(isRealChange(z)).toBe(false);
  });

  it('a tiny noisy point: 20 points up on 6 presses is within noise', () => {
    const z = changeZ(happyIndexEstimate([1, 1, 1, 3], 4), happyIndexEstimate([2, 1, 1, 2], 4));
    expect(isRealChange(z)).toBe(false);
  });

  it('a real shift: 50 → 70 on 400 presses a period is a change', () => {
    const z = changeZ(happyIndexEstimate([40, 40, 80, 240], 4), happyIndexEstimate([100, 100, 100, 100], 4));
    expect(z ?? 0).toBeGreaterThan(1.96);
    expect(isRealChange(z)).toBe(true);
  });

  it('cannot tell without spread: one press each, or missing values', () => {
    expect(changeZ(happyIndexEstimate([0, 0, 0, 1], 4), happyIndexEstimate([1, 0, 0, 0], 4))).toBeNull();
    expect(changeZ(null, happyIndexEstimate([1, 1], 4))).toBeNull();
    expect(isRealChange(null)).toBe(false);
  });
});

describe('pooledEstimate', () => {
  it('two disjoint samples pooled equal the estimate over their added counts', () => {
    const a = [3, 5, 2, 9, 11];
    const b = [7, 1, 4, 2, 3];
    const parts = [a, b].map((c) => {
      const e = happyIndexEstimate(c, 5);
      return { value: e?.value ?? 0, se: e?.se ?? 0, n: c.reduce((x, y) => x + y, 0) };
    });
    const pooled = pooledEstimate(parts);
    const direct = happyIndexEstimate(
      a.map((x, i) => x + (b[i] ?? 0)),
      5,
    );
    expect(pooled?.value).toBeCloseTo(direct?.value ?? NaN, 12);
    expect(pooled?.se).toBeCloseTo(direct?.se ?? NaN, 12);
    expect(seOfInterval(direct?.low ?? 0, direct?.high ?? 0)).toBeCloseTo(direct?.se ?? NaN, 12);
  });
});
