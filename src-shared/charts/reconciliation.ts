// Option builder for reconciliation: per local day, v1 summed vs v1 raw vs v2 (all, and without misuse).
import type { LineSeriesOption } from 'echarts/charts';
import type {
  AriaComponentOption,
  DataZoomComponentOption,
  GridComponentOption,
  LegendComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { lightChartColors, zoomableDayAxes, type ChartColors } from './chartText.ts';

export type ReconciliationChartOption = ComposeOption<
  | LineSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
  | AriaComponentOption
  | DataZoomComponentOption
>;

/** The counts of one row of `reconciliation:daily` the chart adds up per day. */
export interface ReconciliationCounts {
  day: string;
  v1Summed: number | null;
  v1Raw: number | null;
  v2All: number | null;
  v2Misuse: number | null;
}

export interface ReconciliationDays {
  days: string[];
  v1Summed: number[];
  v1Raw: number[];
  v2All: number[];
  /** v2 presses without misuse: what v1's summed results should equal. */
  v2WithoutMisuse: number[];
}

/** Rows (one per point, question and day) summed per day, oldest first; a missing count adds nothing. */
export function sumReconciliationDays(rows: readonly ReconciliationCounts[]): ReconciliationDays {
  const byDay = new Map<string, [number, number, number, number]>();
  for (const r of rows) {
    const t = byDay.get(r.day) ?? [0, 0, 0, 0];
    t[0] += r.v1Summed ?? 0;
    t[1] += r.v1Raw ?? 0;
    t[2] += r.v2All ?? 0;
    t[3] += (r.v2All ?? 0) - (r.v2Misuse ?? 0);
    byDay.set(r.day, t);
  }
  const days = [...byDay.keys()].sort();
  const col = (k: 0 | 1 | 2 | 3): number[] => days.map((d) => byDay.get(d)?.[k] ?? 0);
  return { days, v1Summed: col(0), v1Raw: col(1), v2All: col(2), v2WithoutMisuse: col(3) };
}

export interface ReconciliationLabels {
  v1Summed: string;
  v1Raw: string;
  v2All: string;
  v2WithoutMisuse: string;
}

export function buildReconciliationOption(
  table: ReconciliationDays,
  settings: { animation: boolean; labels: ReconciliationLabels; colors?: ChartColors },
): ReconciliationChartOption {
  const c = settings.colors ?? lightChartColors;
  const line = (name: string, data: number[], color: string, dashed = false): LineSeriesOption => ({
    type: 'line',
    name,
    data,
    showSymbol: false,
    lineStyle: { width: dashed ? 2 : 1.5, type: dashed ? 'dashed' : 'solid', color },
    itemStyle: { color },
  });
  return {
    animation: settings.animation,
    aria: { enabled: true, decal: { show: false } },
    grid: { left: 56, right: 24, top: 48, bottom: 64 },
    legend: { top: 8, left: 'center', textStyle: { color: c.text } },
    tooltip: { trigger: 'axis', renderMode: 'richText' },
    ...zoomableDayAxes(table.days, c),
    series: [
      line(settings.labels.v1Summed, table.v1Summed, '#4f86c6'),
      line(settings.labels.v1Raw, table.v1Raw, '#e0843a'),
      line(settings.labels.v2All, table.v2All, '#7f8c8d'),
      line(settings.labels.v2WithoutMisuse, table.v2WithoutMisuse, '#2e9a55', true),
    ],
  };
}
