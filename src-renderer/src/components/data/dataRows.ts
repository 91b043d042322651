// The Data view's table: columns of the keys and measures a QuerySpec answered, cells as text, sorting.
import type { QueryRow } from '#shared/contract.ts';

export interface DataColumn {
  key: string;
  numeric: boolean;
}

/** The columns in the rows' own order (keys first as the engine writes them), each once. */
export function dataColumns(rows: readonly QueryRow[]): DataColumn[] {
  const seen = new Map<string, boolean>();
  for (const row of rows.slice(0, 200))
    for (const [k, v] of Object.entries(row))
      if (!seen.has(k)) seen.set(k, typeof v === 'number' || v === null);
  return [...seen].map(([key, numeric]) => ({ key, numeric: numeric && key !== 'year' }));
}

/** Sorted copy by one column; nulls and missing last. */
export function sortRows(rows: readonly QueryRow[], key: string, ascending: boolean): QueryRow[] {
  const get = (r: QueryRow): unknown => Reflect.get(r, key);
  return [...rows].sort((a, b) => {
    const x = get(a);
    const y = get(b);
    if (x === y) return 0;
    if (x === null || x === undefined) return 1;
    if (y === null || y === undefined) return -1;
    const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return ascending ? c : -c;
  });
}

type Translate = (key: string, values?: Record<string, unknown>) => string;

const measureKeys = ['count', 'share', 'happyIndex', 'nps', 'average', 'presses', 'positiveShare'];
const grainKeys = ['hour', 'day', 'week', 'month', 'quarter', 'year'];
const keyWords: Record<string, string> = {
  experiencePointId: 'data.columns.pointId',
  experiencePointName: 'data.columns.point',
  surveyId: 'data.columns.surveyId',
  buttonIndex: 'data.columns.button',
  weekday: 'data.columns.weekday',
  hourOfDay: 'data.columns.hourOfDay',
};

/**
 * A column's heading in words: a measure, its comparison value or change, its interval's ends or the change's z, a
 * grain, or a key (else the raw key).
 */
export function columnTitle(key: string, t: Translate): string {
  const name = (k: string): string | null =>
    measureKeys.includes(k) ? t(`measures.${k}`) : grainKeys.includes(k) ? t(`filters.grains.${k}`) : null;
  const direct = name(key) ?? (keyWords[key] ? t(keyWords[key]) : null);
  if (direct) return direct;
  const edge = /^(.+)(Low|High)$/.exec(key);
  if (edge?.[1] && edge[2]) {
    const inner = columnTitle(edge[1], t);
    if (inner !== edge[1]) return t(edge[2] === 'Low' ? 'noise.low' : 'noise.high', { name: inner });
  }
  const z = /^z([A-Z].*)$/.exec(key);
  const zName = z?.[1] ? name(z[1].charAt(0).toLowerCase() + z[1].slice(1)) : null;
  if (zName) return t('noise.z', { name: zName });
  const m = /^(previous|delta)([A-Z].*)$/.exec(key);
  const inner = m?.[2] ? name(m[2].charAt(0).toLowerCase() + m[2].slice(1)) : null;
  if (m && inner)
    return t(m[1] === 'previous' ? 'data.columns.previous' : 'data.columns.delta', { name: inner });
  return key;
}

/**
 * The z that decides how a change cell is shown: `deltaHappyIndex` is judged by `zHappyIndex`; undefined for other
 * cells, and for changes without a z (counts: counted, not estimated).
 */
export function zOfCell(row: QueryRow, key: string): number | null | undefined {
  const m = /^delta([A-Z].*)$/.exec(key);
  if (!m?.[1]) return undefined;
  const z: unknown = Reflect.get(row, `z${m[1]}`);
  return typeof z === 'number' ? z : z === null ? null : undefined;
}
