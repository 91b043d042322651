// The trend and heatmap option builders: what a reader sees follows from the input (worked out by hand).
import { describe, expect, it } from 'vitest';
import { buildPatternHeatmapOption, patternTooltip } from './patternHeatmap.ts';
import { buildTrendChartOption, trendTooltip } from './trendChart.ts';

const format = (v: number): string => v.toFixed(1);
const numbers = { style: 'score', locale: 'en-US' } as const;

describe('trend chart', () => {
  const option = buildTrendChartOption({
    labels: ['2026-01', '2026-02', '2026-03'],
    lines: [
      { name: 'Store {a}|b', values: [70, null, 72.5] },
      { name: 'Previous period', values: [68, 69, 70], comparison: true },
    ],
    markers: [{ index: 1, label: 'Alert: fewer positive answers' }],
    format: numbers,
    animation: false,
    zoom: true,
  });

  it('draws one line per input, the comparison dashed, gaps kept, names literal', () => {
    const series = Array.isArray(option.series) ? option.series : [];
    expect(series.map((s) => s.name)).toEqual(['Store ab', 'Previous period']);
    expect(series[0]?.data).toEqual([70, null, 72.5]);
    expect(series[1]).toMatchObject({ lineStyle: { type: 'dashed' } });
    expect(series[0]).toMatchObject({ markLine: { data: [{ xAxis: 1 }] } });
  });

  it('has zoom and brush on the time axis, and aria', () => {
    expect(option.dataZoom).toEqual([
      expect.objectContaining({ type: 'inside' }),
      expect.objectContaining({ type: 'slider' }),
    ]);
    expect(option.aria).toMatchObject({ enabled: true });
  });

  it('steps a count axis by whole numbers, a score axis freely', () => {
    const counts = buildTrendChartOption({
      labels: ['2026-01'],
      lines: [{ name: 'Presses', values: [3] }],
      format: { style: 'count', locale: 'en-US' },
      animation: false,
      zoom: false,
    });
    expect(counts.yAxis).toMatchObject({ minInterval: 1 });
    expect(option.yAxis).not.toHaveProperty('minInterval');
  });

  it('says each value in the tooltip as plain text', () => {
    expect(
      trendTooltip(
        [
          { name: '2026-02', seriesName: 'A', value: 71 },
          { name: '2026-02', seriesName: 'B', value: null },
        ],
        format,
      ),
    ).toBe('2026-02\nA: 71.0\nB: –');
  });
});

describe('pattern heatmap', () => {
  const names = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
  it('puts each cell at hour × weekday (Monday first row), empty cells as "-", bad cells dropped', () => {
    const option = buildPatternHeatmapOption({
      cells: [
        { weekday: 1, hour: 9, value: 12 },
        { weekday: 7, hour: 23, value: null },
        { weekday: 8, hour: 1, value: 5 },
      ],
      weekdayNames: names,
      valueName: 'Presses',
      format: numbers,
      kind: 'count',
      dark: false,
    });
    const series = Array.isArray(option.series) ? option.series : [];
    expect(series[0]?.data).toEqual([
      [9, 0, 12],
      [23, 6, '-'],
    ]);
    expect(option.visualMap).toMatchObject({ min: 0, max: 12 });
  });

  it('names the cell in the tooltip', () => {
    expect(patternTooltip({ value: [14, 2, 61.25] }, { weekdayNames: names, valueName: 'NPS', format })).toBe(
      'Wed 14:00–14:59\nNPS: 61.3',
    );
  });
});
