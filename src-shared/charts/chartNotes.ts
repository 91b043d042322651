// The analyst's notes (annotations) on any chart with a time (category) axis: marks (a light amber area for a span,
// an amber line for one bucket) on a series of their own that also carries the notes as data, so a tooltip, an
// exported table and the HTML report read the same notes from the option. All text is canvas text, never HTML.
import type { LineSeriesOption } from 'echarts/charts';
import type { TimeGrain } from '../contract.ts';
import { plainChartText, shortChartText } from './chartText.ts';
import { notesOnAxis, type ChartNote, type TrendNote } from './trendNotes.ts';

/** The id of the series that carries the notes (optionTable and the HTML report look for it). */
export const notesSeriesId = 'annotation-notes';

/** The word before a note in a tooltip ("Note"); the export files use this English one. */
export const defaultNoteWord = 'Note';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The notes series: no legend entry, no tooltip row; its marks labelled with the words cut to 32 characters. */
export function notesSeries(notes: readonly TrendNote[], textColor: string): LineSeriesOption {
  const label = { show: true, color: textColor, fontSize: 10, formatter: '{b}' } as const;
  const spans = notes.filter((n) => n.to > n.from);
  const days = notes.filter((n) => n.to <= n.from);
  const series = {
    id: notesSeriesId,
    type: 'line' as const,
    name: '',
    data: [],
    silent: true,
    // Not an ECharts option: the notes themselves, whole, for tooltips and tables (ECharts ignores the key).
    notes: notes.map((n) => ({ ...n })),
    ...(spans.length
      ? {
          markArea: {
            silent: true,
            itemStyle: { color: 'rgba(230, 160, 40, 0.14)' },
            label: { ...label, position: 'insideTop' as const },
            data: spans.map((n): [{ xAxis: number; name: string }, { xAxis: number }] => [
              { xAxis: n.from, name: shortChartText(n.label, 32) },
              { xAxis: n.to },
            ]),
          },
        }
      : {}),
    ...(days.length
      ? {
          markLine: {
            symbol: 'none',
            silent: true,
            label: { ...label, position: 'end' as const },
            lineStyle: { color: '#d48a1c', type: 'solid' as const, width: 1.5, opacity: 0.8 },
            data: days.map((n) => ({ xAxis: n.from, name: shortChartText(n.label, 32) })),
          },
        }
      : {}),
  };
  return series;
}

/** The notes an option carries (on its notes series), or none. */
export function notesOf(option: object): TrendNote[] {
  const raw: unknown = Reflect.get(option, 'series');
  const series = (Array.isArray(raw) ? raw : [raw]).find((s) => isObject(s) && s.id === notesSeriesId);
  if (!isObject(series) || !Array.isArray(series.notes)) return [];
  return series.notes.flatMap((n): TrendNote[] =>
    isObject(n) && typeof n.from === 'number' && typeof n.to === 'number' && typeof n.label === 'string'
      ? [
          {
            from: n.from,
            to: n.to,
            label: n.label,
            ...(typeof n.days === 'string' ? { days: n.days } : {}),
          },
        ]
      : [],
  );
}

/** One line per note that covers the bucket at `index`: "Note: Road works (2026-10-10 – 2026-10-20)", plain text. */
export function noteLinesAt(notes: readonly TrendNote[], index: number, word = defaultNoteWord): string[] {
  return notes
    .filter((n) => n.from <= index && index <= n.to)
    .map((n) => {
      const text = plainChartText(n.label).replace(/\s+/g, ' ').trim();
      return `${word}: ${text}${n.days ? ` (${n.days})` : ''}`;
    });
}

interface AxisParam {
  name?: string;
  axisValueLabel?: string;
  seriesName?: string;
  value?: unknown;
  dataIndex?: number;
}

