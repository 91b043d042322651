// The measure formulas against the vendor's worked examples and sums worked out by hand.
import { describe, expect, it } from 'vitest';
import { averageAnswer, happyIndex, happyIndexOn, netPromoterScore, shareOf } from './measures.ts';

describe('happyIndex', () => {
  it("gives the vendor's worked examples: 126/60/16/17 → 78 and 51/23/12/2/4 → 81", () => {
    // The examples list the most positive face first; counts here are by index, 0 the most negative.
    // Four: (0·17 + 1·16 + 2·60 + 3·126) / (3 · 219) = 514 / 657 = 78.23 %.
    expect(happyIndex([17, 16, 60, 126], 4)).toBeCloseTo(78.234, 3);
    expect(Math.round(happyIndex([17, 16, 60, 126], 4) ?? 0)).toBe(78);
    // Five: (0·4 + 1·2 + 2·12 + 3·23 + 4·51) / (4 · 92) = 299 / 368 = 81.25 %.
    expect(happyIndex([4, 2, 12, 23, 51], 5)).toBeCloseTo(81.25, 10);
    expect(Math.round(happyIndex([4, 2, 12, 23, 51], 5) ?? 0)).toBe(81);
  });

  it('runs from 0 (all most negative) to 100 (all most positive); null without presses', () => {
    expect(happyIndex([5, 0, 0, 0], 4)).toBe(0);
    expect(happyIndex([0, 0, 0, 0, 9], 5)).toBe(100);
    expect(happyIndex([0, 0, 0, 0], 4)).toBeNull();
    expect(happyIndexOn([1, 1], 'nps')).toBeNull();
    expect(happyIndexOn([0, 0, 2], 'five_reversed')).toBe(50); // index 2 of 0..4
  });
});

describe('averageAnswer', () => {
  it('scores faces 1…k and NPS answers 0…10', () => {
    // Four faces 1, 2, 3, 4 pressed 1, 0, 0, 3 times: (1 + 12) / 4 = 3.25.
    expect(averageAnswer([1, 0, 0, 3], 'four')).toBe(3.25);
    // NPS 0 once, 10 once: 5.
    expect(averageAnswer([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], 'nps')).toBe(5);
    expect(averageAnswer([], 'five')).toBeNull();
  });
});

describe('netPromoterScore and shareOf', () => {
  it('is % 9–10 minus % 0–6', () => {
    // 2 detractors (0, 6), 1 passive (8), 3 promoters (9, 10, 10) of 6: (3 − 2) / 6 · 100.
    expect(netPromoterScore([1, 0, 0, 0, 0, 0, 1, 0, 1, 1, 2])).toBeCloseTo(100 / 6, 10);
    expect(shareOf(1, 4)).toBe(0.25);
    expect(shareOf(0, 0)).toBeNull();
  });
});
