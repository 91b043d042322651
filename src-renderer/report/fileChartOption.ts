// A report's chart option as the HTML file draws it: formatters live again, plain-text tooltips drawn as SVG text
// (never HTML), zoom on the category or value axis, no animation, and nothing that could load an image.
import { formatNumber, liveOption } from '#shared/charts/chartFormat.ts';
import { noteLinesAt, notesOf } from '#shared/charts/chartNotes.ts';
import { plainChartText } from '#shared/charts/chartText.ts';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);

/** Drops anything that names an image (`image://…` symbols, graphic elements, background images). */
function withoutImages(v: unknown): unknown {
  if (typeof v === 'string') return /^\s*image:\/\//i.test(v) ? 'circle' : v;
  if (Array.isArray(v)) return v.map(withoutImages);
  if (!isObject(v)) return v;
  const out: Json = {};
  for (const [k, x] of Object.entries(v)) if (k !== 'graphic' && k !== 'image') out[k] = withoutImages(x);
  return out;
}

/** How the chart writes a value: the value axis' own formatter when it has one, else en-US with separators. */
function valueWriter(option: Json): (n: number) => string {
  for (const axis of [...list(option.yAxis), ...list(option.xAxis)]) {
    if (!isObject(axis) || axis.type !== 'value' || !isObject(axis.axisLabel)) continue;
    const f = axis.axisLabel.formatter;
    if (typeof f === 'function') return (n) => String(f(n));
  }
  return (n) => formatNumber({ style: 'score', locale: 'en-US' }, n).replace(/\.0$/, '');
}

const categories = (axis: unknown): string[] => {
  const a = list(axis)[0];
  return isObject(a) && Array.isArray(a.data) ? a.data.map((c) => String(isObject(c) ? c.value : c)) : [];
};

interface Param {
  seriesName?: string;
  name?: string;
  value?: unknown;
  axisValueLabel?: string;
  dataIndex?: number;
}

/** Plain text for one tooltip: names without rich-text markup, values as the chart writes them. */
export function tooltipText(option: Json): (params: unknown) => string {
  const write = valueWriter(option);
  const xs = categories(option.xAxis);
  const ys = categories(option.yAxis);
  const notes = notesOf(option);
  const value = (v: unknown): string => {
    if (typeof v === 'number') return write(v);
    if (Array.isArray(v)) return value(v[v.length - 1]);
    if (isObject(v)) return value(v.value);
    return v === null || v === undefined || v === '-' ? '–' : plainChartText(String(v));
  };
  return (params) => {
    const all = (Array.isArray(params) ? params : [params]).filter(isObject) as Param[];
    const first = all[0];
    if (!first) return '';
    if (Array.isArray(first.value) && first.value.length >= 3 && ys.length > 0) {
      const [x, y] = first.value as unknown[];
      const where = `${ys[Number(y)] ?? ''} · ${xs[Number(x)] ?? ''}`;
      return `${plainChartText(where)}\n${plainChartText(first.seriesName ?? '')}: ${value(first.value)}`;
    }
    const head = plainChartText(first.axisValueLabel ?? first.name ?? '');
    const lines = all.map((p) => `${plainChartText(p.seriesName ?? '')}: ${value(p.value)}`);
    // The analyst's notes on the pointed period, as the app's tooltip says them.
    const said = typeof first.dataIndex === 'number' ? noteLinesAt(notes, first.dataIndex) : [];
    return [head, ...lines, ...said].filter((l) => l !== '').join('\n');
  };
}

/** The axis to zoom: the category axis (x, or y for horizontal bars), else x. */
function zoomAxis(option: Json): Json {
  const y = list(option.yAxis)[0];
  return isObject(y) && y.type === 'category' && option.visualMap === undefined
    ? { yAxisIndex: 0 }
    : { xAxisIndex: 0 };
}

export function fileChartOption(json: Json): Json {
  const option = liveOption(withoutImages(json) as Json);
  const cartesian = option.xAxis !== undefined && option.yAxis !== undefined;
  const tooltips = list(option.tooltip).filter(isObject);
  const base = tooltips[0] ?? { trigger: cartesian && !option.visualMap ? 'axis' : 'item' };
  option.tooltip = {
    ...base,
    show: true,
    confine: true,
    renderMode: 'richText',
    formatter: tooltipText(option),
  };
  const zooms = list(option.dataZoom);
  if (cartesian && zooms.length === 0) option.dataZoom = [{ type: 'inside', ...zoomAxis(option) }];
  option.animation = false;
  return option;
}
