// Five faces asked as five and five_reversed, made one answer: counts add, scores are presses-weighted (by hand).
import { describe, expect, it } from 'vitest';
import { happyIndexEstimate, shareEstimate } from '#shared/metrics/intervals.ts';
import { mergeScaleAnswers } from './mergeScales.ts';

describe('mergeScaleAnswers', () => {
  it('adds counts and weights scores by presses, bucket by bucket, with the comparison and its delta', () => {
    const five = [
      { month: '2026-01', presses: 30, happyIndex: 80, previousPresses: 10, previousHappyIndex: 50 },
      { month: '2026-02', presses: 10, happyIndex: 60 },
    ];
    const reversed = [
      { month: '2026-01', presses: 10, happyIndex: 40, previousPresses: 10, previousHappyIndex: 70 },
    ];
    expect(mergeScaleAnswers([five, reversed])).toEqual([
      // (30·80 + 10·40) / 40 = 70; previous (10·50 + 10·70) / 20 = 60
      {
        month: '2026-01',
        presses: 40,
        previousPresses: 20,
        deltaPresses: 20,
        happyIndex: 70,
        previousHappyIndex: 60,
        deltaHappyIndex: 10,
      },
      { month: '2026-02', presses: 10, happyIndex: 60 },
    ]);
  });

  it('keeps a single answer as it is, and a score without presses behind it is null', () => {
    const one = [{ buttonIndex: 2, count: 5 }];
    expect(mergeScaleAnswers([one])).toEqual(one);
    expect(mergeScaleAnswers([[{ presses: 0, nps: null }], [{ presses: 0, nps: null }]])).toEqual([
      { presses: 0, nps: null },
    ]);
  });

  it('pools the intervals exactly: the merged interval is the one of the added counts', () => {
    // Two five-face samples; each part's row as the engine writes it, the expected from the added counts.
    const a = [3, 5, 2, 9, 11];
    const b = [7, 1, 4, 2, 3];
    const row = (c: number[]) => {
      const e = happyIndexEstimate(c, 5);
      return {
        presses: c.reduce((x, y) => x + y, 0),
        happyIndex: e?.value,
        happyIndexLow: e?.low,
        happyIndexHigh: e?.high,
      };
    };
    const [merged] = mergeScaleAnswers([[row(a)], [row(b)]]);
    const direct = happyIndexEstimate(
      a.map((x, i) => x + (b[i] ?? 0)),
      5,
    );
    expect(merged?.happyIndexLow).toBeCloseTo(direct?.low ?? NaN, 10);
    expect(merged?.happyIndexHigh).toBeCloseTo(direct?.high ?? NaN, 10);
    // A share: Wilson's interval of (4 + 1) / (10 + 10).
    const share = mergeScaleAnswers([
      [{ buttonIndex: 4, count: 4, presses: 10, share: 0.4, shareLow: 0, shareHigh: 1 }],
      [{ buttonIndex: 4, count: 1, presses: 10, share: 0.1, shareLow: 0, shareHigh: 1 }],
    ]);
    expect(share[0]?.shareLow).toBeCloseTo(shareEstimate(5, 20)?.low ?? NaN, 12);
    expect(share[0]?.share).toBeCloseTo(0.25, 12);
  });
});
