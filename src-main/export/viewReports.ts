// The app's view reports drawn straight from the store (report packs): each view's charts and key tables for one
// selection, built with the same shared builders (src-shared/charts) the views use, in English, with the light look.
import type Database from 'better-sqlite3';
import type {
  ChartOptionJson,
  Comparison,
  ExportTable,
  FeedbackScale,
  QueryFilter,
  QueryRow,
  QuerySpec,
  ReportChart,
} from '#shared/contract.ts';
import { buildAlertTimelineOption, tabulateAlertDays } from '#shared/charts/alertTimeline.ts';
import type { ExportNames } from '#shared/charts/exportWords.ts';
import { overviewFigures, type Figure } from '#shared/charts/overviewFigures.ts';
import { buildTrendChartOption } from '#shared/charts/trendChart.ts';
import { trendLines } from '#shared/charts/trendLines.ts';
import { withChartNotes } from '#shared/charts/chartNotes.ts';
import { lightChartColors } from '#shared/charts/chartText.ts';
import { noteDays, notesOnAxis, type ChartNote } from '#shared/charts/trendNotes.ts';
import { scaleGroupOf, type ScaleGroup } from '#shared/metrics/scales.ts';
import { readableGrain } from '#shared/periods.ts';
import { alertsPerDay, listAlerts } from '../analytics/alerts.ts';
import { runQuery } from '../analytics/query.ts';
import { queryRowsTable } from './queryTable.ts';
import { ChartUnavailableError, storeChart } from './storeCharts.ts';

export const reportViews = ['overview', 'trends', 'patterns', 'ranking', 'follow-ups', 'alerts'] as const;
export type ReportView = (typeof reportViews)[number];

/** The view's name as its report's title says it (the app's navigation words). */
export const viewTitles: Record<ReportView, string> = {
  overview: 'Overview',
  trends: 'Trends',
  patterns: 'Patterns',
  ranking: 'Ranking',
  'follow-ups': 'Follow-ups',
  alerts: 'Alerts',
};

export interface ViewSelection {
  /** The node's subtree, the period (to exclusive), misuse, and the scale (every node of a pack shares one). */
  filter: QueryFilter & { scale: FeedbackScale };
  comparison?: Comparison;
  /** The comparison's name on a chart line ("Previous period"). */
  comparisonName?: string;
  /** The analyst's notes to mark on the time charts. */
  notes?: ChartNote[];
}

export interface ViewContent {
  charts: ReportChart[];
  tables: ExportTable[];
}

const scoreOf = (group: ScaleGroup): 'nps' | 'happyIndex' => (group === 'nps' ? 'nps' : 'happyIndex');
const scoreName = (group: ScaleGroup): string => (group === 'nps' ? 'NPS' : 'Happy Index');
const plain = (option: object): ChartOptionJson => JSON.parse(JSON.stringify(option)) as ChartOptionJson;
const words = {
  interval: '95%',
  change: 'a change',
  noise: 'within noise',
  low: '95% low',
  high: '95% high',
};
const withComparison = (spec: QuerySpec, s: ViewSelection): QuerySpec =>
  s.comparison ? { ...spec, comparison: s.comparison } : spec;

