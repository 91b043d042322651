// Formatters survive the trip to main: an option copied as JSON keeps its descriptors, and the server-side drawing
// writes axis labels, bar labels and legend names as the app does (expected texts written out by hand).
import { describe, expect, it } from 'vitest';
import { formatter, liveOption, numberFormatter } from '#shared/charts/chartFormat.ts';
import { darkChartColors, lightChartColors, lightColorsForFile } from '#shared/charts/chartText.ts';
import { buildDistributionOption } from '#shared/charts/distribution.ts';
import { buildFollowupTrendOption } from '#shared/charts/followupTrend.ts';
import { buildTrendChartOption } from '#shared/charts/trendChart.ts';
import type { ChartOptionJson } from '#shared/contract.ts';
import { renderChartSvg } from './chartSvg.ts';

/** What the renderer sends: JSON only (functions cannot cross the bridge). */
const overTheBridge = (option: object): ChartOptionJson =>
  JSON.parse(JSON.stringify(option)) as ChartOptionJson;
/** The texts of an SVG's <text> elements. */
const texts = (svg: string): string[] =>
  [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1] ?? '');

describe('formatter descriptors', () => {
  it('a formatter is a function for ECharts and its descriptor in JSON', () => {
    const f = numberFormatter({ style: 'score', locale: 'de-DE' });
    expect(f(71.25)).toBe('71,3');
    expect(f({ value: 1204.5 })).toBe('1.204,5');
    expect(JSON.parse(JSON.stringify({ f }))).toEqual({
      f: { $formatter: 'number', format: { style: 'score', locale: 'de-DE' } },
    });
    const live = liveOption({ a: [{ formatter: JSON.parse(JSON.stringify(f)) as unknown }], b: 'x' });
    const back = (live.a as { formatter: (v: number) => string }[])[0]?.formatter;
    expect(back?.(3)).toBe('3,0');
    expect(live.b).toBe('x');
  });

  it('a count with its share, and a shortened name', () => {
    expect(
      formatter({ $formatter: 'countShare', format: { style: 'count', locale: 'en-US' }, total: 4 })(3),
    ).toBe('3 (75 %)');
    expect(formatter({ $formatter: 'short', max: 5 })('Waiting time')).toBe('Wait…');
  });

  it('unknown or malformed descriptors stay plain data', () => {
    const option = { x: { $formatter: 'eval', code: '1' }, y: { $formatter: 'number', format: 'nope' } };
    expect(liveOption(option)).toEqual(option);
  });
});

describe('exported charts write numbers as the app', () => {
  it('trend: the value axis in the app locale (German decimals), not ECharts defaults', () => {
    const option = buildTrendChartOption({
      labels: ['2026-10', '2026-11'],
      lines: [{ name: 'Happy Index', values: [70.25, 72.5] }],
      format: { style: 'score', locale: 'de-DE' },
      animation: false,
      zoom: false,
    });
    const labels = texts(renderChartSvg(overTheBridge(option), 800, 400));
    // Ticks between 70 and 72.5 are written with one decimal and a comma, as the app's axis shows them.
    expect(labels).toContain('71,0');
    expect(labels.filter((t) => /^\d+\.\d$/.test(t))).toEqual([]);
    // Without the descriptor (the old JSON copy dropped the function) ECharts writes its own "71".
    const yAxis = (option.yAxis ?? {}) as Record<string, unknown>;
    const bare = { ...option, yAxis: { ...yAxis, axisLabel: {} } };
    expect(texts(renderChartSvg(overTheBridge(bare), 800, 400))).not.toContain('71,0');
  });

  it('distribution: each bar labelled with its count and share; follow-ups: long names shortened', () => {
    const option = buildDistributionOption(
      [
        { label: 'female', count: 1500 },
        { label: 'male', count: 500 },
      ],
      { animation: false, name: 'Feedbacks', locale: 'en-US' },
    );
    const labels = texts(renderChartSvg(overTheBridge(option), 600, 300));
    // 1500 of 2000 = 75 %, 500 of 2000 = 25 %.
    expect(labels).toEqual(expect.arrayContaining(['1,500 (75 %)', '500 (25 %)']));
    const long = 'A very long follow-up option text that goes on and on';
    const followups = buildFollowupTrendOption(
      { periods: ['2026-10-01'], lines: [{ optionText: long, share: [100], count: [1] }] },
      { animation: false },
    );
    const legend = texts(renderChartSvg(overTheBridge(followups), 800, 300));
    expect(legend).toContain(`${long.slice(0, 31)}…`);
    expect(legend).not.toContain(long);
  });
});

describe('a chart drawn in the dark theme', () => {
  it('is exported with the light theme colours (a file is a white page)', () => {
    const option = buildFollowupTrendOption(
      { periods: ['2026-10-01'], lines: [{ optionText: 'Queue', share: [100], count: [1] }] },
      { animation: false, colors: darkChartColors },
    );
    const json = lightColorsForFile(JSON.stringify(option));
    for (const dark of Object.values(darkChartColors)) expect(json).not.toContain(dark);
    const light = JSON.parse(json) as {
      legend: { textStyle: { color: string } };
      yAxis: { splitLine: unknown };
    };
    expect(light.legend.textStyle.color).toBe(lightChartColors.text);
    expect(light.yAxis.splitLine).toEqual({ lineStyle: { color: lightChartColors.grid } });
  });
});
