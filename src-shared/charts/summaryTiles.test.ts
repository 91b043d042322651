// The summary tiles per scale group; every figure is worked out by hand in the comments.
import { describe, expect, it } from 'vitest';
import { tabulateDailyButtonCounts } from './dailyButtonCounts.ts';
import { formatNps, summaryTiles } from './summaryTiles.ts';

const row = (day: string, buttonIndex: number, count: number) => ({ day, buttonIndex, count });

describe('summaryTiles', () => {
  it('shows the positive share and every face on four faces', () => {
    // Buttons 0..3 = 10, 20, 30, 40 over two days: 100 presses, 70 positive (faces 2 and 3) = 70.0 %.
    const table = tabulateDailyButtonCounts(
      [
        row('2024-01-01', 0, 10),
        row('2024-01-01', 1, 20),
        row('2024-01-02', 2, 30),
        row('2024-01-02', 3, 40),
      ],
      'four',
    );
    expect(summaryTiles(table).map((t) => [t.label, t.value, t.detail])).toEqual([
      ['All presses', '100', '2 days'],
      ['Positive answers', '70.0 %', '70 of 100'],
      ['Very negative', '10', '10.0 %'],
      ['Negative', '20', '20.0 %'],
      ['Positive', '30', '30.0 %'],
      ['Very positive', '40', '40.0 %'],
    ]);
  });

  it('leaves the neutral middle out of the positive share on five faces', () => {
    // 0..4 = 1, 1, 2, 3, 1: 8 presses, positive 3 + 1 = 4 → 50.0 %.
    const table = tabulateDailyButtonCounts(
      [0, 1, 2, 3, 4].map((b) => row('2024-01-01', b, [1, 1, 2, 3, 1][b] ?? 0)),
      'five',
    );
    const tiles = summaryTiles(table);
    expect(tiles[1]).toMatchObject({
      label: 'Positive answers',
      value: '50.0 %',
      detail: '4 of 8',
      headline: true,
    });
    expect(tiles[4]).toMatchObject({ label: 'Neutral', value: '2', detail: '25.0 %' });
  });

  it('shows the NPS and its three groups on NPS', () => {
    // 4 detractors (0, 6), 3 passives (7, 8), 13 promoters (9, 10) of 20: 65 % − 20 % = +45.
    const table = tabulateDailyButtonCounts(
      [
        row('2024-01-01', 0, 1),
        row('2024-01-01', 6, 3),
        row('2024-01-01', 7, 2),
        row('2024-01-01', 8, 1),
        row('2024-01-02', 9, 3),
        row('2024-01-02', 10, 10),
      ],
      'nps',
    );
    expect(summaryTiles(table).map((t) => [t.label, t.value, t.detail])).toEqual([
      ['All presses', '20', '2 days'],
      ['NPS', '+45', '65.0 % promoters − 20.0 % detractors'],
      ['Detractors 0–6', '4', '20.0 %'],
      ['Passives 7–8', '3', '15.0 %'],
      ['Promoters 9–10', '13', '65.0 %'],
    ]);
  });

  it('shows dashes, not NaN, without presses', () => {
    const tiles = summaryTiles(tabulateDailyButtonCounts([], 'nps'));
    expect(tiles.map((t) => t.value)).toEqual(['0', '–', '0', '0', '0']);
    expect(tiles.every((t) => !t.detail.includes('NaN'))).toBe(true);
  });
});

describe('formatNps', () => {
  it('writes a whole number with its sign', () => {
    expect(formatNps(44.6)).toBe('+45');
    expect(formatNps(-7.2)).toBe('−7');
    expect(formatNps(0.4)).toBe('0');
    expect(formatNps(null)).toBe('–');
  });
});
