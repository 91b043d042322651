// Option builder for the alert replay's timeline: per local week, the alerts the replay raised (bars) against those
// the service raised (a line), text-only tooltips.
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type { AlertReplayWeek } from '../contract.ts';
import { lightChartColors, zoomableDayAxes, type ChartColors } from './chartText.ts';
import type { AlertTimelineOption } from './alertTimeline.ts';

export interface AlertReplayTimelineSettings {
  animation: boolean;
  colors?: ChartColors;
  /** Series names (translated by the caller). */
  labels: { replayed: string; service: string };
}

export function buildAlertReplayTimelineOption(
  weeks: readonly AlertReplayWeek[],
  settings: AlertReplayTimelineSettings,
): AlertTimelineOption {
  const c = settings.colors ?? lightChartColors;
  const replayed: BarSeriesOption = {
    type: 'bar',
    name: settings.labels.replayed,
    data: weeks.map((w) => w.replayed),
    barMaxWidth: 18,
    itemStyle: { color: '#4f86c6' },
  };
  const service: LineSeriesOption = {
    type: 'line',
    name: settings.labels.service,
    data: weeks.map((w) => w.service),
    step: 'middle',
    symbol: 'circle',
    symbolSize: 4,
    lineStyle: { width: 2, color: '#c0392b' },
    itemStyle: { color: '#c0392b' },
  };
  return {
    animation: settings.animation,
    aria: { enabled: true, decal: { show: false } },
    grid: { left: 48, right: 24, top: 48, bottom: 64 },
    legend: { top: 8, left: 'center', textStyle: { color: c.text } },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, renderMode: 'richText' },
    ...zoomableDayAxes(
      weeks.map((w) => w.week),
      c,
    ),
    series: [replayed, service],
  };
}
