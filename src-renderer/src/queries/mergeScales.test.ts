// Five faces asked as five and five_reversed, made one answer: counts add, scores are presses-weighted (by hand).
import { describe, expect, it } from 'vitest';
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
});
