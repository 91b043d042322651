// Option builder for the trend of pain points or highlights: each option's share of its side's choices per period.
import type { LineSeriesOption } from 'echarts/charts';
import type {
  AriaComponentOption,
  GridComponentOption,
  LegendComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { formatter } from './chartFormat.ts';
import { lightChartColors, plainChartText, type ChartColors } from './chartText.ts';

export type FollowupTrendOption = ComposeOption<
  | LineSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
  | AriaComponentOption
>;

/** One option in one period (the shape of `followups:trend` rows). */
export interface FollowupTrendPoint {
  period: string;
  side: 'painPoint' | 'highlight';
  optionText: string;
  count: number;
  share: number;
}

export interface FollowupTrendTable {
  periods: string[];
  /** One line per option, in the order options first appear; `share` in percent, null where not chosen. */
  lines: Array<{ optionText: string; share: Array<number | null>; count: number[] }>;
}

/** Rows of one side → periods in order × options; a period where an option was not chosen holds share 0. */
export function tabulateFollowupTrend(
  rows: readonly FollowupTrendPoint[],
  side: FollowupTrendPoint['side'],
): FollowupTrendTable {
  const mine = rows.filter((r) => r.side === side);
  const periods = [...new Set(mine.map((r) => r.period))].sort();
  const index = new Map(periods.map((p, i) => [p, i]));
  const lines = new Map<string, FollowupTrendTable['lines'][number]>();
  for (const r of mine) {
    let line = lines.get(r.optionText);
    if (!line) {
      line = { optionText: r.optionText, share: periods.map(() => 0), count: periods.map(() => 0) };
      lines.set(r.optionText, line);
    }
    const i = index.get(r.period) ?? 0;
    line.share[i] = Math.round(r.share * 1000) / 10;
    line.count[i] = r.count;
  }
  return { periods, lines: [...lines.values()] };
}

const palette = ['#4f86c6', '#e0843a', '#2e9a55', '#b55fb5', '#d64541', '#7f8c8d', '#c9a227', '#17a2b8'];

export function buildFollowupTrendOption(
  table: FollowupTrendTable,
  settings: { animation: boolean; colors?: ChartColors },
): FollowupTrendOption {
  const c = settings.colors ?? lightChartColors;
  return {
    animation: settings.animation,
    aria: { enabled: true, decal: { show: false } },
    color: palette,
    grid: { left: 48, right: 24, top: 56, bottom: 36 },
    legend: {
      top: 8,
      left: 'center',
      type: 'scroll',
      textStyle: { color: c.text },
      formatter: formatter({ $formatter: 'short', max: 32 }),
    },
    tooltip: {
      trigger: 'axis',
      renderMode: 'richText',
      valueFormatter: (v) => (typeof v === 'number' ? `${v.toFixed(1)} %` : ''),
    },
    xAxis: {
      type: 'category',
      data: table.periods,
      axisLabel: { color: c.muted, hideOverlap: true },
      axisLine: { lineStyle: { color: c.axis } },
    },
    yAxis: {
      type: 'value',
      axisLabel: { color: c.muted, formatter: '{value} %' },
      splitLine: { lineStyle: { color: c.grid } },
    },
    series: table.lines.map((l): LineSeriesOption => ({
      type: 'line',
      name: plainChartText(l.optionText).slice(0, 200),
      data: l.share,
      symbolSize: 5,
      emphasis: { focus: 'series' },
    })),
  };
}
