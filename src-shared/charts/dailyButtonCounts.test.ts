// Tests of the daily stacked-bar option builder; expected values are worked out by hand in each test.
import { describe, expect, it } from 'vitest';
import type { QueryRow } from '../contract.ts';
import { buttonScaleFor } from './buttonScale.ts';
import {
  buildDailyButtonChartOption,
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
    const table = tabulateDailyButtonCounts(rows);
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
    const table = tabulateDailyButtonCounts([
      { day: '2024-04-02', buttonIndex: 2, count: 1 },
      { day: '2024-03-30', buttonIndex: 2, count: 1 },
    ]);
    expect(table.days).toEqual(['2024-03-30', '2024-03-31', '2024-04-01', '2024-04-02']);
  });

  it('sums duplicate rows and ignores rows without a day or a button index', () => {
    const table = tabulateDailyButtonCounts([
      { day: '2024-01-01', buttonIndex: 1, count: 1 },
      { day: '2024-01-01', buttonIndex: 1, count: 2 },
      { buttonIndex: 1, count: 100 },
      { day: '2024-01-01', count: 100 },
      { day: 'not a day', buttonIndex: 1, count: 100 },
    ]);
    expect(table.series[1]?.data).toEqual([3]);
    expect(table.total).toBe(3);
  });

  it('widens to the five scale and to the NPS scale when higher indexes appear', () => {
    const five = tabulateDailyButtonCounts([{ day: '2024-01-01', buttonIndex: 4, count: 1 }]);
    expect(five.series).toHaveLength(5);
    expect(five.series[2]?.name).toBe('Neutral');
    const nps = tabulateDailyButtonCounts([{ day: '2024-01-01', buttonIndex: 10, count: 7 }]);
    expect(nps.series).toHaveLength(11);
    expect(nps.series[10]).toMatchObject({ name: 'Index 10', data: [7] });
  });

  it('returns an empty table for no rows', () => {
    expect(tabulateDailyButtonCounts([])).toEqual({
      days: [],
      series: buttonScaleFor(0).labels.map((name, i) =>
        expect.objectContaining({ name, buttonIndex: i, data: [] }),
      ),
      total: 0,
    });
  });
});

describe('fillDays', () => {
  it('keeps only the given days when the span is absurdly long', () => {
    expect(fillDays(['1990-01-01', '2024-01-01'])).toEqual(['1990-01-01', '2024-01-01']);
  });
});

describe('buttonScale colours', () => {
  it('runs from red to green, and keeps indexes 0..3 apart from higher ones on wide scales', () => {
    expect(buttonScaleFor(3).colors).toEqual(['#d64541', '#f29c38', '#93c655', '#2e9a55']);
    expect(buttonScaleFor(4).colors[0]).toBe('#d64541');
    expect(buttonScaleFor(4).colors[4]).toBe('#2e9a55');
    const wide = buttonScaleFor(10).colors;
    expect(new Set(wide).size).toBe(11);
    expect(wide.slice(0, 4)).toEqual(buttonScaleFor(3).colors); // indexes 0..3 keep the four-button colours
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
  const table = tabulateDailyButtonCounts([
    { day: '2024-03-01', buttonIndex: 0, count: 2 },
    { day: '2024-03-02', buttonIndex: 3, count: 5 },
  ]);

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
    expect(option.color).toEqual(buttonScaleFor(3).colors);
  });

  it('draws tooltips as canvas text, not HTML', () => {
    const option = buildDailyButtonChartOption(table, { animation: true });
    expect(option.tooltip).toMatchObject({ renderMode: 'richText', trigger: 'axis' });
    expect(option.animation).toBe(true);
  });
});
