// The rows behind a chart, read from its ECharts option: bar and line charts one row per category and one column per
// series; heatmaps one row per cell (row and column names, value); pies one row per slice (name, value, share).
import type { ExportTable, TableCell } from '../contract.ts';
import { noteLinesAt, notesOf, notesSeriesId } from './chartNotes.ts';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const first = (v: unknown): unknown => (Array.isArray(v) ? v[0] : v);

function cell(value: unknown): TableCell {
  const v = isObject(value) ? value.value : value;
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string') return v;
  return null;
}

const categoriesOf = (axis: unknown): unknown[] | null =>
  isObject(axis) && axis.type === 'category' && Array.isArray(axis.data)
    ? axis.data.map((c) => (isObject(c) ? c.value : c))
    : null;
const text = (c: unknown): string => (typeof c === 'number' ? String(c) : typeof c === 'string' ? c : '');

/** A category axis' column name: its own name, else what its labels are (hours, weekdays), else `fallback`. */
function axisLabel(axis: unknown, categories: unknown[], fallback: string): string {
  if (isObject(axis) && typeof axis.name === 'string' && axis.name) return axis.name;
  if (categories.length === 24 && categories.every((c, i) => text(c) === String(i).padStart(2, '0')))
    return 'Hour of day';
  if (categories.length === 7) return 'Weekday';
  return fallback;
}

/**
 * Heatmap cells [x, y, value] (indexes into the category axes) as rows: y's name, x's name, the value; the cells
 * of every heatmap series (a muted series of cells with few presses too), in axis order.
 */
function heatmapTable(o: Json, all: Json[], title: string): ExportTable | null {
  const xs = categoriesOf(first(o.xAxis));
  const ys = categoriesOf(first(o.yAxis));
  const series = all[0];
  if (!xs || !ys || !series || !all.every((s) => Array.isArray(s.data))) return null;
  const items = all.flatMap((s) => (Array.isArray(s.data) ? (s.data as unknown[]) : []));
  const at = (item: unknown): number[] => {
    const v: unknown = isObject(item) ? item.value : item;
    return Array.isArray(v) ? [Number(v[1]), Number(v[0])] : [Infinity, Infinity];
  };
  if (all.length > 1) items.sort((a, b) => at(a)[0]! - at(b)[0]! || at(a)[1]! - at(b)[1]!);
  const rows: TableCell[][] = [];
  for (const item of items) {
    const v: unknown = isObject(item) ? item.value : item;
    if (!Array.isArray(v)) continue;
    const [x, y, value] = v as unknown[];
    if (typeof x !== 'number' || typeof y !== 'number') continue;
    rows.push([text(ys[y]), text(xs[x]), value === '-' ? null : cell(value)]);
  }
  return {
    title,
    columns: [
      { key: 'row', label: axisLabel(first(o.yAxis), ys, 'Row'), type: 'text' },
      { key: 'column', label: axisLabel(first(o.xAxis), xs, 'Column'), type: 'text' },
      {
        key: 'value',
        label: typeof series.name === 'string' && series.name ? series.name : 'Value',
        type: 'number',
      },
    ],
    rows,
  };
}

/** Pie slices { name, value } as rows: the name, the value and its share of all slices (0–1, 4 decimals). */
function pieTable(series: Json, title: string): ExportTable | null {
  if (!Array.isArray(series.data)) return null;
  const slices = series.data.map((d) =>
    isObject(d) ? { name: text(d.name), value: cell(d.value) } : { name: '', value: cell(d) },
  );
  const total = slices.reduce((n, s) => n + (typeof s.value === 'number' ? s.value : 0), 0);
  return {
    title,
    columns: [
      { key: 'name', label: 'Name', type: 'text' },
      {
        key: 'value',
        label: typeof series.name === 'string' && series.name ? series.name : 'Value',
        type: 'number',
      },
      { key: 'share', label: 'Share', type: 'number' },
    ],
    rows: slices.map((s) => [
      s.name,
      s.value,
      typeof s.value === 'number' && total > 0 ? Math.round((s.value / total) * 10_000) / 10_000 : null,
    ]),
  };
}

/**
 * The rows a chart shows: bar and line charts over a category axis (x, or y for horizontal bars) give the categories
 * and each series' values (top row first, as read: horizontal bars count from the bottom unless the axis is
 * inverse); a heatmap its cells; a pie its slices. Anything else gives null.
 */
export function optionTable(option: object, title: string): ExportTable | null {
  const o: Json = { ...option };
  const only = (Array.isArray(o.series) ? o.series : [o.series]).filter(isObject);
  if (only.length >= 1 && only.every((s) => s.type === 'heatmap')) return heatmapTable(o, only, title);
  if (only.length === 1 && only[0]?.type === 'pie') return pieTable(only[0], title);
  const x = first(o.xAxis);
  const y = first(o.yAxis);
  const axis = isObject(x) && x.type === 'category' ? x : isObject(y) && y.type === 'category' ? y : null;
  const categories =
    axis && Array.isArray(axis.data) ? axis.data.map((c) => (isObject(c) ? c.value : c)) : null;
  const series = (Array.isArray(o.series) ? o.series : [o.series])
    .filter(isObject)
    .filter((s) => s.id !== notesSeriesId);
  if (!categories || series.length === 0) return null;
  // The analyst's notes: a last text column, each bucket's notes ("Note: words (days)") joined with "; ".
  const notes = notesOf(option);
  const noteCell = (row: number): TableCell => noteLinesAt(notes, row).join('; ') || null;
  if (!series.every((s) => (s.type === 'bar' || s.type === 'line') && Array.isArray(s.data))) return null;
  const dates = categories.every((c) => typeof c === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(c));
  const axisName =
    axis && typeof axis.name === 'string' && axis.name ? axis.name : dates ? 'Day' : 'Category';
  const valueAt = (s: Json, row: number): TableCell => cell(Array.isArray(s.data) ? s.data[row] : null);
  const rows: TableCell[][] = categories.map((c, row) => [
    typeof c === 'number' ? String(c) : typeof c === 'string' ? c : '',
    ...series.map((s, i) => {
      // An interval band is drawn as its width stacked on its lower edge: the table gives the upper edge.
      const below = series[i - 1];
      if (typeof s.id !== 'string' || !s.id.startsWith('band-width-') || !below) return valueAt(s, row);
      const [low, width] = [valueAt(below, row), valueAt(s, row)];
      return typeof low === 'number' && typeof width === 'number' ? low + width : null;
    }),
    ...(notes.length ? [noteCell(row)] : []),
  ]);
  const fromBottom = axis !== null && axis === y && axis.inverse !== true;
  return {
    title,
    columns: [
      { key: 'category', label: axisName, type: dates ? 'date' : 'text' },
      ...series.map((s, i) => ({
        key: `series${i}`,
        label: typeof s.name === 'string' && s.name ? s.name : `Series ${i + 1}`,
        type: 'number' as const,
      })),
      ...(notes.length ? [{ key: 'notes', label: 'Notes', type: 'text' as const }] : []),
    ],
    rows: fromBottom ? rows.reverse() : rows,
  };
}
