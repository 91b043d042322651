// Tests of the daily stacked-bar option builder; expected values are worked out by hand in each test.
import { describe, expect, it } from 'vitest';
import type { QueryRow } from '../contract.ts';
import { buttonScale } from './buttonScale.ts';
import {
  buildDailyButtonChartOption,
  buttonTotals,
  fillDays,
  formatDailyTooltip,
  tabulateDailyButtonCounts,
} from './dailyButtonCounts.ts';

describe('tabulateDailyButtonCounts', () => {
  it('fills missing days with zeros and keeps one series per button of the four scale', () => {
    const rows: QueryRow[] = [
      { day: '2024-03-01', buttonIndex: 0, count: 2 },
      { day: '2024-03-01', buttonIndex: 3, count: 5 },
      { day: '2024-03-03', buttonIndex: 1, count: 1 },
    ];
    const table = tabulateDailyButtonCounts(rows, 'four');
    expect(table.days).toEqual(['2024-03-01', '2024-03-02', '2024-03-03']);
    expect(table.series.map((s) => s.data)).toEqual([
      [2, 0, 0],
      [0, 0, 1],
      [0, 0, 0],
      [5, 0, 0],
    ]);
    expect(table.total).toBe(8); // 2 + 5 + 1
    expect(table.series.map((s) => s.name)).toEqual([
      'Very negative',
      'Negative',
      'Positive',
      'Very positive',
    ]);
  });

  it('crosses a daylight-saving change and a month end without losing or doubling a day', () => {
    // Europe switched clocks on 2024-03-31; the table works on calendar dates, so 4 days from 30 March to 2 April.
    const table = tabulateDailyButtonCounts(
      [
        { day: '2024-04-02', buttonIndex: 2, count: 1 },
        { day: '2024-03-30', buttonIndex: 2, count: 1 },
      ],
      'four',
    );
    expect(table.days).toEqual(['2024-03-30', '2024-03-31', '2024-04-01', '2024-04-02']);
  });

  it('sums duplicate rows and ignores rows without a day or a button index', () => {
    const table = tabulateDailyButtonCounts(
      [
        { day: '2024-01-01', buttonIndex: 1, count: 1 },
        { day: '2024-01-01', buttonIndex: 1, count: 2 },
        { buttonIndex: 1, count: 100 },
        { day: '2024-01-01', count: 100 },
        { day: 'not a day', buttonIndex: 1, count: 100 },
      ],
      'four',
    );
    expect(table.series[1]?.data).toEqual([3]);
    expect(table.total).toBe(3);
  });

  it('draws the chosen group: five with a neutral middle, NPS with eleven scores', () => {
    const five = tabulateDailyButtonCounts([{ day: '2024-01-01', buttonIndex: 4, count: 1 }], 'five');
    expect(five.series).toHaveLength(5);
    expect(five.series[2]?.name).toBe('Neutral');
    const nps = tabulateDailyButtonCounts([{ day: '2024-01-01', buttonIndex: 10, count: 7 }], 'nps');
    expect(nps.series).toHaveLength(11);
    expect(nps.series[10]).toMatchObject({ name: 'Score 10', data: [7] });
    // An index 3 row is "very positive" on four faces and a detractor's score on NPS: same row, different series.
    expect(
      tabulateDailyButtonCounts([{ day: '2024-01-01', buttonIndex: 3, count: 1 }], 'nps').series[3]?.name,
    ).toBe('Score 3');
  });

  it('counts presses beyond the group apart instead of drawing them', () => {
    const table = tabulateDailyButtonCounts(
      [
        { day: '2024-01-01', buttonIndex: 3, count: 2 },
        { day: '2024-01-01', buttonIndex: 7, count: 5 },
      ],
      'four',
    );
    expect(table.total).toBe(2);
    expect(table.outside).toBe(5);
    expect(buttonTotals(table)).toEqual([0, 0, 0, 2]);
  });

  it('returns an empty table for no rows', () => {
    expect(tabulateDailyButtonCounts([], 'four')).toEqual({
      group: 'four',
      days: [],
      series: buttonScale('four').labels.map((name, i) =>
        expect.objectContaining({ name, buttonIndex: i, data: [] }),
      ),
      total: 0,
      outside: 0,
    });
  });
});

