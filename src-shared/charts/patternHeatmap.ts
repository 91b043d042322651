// Option builder for the hour-of-day × weekday heatmap of the views (counts or a score, light or dark).
import type { HeatmapSeriesOption } from 'echarts/charts';
import type {
  AriaComponentOption,
  GridComponentOption,
  TooltipComponentOption,
  VisualMapComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { formatNumber, numberFormatter, type NumberFormat } from './chartFormat.ts';
import { lightChartColors, type ChartColors } from './chartText.ts';

export type PatternHeatmapOption = ComposeOption<
  | HeatmapSeriesOption
  | GridComponentOption
  | VisualMapComponentOption
  | TooltipComponentOption
  | AriaComponentOption
>;

export interface PatternCell {
  /** ISO weekday, 1 = Monday … 7 = Sunday. */
  weekday: number;
  /** 0–23, local to each point. */
  hour: number;
  value: number | null;
  /** The presses behind a score: below `minPresses` the cell is muted (grey) and its tooltip says why. */
  presses?: number;
}

export interface PatternHeatmapInput {
  cells: PatternCell[];
  /** Weekday names Monday first, in the user's language. */
  weekdayNames: string[];
  valueName: string;
  /** How values are written (legend, tooltip): data, so an export writes them as the app. */
  format: NumberFormat;
  /** A score is coloured from red (low) to green (high); counts from light to dark blue. */
  kind: 'count' | 'score';
  colors?: ChartColors;
  dark: boolean;
  /** Score cells with fewer presses are drawn grey, out of the colour scale (their value is mostly noise). */
  minPresses?: number;
  /** The tooltip's sentence for such a cell, given its presses. */
  fewPresses?: (presses: number) => string;
}

/** Cells with fewer presses than this are muted on a score heatmap: below it a 95% interval is ±10 points or wider. */
export const defaultMinCellPresses = 30;

/** Tooltip text of one cell (plain, drawn on the canvas). */
export function patternTooltip(
  cell: { value?: unknown },
  input: Pick<PatternHeatmapInput, 'weekdayNames' | 'valueName'> & { format: (value: number) => string },
): string {
  const v = Array.isArray(cell.value) ? cell.value : [];
  const [hour, day, value] = v;
  const name = typeof day === 'number' ? (input.weekdayNames[day] ?? '') : '';
  const h =
    typeof hour === 'number' ? `${String(hour).padStart(2, '0')}:00–${String(hour).padStart(2, '0')}:59` : '';
  return `${name} ${h}\n${input.valueName}: ${typeof value === 'number' ? input.format(value) : '–'}`;
}

export function buildPatternHeatmapOption(input: PatternHeatmapInput): PatternHeatmapOption {
  const colors = input.colors ?? lightChartColors;
  const few = (c: PatternCell): boolean =>
    input.kind === 'score' &&
    input.minPresses !== undefined &&
    c.presses !== undefined &&
    c.value !== null &&
    c.presses < input.minPresses;
  const shown = input.cells.filter((c) => c.weekday >= 1 && c.weekday <= 7 && c.hour >= 0 && c.hour <= 23);
  const cellOf = (c: PatternCell): [number, number, number | '-'] => [c.hour, c.weekday - 1, c.value ?? '-'];
  const data = shown.filter((c) => !few(c)).map(cellOf);
  const muted = shown.filter(few);
  const pressesAt = new Map(muted.map((c) => [`${c.hour}|${c.weekday - 1}`, c.presses ?? 0]));
  const values = shown.flatMap((c) => (c.value === null || few(c) ? [] : [c.value]));
  const min = values.length ? Math.min(...values) : 0;
  const max = values.length ? Math.max(...values) : 1;
  const countColors = input.dark
    ? ['#1d2433', '#2b4a7a', '#4f7fd0', '#a9c4ff']
    : ['#f1f4fa', '#9ec5e8', '#2f6fb0', '#173d6b'];
  const scoreColors = ['#c0392b', '#e8b04a', '#f2e6a0', '#7dbb6e', '#1f7a3a'];
  return {
    animation: false,
    aria: { enabled: true },
    grid: { left: 56, right: 96, top: 16, bottom: 48 },
    tooltip: {
      renderMode: 'richText',
      formatter: (p) => {
        const cell = Array.isArray(p) ? (p[0] ?? {}) : p;
        const text = patternTooltip(cell, { ...input, format: (v) => formatNumber(input.format, v) });
        const v: unknown = Reflect.get(cell, 'value');
        const n = Array.isArray(v) ? pressesAt.get(`${String(v[0])}|${String(v[1])}`) : undefined;
        return n !== undefined && input.fewPresses ? `${text}\n${input.fewPresses(n)}` : text;
      },
    },
    xAxis: {
      type: 'category',
      data: Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0')),
      axisLabel: { color: colors.muted },
      axisLine: { lineStyle: { color: colors.axis } },
      splitArea: { show: true },
    },
    yAxis: {
      type: 'category',
      data: [...input.weekdayNames],
      inverse: true,
      axisLabel: { color: colors.muted },
      axisLine: { lineStyle: { color: colors.axis } },
      splitArea: { show: true },
    },
    visualMap: {
      min: input.kind === 'count' ? 0 : min,
      max: Math.max(max, input.kind === 'count' ? 1 : min + 1),
      calculable: false,
      text: [formatNumber(input.format, max), formatNumber(input.format, input.kind === 'count' ? 0 : min)],
      orient: 'vertical',
      right: 8,
      top: 'middle',
      textStyle: { color: colors.text },
      formatter: numberFormatter(input.format),
      inRange: { color: input.kind === 'count' ? countColors : scoreColors },
      seriesIndex: 0,
    },
    series: [
      {
        type: 'heatmap',
        name: input.valueName,
        data,
        label: { show: false },
        emphasis: { itemStyle: { borderColor: colors.text, borderWidth: 1 } },
      },
      ...(muted.length
        ? [
            {
              // Out of the colour scale: grey, hatched by a lighter border, so it reads as "not enough to tell".
              type: 'heatmap' as const,
              id: 'few-presses',
              name: input.valueName,
              data: muted.map(cellOf),
              label: { show: false },
              itemStyle: {
                color: input.dark ? '#3a404b' : '#dfe3ea',
                borderColor: colors.grid,
                borderWidth: 1,
              },
              emphasis: { itemStyle: { borderColor: colors.text, borderWidth: 1 } },
            },
          ]
        : []),
    ],
  };
}
