// Option builder for the trend line chart: one line per point or period, the comparison dashed, alert markers,
// zoom and brush on the time axis. Pure data shaping, no DOM; names are canvas text (never HTML).
import type { LineSeriesOption } from 'echarts/charts';
import type {
  AriaComponentOption,
  DataZoomComponentOption,
  GridComponentOption,
  LegendComponentOption,
  MarkLineComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { formatNumber, numberFormatter, type NumberFormat } from './chartFormat.ts';
import { lightChartColors, plainChartText, shortChartText, type ChartColors } from './chartText.ts';

export type TrendChartOption = ComposeOption<
  | LineSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
  | AriaComponentOption
  | DataZoomComponentOption
  | MarkLineComponentOption
>;

export interface TrendLine {
  /** Untrusted when it is a point's name: shortened and kept literal. */
  name: string;
  values: (number | null)[];
  /** The comparison is drawn dashed and grey. */
  comparison?: boolean;
}

export interface TrendMarker {
  /** Index on the time axis. */
  index: number;
  label: string;
}

export interface TrendChartInput {
  /** The time axis' labels, oldest first. */
  labels: string[];
  lines: TrendLine[];
  markers?: TrendMarker[];
  /** How the axis and the tooltip write a value (locale, count or score): data, so an export writes it the same. */
  format: NumberFormat;
  colors?: ChartColors;
  animation: boolean;
  /** Zoom (wheel, drag) and a slider under the chart: for long axes. */
  zoom: boolean;
}

export const trendPalette = [
  '#2f5bd3',
  '#d9822b',
  '#1f9d6b',
  '#b03a8c',
  '#6b5bd3',
  '#c0392b',
  '#0f8ca8',
  '#7a8b2c',
];

/** Tooltip text: the period, then each line's value (plain text, drawn on the canvas). */
export function trendTooltip(
  params: Array<{ name?: string; seriesName?: string; value?: unknown }>,
  format: (value: number) => string,
): string {
  const head = plainChartText(params[0]?.name ?? '');
  const lines = params.map(
    (p) => `${plainChartText(p.seriesName ?? '')}: ${typeof p.value === 'number' ? format(p.value) : '–'}`,
  );
  return [head, ...lines].join('\n');
}

export function buildTrendChartOption(input: TrendChartInput): TrendChartOption {
  const colors = input.colors ?? lightChartColors;
  let colorIndex = 0;
  const series = input.lines.map((line, i): LineSeriesOption => {
    const color = line.comparison
      ? colors.muted
      : (trendPalette[colorIndex++ % trendPalette.length] ?? '#2f5bd3');
    return {
      type: 'line',
      name: shortChartText(line.name),
      data: line.values,
      connectNulls: false,
      showSymbol: input.labels.length <= 60,
      symbolSize: 5,
      lineStyle: { width: line.comparison ? 1.5 : 2.5, type: line.comparison ? 'dashed' : 'solid', color },
      itemStyle: { color },
      emphasis: { focus: 'series' },
      z: line.comparison ? 1 : 2,
      ...(i === 0 && input.markers?.length
        ? {
            markLine: {
              symbol: 'none',
              silent: false,
              // Quiet until pointed at: many alert days must not hide the line.
              label: {
                show: false,
                formatter: '{b}',
                color: colors.text,
                fontSize: 10,
                position: 'insideEndTop',
              },
              emphasis: { label: { show: true } },
              lineStyle: { color: '#c0392b', type: 'dotted', width: 1, opacity: 0.45 },
              data: input.markers.map((m) => ({ xAxis: m.index, name: shortChartText(m.label, 24) })),
            },
          }
        : {}),
    };
  });
  return {
    animation: input.animation,
    aria: { enabled: true, decal: { show: false } },
    grid: { left: 56, right: 24, top: 48, bottom: input.zoom ? 72 : 36 },
    legend: { top: 8, left: 'center', textStyle: { color: colors.text }, type: 'scroll' },
    tooltip: {
      trigger: 'axis',
      renderMode: 'richText',
      formatter: (params) =>
        trendTooltip(Array.isArray(params) ? params : [params], (v) => formatNumber(input.format, v)),
    },
    xAxis: {
      type: 'category',
      data: input.labels,
      boundaryGap: false,
      // 14 px below the axis: the first period's label otherwise touches the value axis' lowest label.
      axisLabel: { color: colors.muted, hideOverlap: true, margin: 14 },
      axisLine: { lineStyle: { color: colors.axis } },
    },
    yAxis: {
      type: 'value',
      scale: true,
      // Counts are whole: no 0.5 steps (shown rounded, they read 0, 1, 1, 2, 2 on a small count).
      ...(input.format.style === 'count' ? { minInterval: 1 } : {}),
      axisLabel: { color: colors.muted, formatter: numberFormatter(input.format) },
      splitLine: { lineStyle: { color: colors.grid } },
    },
    dataZoom: input.zoom
      ? [
          { type: 'inside', xAxisIndex: 0 },
          { type: 'slider', xAxisIndex: 0, height: 20, bottom: 12, textStyle: { color: colors.muted } },
        ]
      : [],
    series,
  };
}
