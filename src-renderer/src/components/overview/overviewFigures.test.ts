// Overview figures from rows worked out by hand.
import { describe, expect, it } from 'vitest';
import { overviewFigures } from './overviewFigures.ts';

describe('overviewFigures', () => {
  it('four faces: presses, Happy Index and the positive share (faces 2 and 3), with the previous period', () => {
    const figures = overviewFigures(
      'four',
      'happyIndex',
      [{ presses: 100, happyIndex: 70, previousPresses: 80, previousHappyIndex: 65 }],
      [
        { buttonIndex: 0, count: 10, previousCount: 10 },
        { buttonIndex: 1, count: 20, previousCount: 30 },
        { buttonIndex: 2, count: 30, previousCount: 20 },
        { buttonIndex: 3, count: 40, previousCount: 20 },
      ],
      true,
    );
    expect(figures).toMatchObject([
      { key: 'presses', value: 100, previous: 80 },
      { key: 'score', value: 70, previous: 65 },
      { key: 'positive', value: 0.7, previous: 0.5 }, // (30 + 40) / 100, (20 + 20) / 80
    ]);
    // The share's interval is Wilson's of 70/100; its change's z the Wald one: 0.2 / √(.7·.3/100 + .5·.5/80).
    expect(figures[2]?.low).toBeCloseTo(0.60415, 5);
    expect(figures[2]?.high).toBeCloseTo(0.78105, 5);
    expect(figures[2]?.z).toBeCloseTo(0.2 / Math.sqrt(0.0021 + 0.003125), 12);
  });

  it('NPS: the promoters’ share (9–10); without a comparison no previous values; no presses no score', () => {
    const figures = overviewFigures(
      'nps',
      'nps',
      [{ presses: 4, nps: 25 }],
      [
        { buttonIndex: 10, count: 2 },
        { buttonIndex: 3, count: 1 },
        { buttonIndex: 8, count: 1 },
      ],
      false,
    );
    expect(figures.map((f) => [f.value, f.previous])).toEqual([
      [4, null],
      [25, null],
      [0.5, null],
    ]);
    expect(overviewFigures('five', 'happyIndex', [], [], true).map((f) => f.value)).toEqual([0, null, null]);
  });
});