/** The trend's grain: the app's readable grain for the period (days up to two months, then weeks, months). */
function grainOf(filter: QueryFilter): 'day' | 'week' | 'month' {
  if (filter.from === undefined || filter.to === undefined) return 'month';
  const last = new Date(Date.parse(`${filter.to}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return readableGrain({ first: filter.from, last }, null);
}

/** The Overview's three figures (presses, the score with its interval, the positive share) for a selection. */
export function selectionFigures(db: Database.Database, s: ViewSelection): Figure[] {
  const group = scaleGroupOf(s.filter.scale);
  const score = scoreOf(group);
  const totals = runQuery(
    db,
    withComparison({ measures: ['presses', score], groupBy: [], filter: s.filter, interval: true }, s),
  );
  const buttons = runQuery(
    db,
    withComparison({ measures: ['count'], groupBy: ['buttonIndex'], filter: s.filter }, s),
  );
  return overviewFigures(group, score, totals, buttons, s.comparison !== undefined);
}

export function figureLabel(key: Figure['key'], group: ScaleGroup): string {
  if (key === 'presses') return 'Presses';
  if (key === 'score') return scoreName(group);
  return group === 'nps' ? 'Promoters' : 'Positive share';
}

function scoreTrend(db: Database.Database, s: ViewSelection): { chart: ReportChart; rows: QueryRow[] } {
  const group = scaleGroupOf(s.filter.scale);
  const score = scoreOf(group);
  const grain = grainOf(s.filter);
  const rows = runQuery(
    db,
    withComparison({ measures: [score, 'presses'], groupBy: [grain], filter: s.filter, interval: true }, s),
  );
  const lines = trendLines(
    [{ name: scoreName(group), rows }],
    grain,
    score,
    s.comparison ? (s.comparisonName ?? 'Comparison') : null,
  );
  const option = buildTrendChartOption({
    labels: lines.labels,
    lines: lines.lines,
    notes: notesOnAxis(s.notes ?? [], lines.labels, grain),
    format: { style: 'score', locale: 'en-US' },
    animation: false,
    zoom: false,
    words,
  });
  return { chart: { title: `${scoreName(group)} over time`, option: plain(option) }, rows };
}

/** The notes of the selection as a table (days, words), oldest first; none without notes. */
function notesTable(s: ViewSelection): ExportTable[] {
  const notes = [...(s.notes ?? [])].sort((a, b) => a.from.localeCompare(b.from));
  if (notes.length === 0) return [];
  return [
    {
      title: 'Notes',
      columns: [
        { key: 'days', label: 'Days', type: 'text' },
        { key: 'note', label: 'Note', type: 'text' },
      ],
      rows: notes.map((n) => [noteDays(n), n.text]),
    },
  ];
}

/** A chart over days or periods with the selection's notes marked (as the app's views mark them). */
const noted = (option: object, s: ViewSelection, grain: ReturnType<typeof grainOf>): ChartOptionJson =>
  plain(withChartNotes(option, s.notes ?? [], { grain, textColor: lightChartColors.text }));

function overview(db: Database.Database, s: ViewSelection): ViewContent {
  const group = scaleGroupOf(s.filter.scale);
  const figures = selectionFigures(db, s);
  const compared = s.comparison !== undefined;
  const table: ExportTable = {
    title: 'Figures',
    columns: [
      { key: 'figure', label: 'Figure', type: 'text' },
      { key: 'value', label: 'Value', type: 'number' },
      ...(compared ? [{ key: 'previous', label: 'Comparison period', type: 'number' as const }] : []),
    ],
    rows: figures.map((f) => [figureLabel(f.key, group), f.value, ...(compared ? [f.previous] : [])]),
  };
  return { charts: [scoreTrend(db, s).chart], tables: [table, ...notesTable(s)] };
}

function trends(db: Database.Database, s: ViewSelection, names: ExportNames): ViewContent {
  const { chart, rows } = scoreTrend(db, s);
  const grain = grainOf(s.filter);
  const score = scoreOf(scaleGroupOf(s.filter.scale));
  const spec = withComparison({ measures: [score, 'presses'], groupBy: [grain], filter: s.filter }, s);
  return { charts: [chart], tables: [queryRowsTable('Rows', spec, rows, names)] };
}

/** A chart of storeCharts.ts, or none when the selection has nothing to draw (the report says so by its absence). */
function drawn(make: () => ReportChart): ReportChart[] {
  try {
    return [make()];
  } catch (error) {
    if (error instanceof ChartUnavailableError) return [];
    throw error;
  }
}

function patterns(db: Database.Database, s: ViewSelection, names: ExportNames): ViewContent {
  const chart = storeChart(db, 'heatmap', s.filter, names);
  const spec: QuerySpec = { measures: ['presses'], groupBy: ['weekday', 'hourOfDay'], filter: s.filter };
  return {
    charts: [{ title: chart.title, option: chart.option }],
    tables: [queryRowsTable('Rows', spec, runQuery(db, spec), names)],
  };
}

function ranking(db: Database.Database, s: ViewSelection, names: ExportNames): ViewContent {
  const chart = storeChart(db, 'ranking', s.filter, names);
  const score = scoreOf(scaleGroupOf(s.filter.scale));
  const spec = withComparison(
    { measures: ['presses', score], groupBy: ['experiencePointId'], filter: s.filter },
    s,
  );
  const rows = runQuery(db, spec).sort(
    (a, b) => (Number(Reflect.get(b, score)) || 0) - (Number(Reflect.get(a, score)) || 0),
  );
  return {
    charts: [{ title: chart.title, option: chart.option }],
    tables: [queryRowsTable('Experience points', spec, rows, names)],
  };
}

function followUps(db: Database.Database, s: ViewSelection, names: ExportNames): ViewContent {
  const grain = grainOf(s.filter);
  const { scale: _scale, ...filter } = s.filter;
  const charts = (['painPoint', 'highlight'] as const).flatMap((side) =>
    drawn(() => {
      const c = storeChart(db, 'followups', filter, names, { side, grain });
      return { title: c.title, option: noted(c.option, s, grain) };
    }),
  );
  return { charts, tables: [] };
}

function alerts(db: Database.Database, s: ViewSelection): ViewContent {
  const { experiencePointIds, surveyIds, from, to } = s.filter;
  const filter = {
    ...(experiencePointIds ? { experiencePointIds } : {}),
    ...(surveyIds ? { surveyIds } : {}),
    ...(from !== undefined ? { from } : {}),
    ...(to !== undefined ? { to } : {}),
  };
  const table = tabulateAlertDays(alertsPerDay(db, filter));
  const option = buildAlertTimelineOption(table, {
    animation: false,
    labels: { acknowledged: 'Acknowledged', unacknowledged: 'Not acknowledged', open: 'Still open' },
  });
  const listed = listAlerts(db, { filter, limit: 500 }).alerts;
  const charts = table.days.length > 0 ? [{ title: 'Alerts per day', option: noted(option, s, 'day') }] : [];
  const rows: ExportTable = {
    title: 'Alerts',
    columns: [
      { key: 'alertId', label: 'Alert id', type: 'number' },
      { key: 'type', label: 'Type', type: 'text' },
      { key: 'experiencePointId', label: 'Experience point id', type: 'number' },
      { key: 'experiencePoint', label: 'Place', type: 'text' },
      { key: 'surveyId', label: 'Survey id', type: 'number' },
      { key: 'began', label: 'Began', type: 'text' },
      { key: 'ended', label: 'Ended', type: 'text' },
      { key: 'acknowledged', label: 'Acknowledged', type: 'text' },
    ],
    rows: listed.map((a) => [
      a.alertId,
      a.type,
      a.experiencePointId,
      a.experiencePointName,
      a.surveyId,
      a.beginTime,
      a.endTime,
      a.acknowledged ? 'yes' : 'no',
    ]),
  };
  return { charts, tables: rows.rows.length > 0 ? [rows] : [] };
}

/** One view's charts and key tables for the selection, as its report shows them. */
export function viewContent(
  db: Database.Database,
  view: ReportView,
  s: ViewSelection,
  names: ExportNames,
): ViewContent {
  switch (view) {
    case 'overview':
      return overview(db, s);
    case 'trends':
      return trends(db, s, names);
    case 'patterns':
      return patterns(db, s, names);
    case 'ranking':
      return ranking(db, s, names);
    case 'follow-ups':
      return followUps(db, s, names);
    case 'alerts':
      return alerts(db, s);
  }
}
