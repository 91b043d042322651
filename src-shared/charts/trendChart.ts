// Option builder for the trend line chart: one line per point or period, the comparison dashed, alert markers,
// zoom and brush on the time axis. Pure data shaping, no DOM; names are canvas text (never HTML).
import type { LineSeriesOption } from 'echarts/charts';
import type {
  AriaComponentOption,
  DataZoomComponentOption,
  GridComponentOption,
  LegendComponentOption,
  MarkAreaComponentOption,
  MarkLineComponentOption,
  MarkPointComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { formatNumber, numberFormatter, type NumberFormat } from './chartFormat.ts';
import { noteLinesAt, notesSeries } from './chartNotes.ts';
import { lightChartColors, plainChartText, shortChartText, type ChartColors } from './chartText.ts';
import type { TrendNote } from './trendNotes.ts';

export type TrendChartOption = ComposeOption<
  | LineSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
  | AriaComponentOption
  | DataZoomComponentOption
  | MarkLineComponentOption
  | MarkAreaComponentOption
  | MarkPointComponentOption
>;

export interface TrendLine {
  /** Untrusted when it is a point's name: shortened and kept literal. */
  name: string;
  values: (number | null)[];
  /** The comparison is drawn dashed and grey. */
  comparison?: boolean;
  /** The 95% interval per bucket: drawn as a band around the line, said in the tooltip. */
  low?: (number | null)[];
  high?: (number | null)[];
  /** On a comparison line: per bucket, the z of the change from this line to the first one (|z| ≥ 1.96: real). */
  z?: (number | null)[];
}

/** The tooltip's words for intervals and changes, in the user's language. */
export interface TrendWords {
  /** Before an interval, e.g. "95%". */
  interval: string;
  /** After a change that is more than noise, e.g. "a change". */
  change: string;
  /** After a change that is not, e.g. "within noise". */
  noise: string;
  /** The band's edges as named in an exported table, e.g. "95% low", "95% high". */
  low: string;
  high: string;
}

export interface TrendMarker {
  /** Index on the time axis. */
  index: number;
  label: string;
}

export type { TrendNote } from './trendNotes.ts';

/** An unusual moment on the first line (docs/ANOMALIES.md): a pin at its period, its words shown when pointed at. */
export interface TrendAnomaly {
  index: number;
  /** Plain text (never HTML): who and what, e.g. "Store 12: unusually bad". */
  label: string;
  worse: boolean;
}

export interface TrendChartInput {
  /** The time axis' labels, oldest first. */
  labels: string[];
  lines: TrendLine[];
  markers?: TrendMarker[];
  /** The analyst's notes (annotations) that fall on the axis. */
  notes?: TrendNote[];
  /** The word before a note in the tooltip ("Note"), in the user's language. */
  noteWord?: string;
  anomalies?: TrendAnomaly[];
  /** How the axis and the tooltip write a value (locale, count or score): data, so an export writes it the same. */
  format: NumberFormat;
  colors?: ChartColors;
  animation: boolean;
  /** Zoom (wheel, drag) and a slider under the chart: for long axes. */
  zoom: boolean;
  /** Needed for intervals and changes in the tooltip; without, those are left out. */
  words?: TrendWords;
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

interface TooltipParam {
  name?: string;
  seriesName?: string;
  value?: unknown;
  seriesIndex?: number;
  dataIndex?: number;
}

/**
 * Tooltip text: the period, then each line's value (plain text, drawn on the canvas); `describe` adds what a line
 * says beyond its value (its interval, a change's significance). Band series (index ≥ `lineCount`) are skipped.
 */
export function trendTooltip(
  params: TooltipParam[],
  format: (value: number) => string,
  describe?: (seriesIndex: number, dataIndex: number) => string,
  lineCount = Infinity,
): string {
  const head = plainChartText(params[0]?.name ?? '');
  const lines = params
    .filter((p) => (p.seriesIndex ?? 0) < lineCount)
    .map((p) => {
      const value = `${plainChartText(p.seriesName ?? '')}: ${typeof p.value === 'number' ? format(p.value) : '–'}`;
      const more =
        describe && typeof p.value === 'number' ? describe(p.seriesIndex ?? 0, p.dataIndex ?? 0) : '';
      return more ? `${value} ${more}` : value;
    });
  return [head, ...lines].join('\n');
}

/** What a line says beyond its value at one bucket: "(95% 68.0–74.6)" and, on a comparison, the change's weight. */
export function lineDetail(
  lines: readonly TrendLine[],
  seriesIndex: number,
  dataIndex: number,
  words: TrendWords,
  format: (value: number) => string,
): string {
  const line = lines[seriesIndex];
  if (!line) return '';
  const parts: string[] = [];
  const low = line.low?.[dataIndex];
  const high = line.high?.[dataIndex];
  if (typeof low === 'number' && typeof high === 'number')
    parts.push(`(${words.interval} ${format(low)}–${format(high)})`);
  const first = lines[0]?.values[dataIndex];
  const previous = line.values[dataIndex];
  if (line.comparison && line.z && typeof first === 'number' && typeof previous === 'number') {
    const delta = first - previous;
    const sign = delta > 0 ? '+' : delta < 0 ? '−' : '±';
    const z = line.z[dataIndex];
    const real = typeof z === 'number' && Math.abs(z) >= 1.96;
    parts.push(`· ${sign}${format(Math.abs(delta))} ${real ? words.change : words.noise}`);
  }
  return parts.join(' ');
}

const bandName = (line: TrendLine | undefined, word: string | undefined, fallback: string): string =>
  line && word ? `${shortChartText(line.name)}, ${word}` : fallback;

/** Bands of the 95% interval: per banded line a transparent lower edge and the width stacked on it, filled. */
function bandSeries(
  lines: readonly TrendLine[],
  colorOf: (i: number) => string,
  words: TrendWords | undefined,
): LineSeriesOption[] {
  const banded = lines.flatMap((l, i) => (!l.comparison && l.low && l.high ? [i] : []));
  if (banded.length > 2) return []; // more than two bands hide each other: the tooltip still says each interval
  return banded.flatMap((i): LineSeriesOption[] => {
    const line = lines[i];
    const low = line?.low ?? [];
    const high = line?.high ?? [];
    const common = {
      type: 'line' as const,
      stack: `band-${i}`,
      stackStrategy: 'all' as const,
      symbol: 'none',
      silent: true,
      connectNulls: false,
      lineStyle: { opacity: 0 },
      tooltip: { show: false },
      emphasis: { disabled: true },
      z: 0,
    };
    return [
      { ...common, id: `band-low-${i}`, name: bandName(line, words?.low, `band-low-${i}`), data: low },
      {
        ...common,
        // Drawn as the width stacked on the lower edge; an exported table writes the upper edge (optionTable).
        id: `band-width-${i}`,
        name: bandName(line, words?.high, `band-high-${i}`),
        data: low.map((l, k) => {
          const h = high[k];
          return typeof l === 'number' && typeof h === 'number' ? h - l : null;
        }),
        areaStyle: { color: colorOf(i), opacity: 0.16 },
      },
    ];
  });
}

/** The anomalies as pins on the first line (red: worse than usual, green: better); periods without a value get none. */
function anomalyPins(
  input: TrendChartInput,
  line: TrendLine | undefined,
  colors: ChartColors,
): Partial<LineSeriesOption> {
  const pins = (input.anomalies ?? []).flatMap((a) => {
    const y = line?.values[a.index];
    return typeof y === 'number'
      ? [
          {
            coord: [a.index, y],
            name: shortChartText(a.label, 48),
            itemStyle: { color: a.worse ? '#b03a2e' : '#1e7d4f' },
          },
        ]
      : [];
  });
  if (!pins.length) return {};
  return {
    markPoint: {
      symbol: 'pin',
      symbolSize: 26,
      silent: false,
      label: { show: false, formatter: '{b}', color: colors.text, fontSize: 11, position: 'top' },
      emphasis: { label: { show: true } },
      data: pins,
    },
  };
}

export function buildTrendChartOption(input: TrendChartInput): TrendChartOption {
  const colors = input.colors ?? lightChartColors;
  let colorIndex = 0;
  const lineColors = input.lines.map((line) =>
    line.comparison ? colors.muted : (trendPalette[colorIndex++ % trendPalette.length] ?? '#2f5bd3'),
  );
  const series = input.lines.map((line, i): LineSeriesOption => {
    const color = lineColors[i] ?? colors.muted;
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
      ...(i === 0 ? anomalyPins(input, line, colors) : {}),
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
    legend: {
      top: 8,
      left: 'center',
      textStyle: { color: colors.text },
      type: 'scroll',
      data: series.map((s) => String(s.name ?? '')),
    },
    tooltip: {
      trigger: 'axis',
      renderMode: 'richText',
      formatter: (params) => {
        const format = (v: number): string => formatNumber(input.format, v);
        const words = input.words;
        const list = Array.isArray(params) ? params : [params];
        const text = trendTooltip(
          list,
          format,
          words ? (si, di) => lineDetail(input.lines, si, di, words, format) : undefined,
          input.lines.length,
        );
        const index = list[0]?.dataIndex;
        const notes = typeof index === 'number' ? noteLinesAt(input.notes ?? [], index, input.noteWord) : [];
        return notes.length ? `${text}\n${notes.join('\n')}` : text;
      },
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
    series: [
      ...series,
      ...bandSeries(input.lines, (i) => lineColors[i] ?? colors.muted, input.words),
      // The notes ride on a series of their own, last: no legend entry, no tooltip row, the alert marks untouched.
      ...(input.notes?.length ? [notesSeries(input.notes, colors.text)] : []),
    ],
  };
}