describe('fillDays', () => {
  it('keeps only the given days when the span is absurdly long', () => {
    expect(fillDays(['1990-01-01', '2024-01-01'])).toEqual(['1990-01-01', '2024-01-01']);
  });
});

describe('buttonScale colours', () => {
  /** Hue, saturation (0..1) of a #rrggbb colour: enough to tell red, amber, grey and green apart. */
  const hueSat = (hex: string): [number, number] => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [
      number,
      number,
      number,
    ];
    const max = Math.max(r, g, b);
    const d = max - Math.min(r, g, b);
    if (d === 0) return [0, 0];
    const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
    return [(h * 60 + 360) % 360, d / max];
  };
  const isRed = (c: string) => ((h) => h < 15 || h > 345)(hueSat(c)[0]);
  const isGreen = (c: string) => ((h) => h > 80 && h < 160)(hueSat(c)[0]);

  it('runs four faces from red to green, and five through a neutral (unsaturated) middle', () => {
    expect(buttonScale('four').colors).toEqual(['#d64541', '#f29c38', '#93c655', '#2e9a55']);
    const five = buttonScale('five').colors;
    expect(isRed(five[0] ?? '')).toBe(true);
    expect(isGreen(five[4] ?? '')).toBe(true);
    expect(hueSat(five[2] ?? '')[1]).toBeLessThan(0.15);
    expect(buttonScale('five').labels[2]).toBe('Neutral');
  });

  it('colours NPS by group: detractors 0–6 red shades, passives 7–8 amber, promoters 9–10 green', () => {
    const nps = buttonScale('nps').colors;
    expect(nps).toHaveLength(11);
    expect(new Set(nps).size).toBe(11);
    expect(nps.slice(0, 7).every(isRed)).toBe(true);
    expect(nps.slice(7, 9).every((c) => ((h) => h > 30 && h < 55)(hueSat(c)[0]))).toBe(true);
    expect(nps.slice(9).every(isGreen)).toBe(true);
    expect(buttonScale('nps').name).toBe('NPS 0–10');
  });
});

describe('formatDailyTooltip', () => {
  it('is plain text, most positive button first, with a total', () => {
    const text = formatDailyTooltip([
      { name: '2024-03-01', seriesName: 'Very negative', value: 2 },
      { name: '2024-03-01', seriesName: 'Very positive', value: 1234 },
    ]);
    expect(text).toBe('2024-03-01\nVery positive: 1,234\nVery negative: 2\nTotal: 1,236');
  });

  it('keeps markup-looking text literal (no HTML, no rich-text styles)', () => {
    const text = formatDailyTooltip({ name: '<img src=x onerror=alert(1)>', seriesName: '{a|x}', value: 1 });
    expect(text).toBe('<img src=x onerror=alert(1)>\nax: 1\nTotal: 1');
  });
});

describe('buildDailyButtonChartOption', () => {
  const table = tabulateDailyButtonCounts(
    [
      { day: '2024-03-01', buttonIndex: 0, count: 2 },
      { day: '2024-03-02', buttonIndex: 3, count: 5 },
    ],
    'four',
  );

  it('stacks one bar series per button, coloured red to green, over the days', () => {
    const option = buildDailyButtonChartOption(table, { animation: false });
    expect(option.animation).toBe(false);
    expect(option.xAxis).toMatchObject({ type: 'category', data: ['2024-03-01', '2024-03-02'] });
    const series = Array.isArray(option.series) ? option.series : [];
    expect(series.map((s) => [s.type, s.stack, s.data])).toEqual([
      ['bar', 'presses', [2, 0]],
      ['bar', 'presses', [0, 0]],
      ['bar', 'presses', [0, 0]],
      ['bar', 'presses', [0, 5]],
    ]);
    expect(option.color).toEqual(buttonScale('four').colors);
  });

  it('draws tooltips as canvas text, not HTML', () => {
    const option = buildDailyButtonChartOption(table, { animation: true });
    expect(option.tooltip).toMatchObject({ renderMode: 'richText', trigger: 'axis' });
    expect(option.animation).toBe(true);
  });
});
