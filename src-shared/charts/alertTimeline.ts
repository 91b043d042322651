// Option builder for the alert timeline: alerts begun per local day, acknowledged or not, and how many are still open.
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type {
  AriaComponentOption,
  DataZoomComponentOption,
  GridComponentOption,
  LegendComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { lightChartColors, zoomableDayAxes, type ChartColors } from './chartText.ts';
import { fillDays } from './dailyButtonCounts.ts';

export type AlertTimelineOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
  | AriaComponentOption
  | DataZoomComponentOption
>;

/** Alerts that began on one local day (the shape of `alerts:perDay`). */
export interface AlertDayCount {
  day: string;
  count: number;
  acknowledged: number;
  open: number;
}

export interface AlertTimelineTable {
  days: string[];
  acknowledged: number[];
  unacknowledged: number[];
  open: number[];
  total: number;
}

/** Days filled from the first to the last (zeros between), one number per day and kind; bad rows are skipped. */
export function tabulateAlertDays(rows: readonly AlertDayCount[]): AlertTimelineTable {
  const byDay = new Map<string, AlertDayCount>();
  for (const r of rows) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(r.day) || !(r.count >= 0)) continue;
    const seen = byDay.get(r.day);
    byDay.set(
      r.day,
      seen
        ? {
            day: r.day,
            count: seen.count + r.count,
            acknowledged: seen.acknowledged + r.acknowledged,
            open: seen.open + r.open,
          }
        : r,
    );
  }
  const days = fillDays([...byDay.keys()].sort());
  const at = (d: string): AlertDayCount => byDay.get(d) ?? { day: d, count: 0, acknowledged: 0, open: 0 };
  const acknowledged = days.map((d) => Math.min(at(d).acknowledged, at(d).count));
  return {
    days,
    acknowledged,
    unacknowledged: days.map((d, i) => at(d).count - (acknowledged[i] ?? 0)),
    open: days.map((d) => at(d).open),
    total: days.reduce((sum, d) => sum + at(d).count, 0),
  };
}

export interface AlertTimelineSettings {
  animation: boolean;
  colors?: ChartColors;
  /** Series names (translated by the caller). */
  labels: { acknowledged: string; unacknowledged: string; open: string };
}

export function buildAlertTimelineOption(
  table: AlertTimelineTable,
  settings: AlertTimelineSettings,
): AlertTimelineOption {
  const c = settings.colors ?? lightChartColors;
  const bar = (name: string, data: number[], color: string): BarSeriesOption => ({
    type: 'bar',
    name,
    stack: 'alerts',
    data,
    barMaxWidth: 24,
    itemStyle: { color },
  });
  return {
    animation: settings.animation,
    aria: { enabled: true, decal: { show: false } },
    grid: { left: 48, right: 24, top: 48, bottom: 64 },
    legend: { top: 8, left: 'center', textStyle: { color: c.text } },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, renderMode: 'richText' },
    ...zoomableDayAxes(table.days, c),
    series: [
      bar(settings.labels.acknowledged, table.acknowledged, '#4f86c6'),
      bar(settings.labels.unacknowledged, table.unacknowledged, '#e0843a'),
      {
        type: 'line',
        name: settings.labels.open,
        // A marker only on days with an alert still open: a dot at zero on every other day read as "open" too.
        // The value stays (tooltip, exported table); only its symbol is hidden.
        data: table.open.map((n) => ({ value: n, symbolSize: n > 0 ? 7 : 0 })),
        symbol: 'circle',
        lineStyle: { width: 0 },
        itemStyle: { color: '#c0392b' },
      },
    ],
  };
}
