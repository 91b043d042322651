// A QuerySpec's rows as an export table: grouping columns first, each id followed by its name, then the figures.
import type Database from 'better-sqlite3';
import type { ExportTable, QueryRow, QuerySpec, TableCell, TableColumn } from '#shared/contract.ts';
import type { ExportNames } from '#shared/charts/exportWords.ts';
import { buttonScale } from '#shared/charts/buttonScale.ts';
import { scaleGroupOf } from '#shared/metrics/scales.ts';
import { listTree, runQuery } from '../analytics/query.ts';
import { listScales } from '../analytics/scales.ts';

/** Names of experience points, groups and surveys from the local store (survey names are their question texts). */
export function storeNames(db: Database.Database): ExportNames {
  const points = new Map(listTree(db).map((t) => [t.experiencePointId, t.name]));
  const overview = listScales(db);
  const surveys = new Map<number, string>();
  for (const s of [...overview.scales.flatMap((x) => x.surveys), ...overview.unknown])
    surveys.set(s.surveyId, s.name);
  return { experiencePoint: (id) => points.get(id), survey: (id) => surveys.get(id) };
}

const labels: Record<string, string> = {
  hour: 'Hour',
  day: 'Day',
  week: 'Week',
  month: 'Month',
  quarter: 'Quarter',
  year: 'Year',
  hourOfDay: 'Hour of day',
  weekday: 'Weekday (1 = Monday)',
  buttonIndex: 'Button',
  experiencePointId: 'Experience point id',
  surveyId: 'Survey id',
  count: 'Presses',
  presses: 'Presses of the group',
  share: 'Share',
  happyIndex: 'Happy Index',
  nps: 'NPS',
  average: 'Average answer',
};

/**
 * Rows → table. Known groupings get typed columns (day a date, hour a date-time), ids get a name column beside
 * them, a button index its answer when the scale is known; every other field (count, measures) is a number column.
 */
export function queryRowsTable(
  title: string,
  spec: QuerySpec,
  rows: readonly QueryRow[],
  names: ExportNames,
): ExportTable {
  const fields: string[] = [...spec.groupBy];
  for (const row of rows) for (const key of Object.keys(row)) if (!fields.includes(key)) fields.push(key);
  if (!fields.includes('count') && rows.length === 0) fields.push('count');
  const scale = spec.filter.scale === undefined ? null : buttonScale(scaleGroupOf(spec.filter.scale));
  const columns: TableColumn[] = [];
  const getters: ((row: QueryRow) => TableCell)[] = [];
  const value = (row: QueryRow, key: string): unknown => (row as unknown as Record<string, unknown>)[key];
  const add = (column: TableColumn, get: (row: QueryRow) => TableCell): void => {
    columns.push(column);
    getters.push(get);
  };
  for (const key of fields) {
    if (key === 'experiencePointName') continue; // the engine's name: the 'Experience point' column below holds it
    const label = labels[key] ?? key;
    if (key === 'day') add({ key, label, type: 'date' }, (r) => r.day ?? null);
    else if (key === 'hour') add({ key, label, type: 'datetime' }, (r) => (r.hour ? `${r.hour}:00` : null));
    else {
      add({ key, label, type: 'number' }, (r) => {
        const v = value(r, key);
        return typeof v === 'number' ? v : typeof v === 'string' ? v : null;
      });
      const id = (r: QueryRow): number | undefined => {
        const v = value(r, key);
        return typeof v === 'number' ? v : undefined;
      };
      if (key === 'experiencePointId')
        add({ key: 'experiencePoint', label: 'Experience point', type: 'text' }, (r) => {
          const v = id(r);
          return v === undefined ? null : (names.experiencePoint(v) ?? null);
        });
      if (key === 'surveyId')
        add({ key: 'survey', label: 'Survey question', type: 'text' }, (r) => {
          const v = id(r);
          return v === undefined ? null : (names.survey(v) ?? null);
        });
      if (key === 'buttonIndex' && scale)
        add({ key: 'answer', label: 'Answer', type: 'text' }, (r) => {
          const v = id(r);
          return v === undefined ? null : (scale.labels[v] ?? null);
        });
    }
  }
  return { title, columns, rows: rows.map((r) => getters.map((g) => g(r))) };
}

/** Runs the spec against the store and tables its rows with names. */
export function queryTable(db: Database.Database, title: string, spec: QuerySpec): ExportTable {
  return queryRowsTable(title, spec, runQuery(db, spec), storeNames(db));
}
