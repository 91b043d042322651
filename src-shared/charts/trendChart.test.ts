// The trend and heatmap option builders: what a reader sees follows from the input (worked out by hand).
import { describe, expect, it } from 'vitest';
import { buildPatternHeatmapOption, patternTooltip } from './patternHeatmap.ts';
import { optionTable } from './optionTable.ts';
import { buildTrendChartOption, lineDetail, trendTooltip, type TrendLine } from './trendChart.ts';

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

describe('pattern heatmap with few presses', () => {
  const names = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
  const option = buildPatternHeatmapOption({
    cells: [
      { weekday: 1, hour: 9, value: 70, presses: 400 },
      { weekday: 2, hour: 3, value: 20, presses: 4 },
      { weekday: 3, hour: 8, value: 60, presses: 30 },
    ],
    weekdayNames: names,
    valueName: 'Happy Index',
    format: numbers,
    kind: 'score',
    dark: false,
    minPresses: 30,
    fewPresses: (n) => `Only ${n} presses`,
  });
  const series = Array.isArray(option.series) ? option.series : [];

  it('takes a cell under the threshold out of the colour scale into a grey series, and its value out of the range', () => {
    expect(series[0]?.data).toEqual([
      [9, 0, 70],
      [8, 2, 60],
    ]);
    expect(series[1]).toMatchObject({
      id: 'few-presses',
      data: [[3, 1, 20]],
      itemStyle: { color: '#dfe3ea' },
    });
    expect(option.visualMap).toMatchObject({ min: 60, max: 70, seriesIndex: 0 });
  });

  it('says why on hover, and exports every cell in axis order', () => {
    const tooltip = option.tooltip as { formatter: (p: unknown) => string };
    expect(tooltip.formatter({ value: [3, 1, 20] })).toBe(
      'Tue 03:00–03:59\nHappy Index: 20.0\nOnly 4 presses',
    );
    expect(tooltip.formatter({ value: [9, 0, 70] })).toBe('Mon 09:00–09:59\nHappy Index: 70.0');
    expect(optionTable(option, 'Patterns')?.rows).toEqual([
      ['Mon', '09', 70],
      ['Tue', '03', 20],
      ['Wed', '08', 60],
    ]);
  });
});

describe('trend chart intervals', () => {
  const words = {
    interval: '95%',
    change: 'a change',
    noise: 'within noise',
    low: '95% low',
    high: '95% high',
  };
  const lines: TrendLine[] = [
    { name: 'Happy Index', values: [70, 72, null], low: [66, 71, null], high: [74, 73, null] },
    { name: 'Previous period', values: [69, 60, 65], comparison: true, z: [0.4, 8.1, null] },
  ];
  const option = buildTrendChartOption({
    labels: ['2026-01', '2026-02', '2026-03'],
    lines,
    format: numbers,
    animation: false,
    zoom: false,
    words,
  });
  const series = Array.isArray(option.series) ? option.series : [];

  it('draws the band as the lower edge and the width stacked on it, after the lines, out of legend and tooltip', () => {
    expect(series.map((s) => s.name)).toEqual([
      'Happy Index',
      'Previous period',
      'Happy Index, 95% low',
      'Happy Index, 95% high',
    ]);
    expect(series[2]).toMatchObject({ data: [66, 71, null], stack: 'band-0', stackStrategy: 'all' });
    expect(series[3]).toMatchObject({ data: [8, 2, null], stack: 'band-0', areaStyle: { opacity: 0.16 } });
    expect(option.legend).toMatchObject({ data: ['Happy Index', 'Previous period'] });
  });

  it("exports the band's edges as columns: low, and high = low + width", () => {
    const table = optionTable(option, 'Trend');
    expect(table?.columns.map((c) => c.label)).toEqual([
      'Category',
      'Happy Index',
      'Previous period',
      'Happy Index, 95% low',
      'Happy Index, 95% high',
    ]);
    expect(table?.rows[0]).toEqual(['2026-01', 70, 69, 66, 74]);
    expect(table?.rows[2]).toEqual(['2026-03', null, 65, null, null]);
  });

  it('says the interval and whether the change is more than noise, band series left out', () => {
    const text = trendTooltip(
      [
        { name: '2026-01', seriesName: 'Happy Index', value: 70, seriesIndex: 0, dataIndex: 0 },
        { name: '2026-01', seriesName: 'Previous period', value: 69, seriesIndex: 1, dataIndex: 0 },
        { name: '2026-01', seriesName: 'band', value: 66, seriesIndex: 2, dataIndex: 0 },
      ],
      format,
      (si, di) => lineDetail(lines, si, di, words, format),
      2,
    );
    expect(text).toBe(
      '2026-01\nHappy Index: 70.0 (95% 66.0–74.0)\nPrevious period: 69.0 · +1.0 within noise',
    );
    expect(lineDetail(lines, 1, 1, words, format)).toBe('· +12.0 a change');
    expect(lineDetail(lines, 1, 2, words, format)).toBe(''); // no current value: nothing to compare
  });

  it('draws no band for more than two banded lines (the tooltip still says each interval)', () => {
    const many = buildTrendChartOption({
      labels: ['a'],
      lines: [0, 1, 2].map((i) => ({ name: `P${i}`, values: [1], low: [0], high: [2] })),
      format: numbers,
      animation: false,
      zoom: false,
      words,
    });
    expect(Array.isArray(many.series) ? many.series.length : 0).toBe(3);
  });
});

describe('trend chart anomalies', () => {
  it('pins each anomaly on the first line at its period (none where the line has no value), its words as text', () => {
    const option = buildTrendChartOption({
      labels: ['2024-02-27', '2024-02-28', '2024-02-29'],
      lines: [{ name: '<b>Happy</b>', values: [90, 40, null] }],
      anomalies: [
        { index: 1, label: '<img src=x>: unusually bad', worse: true },
        { index: 2, label: 'no value that day', worse: false },
      ],
      format: { style: 'score', locale: 'en' },
      animation: false,
      zoom: false,
    });
    const series = option.series as { markPoint?: { data: { coord: number[]; name: string }[] } }[];
    expect(series[0]?.markPoint?.data).toEqual([
      expect.objectContaining({ coord: [1, 40], name: '<img src=x>: unusually bad' }),
    ]);
  });
});
