// The rows behind a category chart, read from its ECharts option: one row per category, one column per series.
import type { ExportTable, TableCell } from '../contract.ts';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const first = (v: unknown): unknown => (Array.isArray(v) ? v[0] : v);

function cell(value: unknown): TableCell {
  const v = isObject(value) ? value.value : value;
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string') return v;
  return null;
}

/**
 * For bar and line charts over a category axis (x, or y for horizontal bars): the categories and each series'
 * values. Other charts (heatmaps, pies) give null: their views export their own rows.
 */
export function optionTable(option: object, title: string): ExportTable | null {
  const o: Json = { ...option };
  const x = first(o.xAxis);
  const y = first(o.yAxis);
  const axis = isObject(x) && x.type === 'category' ? x : isObject(y) && y.type === 'category' ? y : null;
  const categories =
    axis && Array.isArray(axis.data) ? axis.data.map((c) => (isObject(c) ? c.value : c)) : null;
  const series = (Array.isArray(o.series) ? o.series : [o.series]).filter(isObject);
  if (!categories || series.length === 0) return null;
  if (!series.every((s) => (s.type === 'bar' || s.type === 'line') && Array.isArray(s.data))) return null;
  const dates = categories.every((c) => typeof c === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(c));
  const axisName =
    axis && typeof axis.name === 'string' && axis.name ? axis.name : dates ? 'Day' : 'Category';
  return {
    title,
    columns: [
      { key: 'category', label: axisName, type: dates ? 'date' : 'text' },
      ...series.map((s, i) => ({
        key: `series${i}`,
        label: typeof s.name === 'string' && s.name ? s.name : `Series ${i + 1}`,
        type: 'number' as const,
      })),
    ],
    rows: categories.map((c, row) => [
      typeof c === 'number' ? String(c) : typeof c === 'string' ? c : '',
      ...series.map((s) => cell(Array.isArray(s.data) ? s.data[row] : null)),
    ]),
  };
}
