// Option builder for the "why it changed" waterfall: the previous score, each part's contribution (largest first),
// the current score. Pure data shaping; names are canvas text (never HTML).
import type { BarSeriesOption } from 'echarts/charts';
import type { AriaComponentOption, GridComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { formatNumber, numberFormatter, type NumberFormat } from './chartFormat.ts';
import { lightChartColors, plainChartText, shortChartText, type ChartColors } from './chartText.ts';

export type WaterfallOption = ComposeOption<
  BarSeriesOption | GridComponentOption | TooltipComponentOption | AriaComponentOption
>;

export interface WaterfallStep {
  /** Untrusted (a point's name, a survey's question): shortened and kept literal. */
  name: string;
  /** The part's contribution to the change (rate + mix). */
  value: number;
  /** The tooltip's further lines (plain text, already in the user's language). */
  detail?: string[];
}

export interface WaterfallInput {
  startLabel: string;
  endLabel: string;
  start: number;
  end: number;
  steps: WaterfallStep[];
  format: NumberFormat;
  colors?: ChartColors;
  animation: boolean;
}

const up = '#1f9d6b';
const down = '#c0392b';
const wholeColor = '#2f5bd3';

/** 1, 2 or 5 times a power of ten, at least `raw`: an axis step people read. */
function niceStep(raw: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const n = raw / magnitude;
  return (n <= 1 ? 1 : n <= 2 ? 2 : n <= 5 ? 5 : 10) * magnitude;
}

/** A contribution with its sign, one decimal more than the score: parts of a 0.1 change must not all read 0.0. */
const signed = (format: NumberFormat, v: number): string => {
  let digits: Intl.NumberFormat;
  try {
    digits = new Intl.NumberFormat(format.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  } catch {
    digits = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  }
  return `${v > 0 ? '+' : v < 0 ? '−' : '±'}${format.style === 'score' ? digits.format(Math.abs(v)) : formatNumber(format, Math.abs(v))}`;
};

/**
 * Bars from `start` through each step to `end`: a transparent base (id `waterfall-base`) under each visible bar (id
 * `waterfall-step`), stacked. The start and end bars stand on the axis' floor; each step floats between the running
 * total before and after it. Each data item keeps its signed value (`signed`: the score, or the contribution).
 */
export function buildWaterfallOption(input: WaterfallInput): WaterfallOption {
  const colors = input.colors ?? lightChartColors;
  const names = [input.startLabel, ...input.steps.map((s) => s.name), input.endLabel].map((n) =>
    shortChartText(n, 24),
  );
  // The axis hugs the moving part: bars of 0.1 on a score of 70 must be seen, so start and end stand on the axis'
  // floor (a transparent base up to it), not on 0.
  const tops = [input.start, input.end];
  let running = input.start;
  for (const step of input.steps) tops.push((running += step.value));
  const lo = Math.min(...tops);
  const hi = Math.max(...tops);
  const pad = Math.max((hi - lo) * 0.25, 0.5);
  const step = niceStep((hi - lo + 2 * pad) / 5);
  const floor = Math.floor((lo - pad) / step) * step;
  const ceiling = Math.ceil((hi + pad) / step) * step;
  const whole = (v: number) => ({
    value: v - floor,
    signed: v,
    itemStyle: { color: wholeColor },
    label: { formatter: formatNumber(input.format, v) },
  });
  const base: number[] = [floor];
  const bars = [whole(input.start)];
  running = input.start;
  for (const step of input.steps) {
    const next = running + step.value;
    base.push(Math.min(running, next));
    bars.push({
      value: Math.abs(step.value),
      signed: step.value,
      itemStyle: { color: step.value >= 0 ? up : down },
      label: { formatter: signed(input.format, step.value) },
    });
    running = next;
  }
  base.push(floor);
  bars.push(whole(input.end));
  const tooltipText = (i: number): string => {
    const name = plainChartText(
      i === 0 ? input.startLabel : i > input.steps.length ? input.endLabel : (input.steps[i - 1]?.name ?? ''),
    );
    if (i === 0) return `${name}: ${formatNumber(input.format, input.start)}`;
    if (i > input.steps.length) return `${name}: ${formatNumber(input.format, input.end)}`;
    const step = input.steps[i - 1];
    return [
      `${name}: ${signed(input.format, step?.value ?? 0)}`,
      ...(step?.detail ?? []).map(plainChartText),
    ].join('\n');
  };
  return {
    animation: input.animation,
    aria: { enabled: true, decal: { show: false } },
    grid: { left: 56, right: 24, top: 24, bottom: 64 },
    tooltip: {
      trigger: 'axis',
      renderMode: 'richText',
      axisPointer: { type: 'shadow' },
      formatter: (params) => {
        const first = Array.isArray(params) ? params[0] : params;
        return tooltipText(typeof first?.dataIndex === 'number' ? first.dataIndex : 0);
      },
    },
    xAxis: {
      type: 'category',
      data: names,
      axisLabel: { color: colors.muted, interval: 0, width: 96, overflow: 'truncate', rotate: 20 },
      axisLine: { lineStyle: { color: colors.axis } },
    },
    yAxis: {
      type: 'value',
      min: floor,
      max: ceiling,
      interval: step,
      axisLabel: { color: colors.muted, formatter: numberFormatter(input.format) },
      splitLine: { lineStyle: { color: colors.grid } },
    },
    series: [
      {
        type: 'bar',
        id: 'waterfall-base',
        name: 'base',
        stack: 'waterfall',
        stackStrategy: 'all',
        silent: true,
        itemStyle: { color: 'transparent' },
        emphasis: { disabled: true },
        data: base,
      },
      {
        type: 'bar',
        id: 'waterfall-step',
        name: input.endLabel,
        stack: 'waterfall',
        stackStrategy: 'all',
        barMaxWidth: 48,
        label: { show: true, position: 'top', color: colors.text, fontSize: 11 },
        data: bars,
      },
    ],
  };
}
