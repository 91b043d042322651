// The metric formulas and scale groups, with expected values worked out by hand in each test.
import { describe, expect, it } from 'vitest';
import { npsBreakdown, positiveShare } from './buttonMetrics.ts';
import { buttonCount, scaleGroupOf, scalesOfGroup } from './scales.ts';

describe('npsBreakdown', () => {
  it('is % promoters − % detractors over all answers, passives in the total only', () => {
    // 0..6: 1+1+1+1+1+1+4 = 10 detractors; 7, 8: 5+5 = 10 passives; 9, 10: 10+20 = 30 promoters; 50 answers.
    // 30/50 = 60 %, 10/50 = 20 % → NPS 40.
    expect(npsBreakdown([1, 1, 1, 1, 1, 1, 4, 5, 5, 10, 20])).toEqual({
      detractors: 10,
      passives: 10,
      promoters: 30,
      total: 50,
      score: 40,
    });
  });

  it('runs from −100 (all detractors) to +100 (all promoters), 0 for passives only', () => {
    expect(npsBreakdown([3]).score).toBe(-100); // a lone 0
    expect(npsBreakdown([0, 0, 0, 0, 0, 0, 2]).score).toBe(-100); // 6 is still a detractor
    expect(npsBreakdown([0, 0, 0, 0, 0, 0, 0, 0, 0, 7]).score).toBe(100); // 9 is already a promoter
    expect(npsBreakdown([0, 0, 0, 0, 0, 0, 0, 4, 4]).score).toBe(0);
  });

  it('has no score without answers, and reads missing indexes as zero', () => {
    expect(npsBreakdown([])).toEqual({ detractors: 0, passives: 0, promoters: 0, total: 0, score: null });
    // 1 detractor, 2 promoters of 3: (2 − 1) / 3 · 100 = 33.33…
    expect(npsBreakdown([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]).score).toBeCloseTo(100 / 3, 10);
  });
});

describe('positiveShare', () => {
  it('counts the two green faces of four', () => {
    // 1 + 2 negative, 3 + 4 positive: 7 of 10.
    expect(positiveShare('four', [1, 2, 3, 4])).toEqual({ positive: 7, total: 10, share: 0.7 });
  });

  it('counts faces 3 and 4 of five; the neutral middle is in the total but not positive', () => {
    // 0..4 = 2, 2, 6, 5, 5: positive 10 of 20.
    expect(positiveShare('five', [2, 2, 6, 5, 5])).toEqual({ positive: 10, total: 20, share: 0.5 });
  });

  it('has no share without answers and ignores indexes beyond the scale', () => {
    expect(positiveShare('four', [])).toEqual({ positive: 0, total: 0, share: null });
    expect(positiveShare('four', [0, 0, 1, 0, 99])).toEqual({ positive: 1, total: 1, share: 1 });
  });
});

describe('scale groups', () => {
  it('puts five_reversed with five (same index meaning) and keeps four and nps apart', () => {
    expect(scaleGroupOf('five_reversed')).toBe('five');
    expect(scaleGroupOf('four')).toBe('four');
    expect(scaleGroupOf('nps')).toBe('nps');
    expect(scalesOfGroup('five')).toEqual(['five', 'five_reversed']);
    expect(buttonCount).toEqual({ four: 4, five: 5, nps: 11 });
  });
});
