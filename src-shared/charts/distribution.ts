// Option builder for a distribution as horizontal bars (people: gender, age bands, contact details): label → count.
import type { BarSeriesOption } from 'echarts/charts';
import type { AriaComponentOption, GridComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { formatter, numberFormatter, type NumberFormat } from './chartFormat.ts';
import { lightChartColors, shortChartText, type ChartColors } from './chartText.ts';

export type DistributionOption = ComposeOption<
  BarSeriesOption | GridComponentOption | TooltipComponentOption | AriaComponentOption
>;

export interface DistributionBar {
  /** Shown as it is, shortened for the axis (untrusted text stays canvas text). */
  label: string;
  count: number;
}

export function buildDistributionOption(
  bars: readonly DistributionBar[],
  settings: {
    animation: boolean;
    name: string;
    color?: string;
    colors?: ChartColors;
    /** The user's locale for the bars' labels (default en-US). */
    locale?: string;
  },
): DistributionOption {
  const c = settings.colors ?? lightChartColors;
  const format: NumberFormat = { style: 'count', locale: settings.locale ?? 'en-US' };
  const total = bars.reduce((sum, b) => sum + b.count, 0);
  return {
    animation: settings.animation,
    aria: { enabled: true, decal: { show: false } },
    // Room on the right for the longest bar's label ("1,204 (53 %)").
    grid: { left: 8, right: 88, top: 8, bottom: 8, containLabel: true },
    tooltip: { trigger: 'item', renderMode: 'richText' },
    // Top bar first: the category axis counts from the bottom, so the bars go in reversed.
    yAxis: {
      type: 'category',
      data: bars.map((b) => shortChartText(b.label, 28)).reverse(),
      axisLabel: { color: c.text },
      axisLine: { lineStyle: { color: c.axis } },
    },
    xAxis: {
      type: 'value',
      minInterval: 1,
      axisLabel: { color: c.muted, formatter: numberFormatter(format) },
      splitLine: { lineStyle: { color: c.grid } },
    },
    series: [
      {
        type: 'bar',
        name: settings.name,
        data: bars.map((b) => b.count).reverse(),
        barMaxWidth: 22,
        itemStyle: { color: settings.color ?? '#4f86c6' },
        label: {
          show: true,
          position: 'right',
          color: c.muted,
          formatter: formatter({ $formatter: 'countShare', format, total }),
        },
      },
    ],
  };
}