/** A tooltip's plain lines without a formatter of its own: the period, then each series' value. */
function plainAxisText(params: AxisParam[], write: (v: unknown) => string): string {
  const head = plainChartText(params[0]?.axisValueLabel ?? params[0]?.name ?? '');
  const lines = params.map((p) => `${plainChartText(p.seriesName ?? '')}: ${write(p.value)}`);
  return [head, ...lines].join('\n');
}

const firstIndex = (params: unknown): number | undefined => {
  const first: unknown = Array.isArray(params) ? params[0] : params;
  const i: unknown = isObject(first) ? first.dataIndex : undefined;
  return typeof i === 'number' ? i : undefined;
};

/**
 * A tooltip formatter that adds the notes of the pointed bucket under what `base` writes (or, without one, the
 * period and each series' value). In JSON it is `base`'s own descriptor, or nothing (a file draws its own tooltip).
 */
export function withNoteTooltip(
  base: unknown,
  notes: readonly TrendNote[],
  options: { word?: string; valueFormatter?: unknown } = {},
): (params: unknown) => string {
  const write = (v: unknown): string => {
    const vf = options.valueFormatter;
    if (typeof vf === 'function') return String(vf(v));
    if (typeof v === 'number') return v.toLocaleString(undefined, { maximumFractionDigits: 1 });
    return v === null || v === undefined || v === '-' ? '–' : plainChartText(String(v));
  };
  const f = (params: unknown): string => {
    const list = (Array.isArray(params) ? params : [params]).filter(isObject) as AxisParam[];
    const head = typeof base === 'function' ? String(base(params)) : plainAxisText(list, write);
    const index = firstIndex(params);
    const lines = index === undefined ? [] : noteLinesAt(notes, index, options.word);
    return lines.length ? `${head}\n${lines.join('\n')}` : head;
  };
  const json: unknown = typeof base === 'function' ? Reflect.get(base, 'toJSON') : undefined;
  return Object.assign(f, { toJSON: () => (typeof json === 'function' ? json.call(base) : undefined) });
}

export interface ChartNotesSettings {
  /** The grain of the axis' labels (day labels: 'day'). */
  grain: TimeGrain;
  /** The axis' labels are weeks named by their Monday (yyyy-MM-dd), as the alert replay's are. */
  weeks?: boolean;
  textColor: string;
  /** The word before a note in the tooltip, in the user's language. */
  word?: string;
}

/**
 * `option` (a chart over a category axis of periods) with the notes that fall on its axis marked and said in its
 * axis tooltip. Without notes on the axis the option is returned as it is.
 */
export function withChartNotes<T extends object>(
  option: T,
  notes: readonly ChartNote[],
  settings: ChartNotesSettings,
): T {
  const o: Json = { ...(option as Json) };
  const axis: unknown = Array.isArray(o.xAxis) ? o.xAxis[0] : o.xAxis;
  if (!isObject(axis) || axis.type !== 'category' || !Array.isArray(axis.data)) return option;
  const labels = axis.data.map((c) => String(isObject(c) ? c.value : c));
  const placed = notesOnAxis(notes, labels, settings.grain, { weeks: settings.weeks === true });
  if (placed.length === 0) return option;
  const series = (Array.isArray(o.series) ? o.series : o.series === undefined ? [] : [o.series]).filter(
    isObject,
  );
  const tooltip = isObject(o.tooltip) ? o.tooltip : { trigger: 'axis', renderMode: 'richText' };
  const legend =
    isObject(o.legend) && !Array.isArray(o.legend.data)
      ? { ...o.legend, data: series.map((s) => String(s.name ?? '')).filter((n) => n !== '') }
      : o.legend;
  return {
    ...o,
    ...(legend !== undefined ? { legend } : {}),
    tooltip: {
      ...tooltip,
      formatter: withNoteTooltip(tooltip.formatter, placed, {
        ...(settings.word !== undefined ? { word: settings.word } : {}),
        valueFormatter: tooltip.valueFormatter,
      }),
    },
    series: [...series, notesSeries(placed, settings.textColor)],
  } as T;
}
