// Option builder for the weekday × hour-of-day heatmap of presses: pure data shaping, no DOM, no ECharts runtime.
import type { HeatmapSeriesOption } from 'echarts/charts';
import type { GridComponentOption, VisualMapComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import type { QueryRow } from '../contract.ts';

export type HourOfWeekOption = ComposeOption<
  HeatmapSeriesOption | GridComponentOption | VisualMapComponentOption
>;

export const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/**
 * Presses per [weekday 0 = Monday][local hour 0..23], from rows grouped by `weekday` (ISO 1..7) and `hourOfDay`,
 * or by `hour` (local yyyy-MM-ddTHH, whose weekday is computed on UTC so no zone of this machine shifts it).
 */
export function tabulateHourOfWeek(rows: readonly QueryRow[]): number[][] {
  const grid = weekdays.map(() => Array.from({ length: 24 }, () => 0));
  for (const row of rows) {
    let weekday: number | undefined;
    let hour: number | undefined;
    if (row.weekday !== undefined && row.hourOfDay !== undefined) {
      weekday = row.weekday - 1;
      hour = row.hourOfDay;
    } else {
      const m = /^(\d{4}-\d{2}-\d{2})T(\d{2})$/.exec(row.hour ?? '');
      if (!m?.[1] || !m[2]) continue;
      weekday = (new Date(`${m[1]}T00:00:00Z`).getUTCDay() + 6) % 7;
      hour = Number(m[2]);
    }
    const line = grid[weekday];
    if (line && hour >= 0 && hour < 24) line[hour] = (line[hour] ?? 0) + (row.count ?? 0);
  }
  return grid;
}

export function buildHourOfWeekOption(grid: readonly (readonly number[])[]): HourOfWeekOption {
  const data: [number, number, number][] = [];
  let max = 0;
  grid.forEach((line, day) =>
    line.forEach((n, hour) => {
      data.push([hour, day, n]);
      max = Math.max(max, n);
    }),
  );
  return {
    animation: false,
    grid: { left: 56, right: 96, top: 16, bottom: 48 },
    xAxis: {
      type: 'category',
      data: Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0')),
      name: 'Local hour',
      nameLocation: 'middle',
      nameGap: 28,
      splitArea: { show: true },
    },
    yAxis: { type: 'category', data: [...weekdays], inverse: true, splitArea: { show: true } },
    visualMap: {
      min: 0,
      max: Math.max(1, max),
      calculable: false,
      orient: 'vertical',
      right: 8,
      top: 'middle',
      inRange: { color: ['#f4f6fb', '#9ec5e8', '#2f6fb0', '#173d6b'] },
    },
    series: [{ type: 'heatmap', name: 'Presses', data, label: { show: false } }],
  };
}
