// Option builder for the daily stacked-bar chart of presses per button: pure data shaping, no DOM, no ECharts runtime.
import type { BarSeriesOption } from 'echarts/charts';
import type {
  AriaComponentOption,
  GridComponentOption,
  LegendComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import type { QueryRow } from '../contract.ts';
import type { ScaleGroup } from '../metrics/scales.ts';
import { buttonScale } from './buttonScale.ts';

export type DailyButtonChartOption = ComposeOption<
  BarSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption | AriaComponentOption
>;

export interface DailyButtonSeries {
  buttonIndex: number;
  name: string;
  color: string;
  /** One count per entry of `days`. */
  data: number[];
}

/** Counts per local day (gaps filled with zeros) and button index of one scale group, ready to draw or compare. */
export interface DailyButtonTable {
  group: ScaleGroup;
  days: string[];
  series: DailyButtonSeries[];
  /** Presses drawn (every series summed). */
  total: number;
  /** Presses whose index lies beyond the group's buttons: not drawn, counted so the page can say so. */
  outside: number;
}

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
/** Beyond this many days the axis keeps only days that have data, rather than allocating a huge empty range. */
const maxFilledDays = 3660;

/**
 * Rows of `analytics:query` grouped by `['day', 'buttonIndex']` and filtered to the scales of `group` → a dense
 * day × button table with one series per button of that group (rows of several queries may be passed together:
 * duplicates are summed).
 */
export function tabulateDailyButtonCounts(rows: readonly QueryRow[], group: ScaleGroup): DailyButtonTable {
  const scale = buttonScale(group);
  const counts = new Map<string, Map<number, number>>();
  let total = 0;
  let outside = 0;
  for (const row of rows) {
    const { day, buttonIndex, count } = row;
    if (day === undefined || !dayPattern.test(day) || buttonIndex === undefined || count === undefined)
      continue;
    if (!Number.isInteger(buttonIndex) || buttonIndex < 0 || !(count >= 0)) continue;
    if (buttonIndex >= scale.size) {
      outside += count;
      continue;
    }
    const perDay = counts.get(day) ?? new Map<number, number>();
    perDay.set(buttonIndex, (perDay.get(buttonIndex) ?? 0) + count);
    counts.set(day, perDay);
    total += count;
  }
  const days = fillDays([...counts.keys()].sort());
  const series = Array.from({ length: scale.size }, (_, buttonIndex) => ({
    buttonIndex,
    name: scale.labels[buttonIndex] ?? `Button ${buttonIndex}`,
    color: scale.colors[buttonIndex] ?? '#888888',
    data: days.map((day) => counts.get(day)?.get(buttonIndex) ?? 0),
  }));
  return { group, days, series, total, outside };
}

/** Presses per button over all days of a table (index i → count). */
export function buttonTotals(table: DailyButtonTable): number[] {
  return table.series.map((s) => s.data.reduce((a, b) => a + b, 0));
}

/** Every calendar day from the first to the last (inclusive), computed on UTC dates so no zone shifts a day. */
export function fillDays(sortedDays: readonly string[]): string[] {
  const first = sortedDays[0];
  const last = sortedDays[sortedDays.length - 1];
  if (first === undefined || last === undefined) return [];
  const start = Date.parse(`${first}T00:00:00Z`);
  const end = Date.parse(`${last}T00:00:00Z`);
  const span = Math.round((end - start) / 86_400_000);
  if (!Number.isFinite(span) || span > maxFilledDays) return [...sortedDays];
  return Array.from({ length: span + 1 }, (_, i) =>
    new Date(start + i * 86_400_000).toISOString().slice(0, 10),
  );
}

/** The part of ECharts' tooltip callback parameters the formatter reads. */
export interface TooltipParam {
  seriesName?: string;
  name?: string;
  value?: unknown;
}

/**
 * Tooltip text for one day. The tooltip uses ECharts' richText mode (drawn on the canvas, never HTML), and the
 * text is plain: `{` `}` `|` are rich-text markup there, so they are dropped from names to keep them literal.
 */
export function formatDailyTooltip(
  params: TooltipParam | TooltipParam[],
  words: TooltipWords = englishTooltipWords,
): string {
  const list = Array.isArray(params) ? params : [params];
  const plain = (s: string): string => s.replace(/[{}|]/g, '');
  const day = plain(list[0]?.name ?? '');
  let sum = 0;
  const lines = [...list].reverse().map((p) => {
    const n = typeof p.value === 'number' ? p.value : 0;
    sum += n;
    return `${plain(p.seriesName ?? '')}: ${words.count(n)}`;
  });
  return [words.day(day), ...lines, `${words.total}: ${words.count(sum)}`].join('\n');
}

/** The tooltip's words and number format (the app: its messages and the user's locale). */
export interface TooltipWords {
  total: string;
  count(n: number): string;
  /** The day as shown (given as `yyyy-MM-dd`). */
  day(text: string): string;
}

export const englishTooltipWords: TooltipWords = {
  total: 'Total',
  count: (n) => n.toLocaleString('en-US'),
  day: (text) => text,
};

export interface DailyButtonChartSettings {
  /** Off for tests, screenshots and prefers-reduced-motion. */
  animation: boolean;
  tooltip?: TooltipWords;
}

export function buildDailyButtonChartOption(
  table: DailyButtonTable,
  settings: DailyButtonChartSettings,
): DailyButtonChartOption {
  return {
    animation: settings.animation,
    aria: { enabled: true, decal: { show: false } },
    color: table.series.map((s) => s.color),
    grid: { left: 56, right: 24, top: 56, bottom: 40 },
    legend: {
      top: 8,
      left: 'center',
      icon: 'roundRect',
      itemWidth: 12,
      itemHeight: 12,
      textStyle: { color: '#3c4452' },
    },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      renderMode: 'richText',
      formatter: (params) => formatDailyTooltip(params, settings.tooltip),
    },
    xAxis: {
      type: 'category',
      data: table.days,
      axisTick: { alignWithLabel: true },
      axisLabel: { color: '#5b6472', hideOverlap: true },
      axisLine: { lineStyle: { color: '#c7ccd6' } },
    },
    yAxis: {
      type: 'value',
      minInterval: 1,
      axisLabel: { color: '#5b6472' },
      splitLine: { lineStyle: { color: '#eceff4' } },
    },
    series: table.series.map((s): BarSeriesOption => ({
      type: 'bar',
      name: s.name,
      stack: 'presses',
      data: s.data,
      barMaxWidth: 28,
      emphasis: { focus: 'series' },
      itemStyle: { color: s.color },
    })),
  };
}
