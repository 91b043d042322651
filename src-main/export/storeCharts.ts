// The charts the command line draws from the local store: a chart kind and a QuerySpec's filter → title and option.
import type Database from 'better-sqlite3';
import type {
  ChartOptionJson,
  FeedbackScale,
  FollowupSide,
  QueryFilter,
  TrendGrain,
} from '#shared/contract.ts';
import { buttonScale } from '#shared/charts/buttonScale.ts';
import { buildDailyButtonChartOption, tabulateDailyButtonCounts } from '#shared/charts/dailyButtonCounts.ts';
import type { ExportNames } from '#shared/charts/exportWords.ts';
import { buildFollowupTrendOption, tabulateFollowupTrend } from '#shared/charts/followupTrend.ts';
import { buildPatternHeatmapOption } from '#shared/charts/patternHeatmap.ts';
import { buildPointRankingOption, rankPoints } from '#shared/charts/pointRanking.ts';
import { scaleGroupOf } from '#shared/metrics/scales.ts';
import { followupTrend } from '../analytics/followups.ts';
import { runQuery } from '../analytics/query.ts';
import { listScales } from '../analytics/scales.ts';

export type ChartKind = 'trend' | 'heatmap' | 'ranking' | 'followups';
export const chartKinds = [
  'trend',
  'heatmap',
  'ranking',
  'followups',
] as const satisfies readonly ChartKind[];

export interface StoreChart {
  title: string;
  /** The filter actually drawn (a scale is chosen when the chart needs one and none was given). */
  filter: QueryFilter;
  option: ChartOptionJson;
  presses: number;
}

/** Why a chart cannot be drawn, as one sentence. */
export class ChartUnavailableError extends Error {
  override name = 'ChartUnavailableError';
}

/** The given scale, or the one with the most presses in the subtree (as the app preselects it). */
function scaleFor(db: Database.Database, filter: QueryFilter): FeedbackScale {
  if (filter.scale) return filter.scale;
  const top = listScales(db, filter.experiencePointIds).scales[0];
  if (!top)
    throw new ChartUnavailableError('No presses of a known scale match this selection; nothing was written.');
  return top.scale;
}

/** JSON-only copy: the option builders may add callbacks (tooltips) that a file never needs. */
const plain = (option: object): ChartOptionJson => JSON.parse(JSON.stringify(option)) as ChartOptionJson;

/** What the follow-ups chart needs beyond the filter: the side, and the grain of its periods. */
export interface FollowupChoice {
  side: FollowupSide;
  grain: TrendGrain;
}

/**
 * The app's follow-ups chart (Follow-ups view, one side): the side's five most chosen options, each one's share of
 * the side's choices per period, drawn by the same builder with the light theme.
 */
function followupsChart(db: Database.Database, base: QueryFilter, choice: FollowupChoice): StoreChart {
  const { experiencePointIds, surveyIds, from, to, includeMisuse } = base;
  const filter = {
    ...(experiencePointIds ? { experiencePointIds } : {}),
    ...(surveyIds ? { surveyIds } : {}),
    ...(from !== undefined ? { from } : {}),
    ...(to !== undefined ? { to } : {}),
    ...(includeMisuse !== undefined ? { includeMisuse } : {}),
  };
  const rows = followupTrend(db, { filter, grain: choice.grain, side: choice.side });
  const table = tabulateFollowupTrend(rows, choice.side);
  if (table.periods.length === 0)
    throw new ChartUnavailableError('No follow-up answers match this selection; nothing was written.');
  return {
    title: `Trend of ${choice.side === 'painPoint' ? 'Pain points' : 'Highlights'}`,
    filter: base,
    option: plain(buildFollowupTrendOption(table, { animation: false })),
    presses: table.lines.reduce((n, l) => n + l.count.reduce((a, b) => a + b, 0), 0),
  };
}

export function storeChart(
  db: Database.Database,
  kind: ChartKind,
  base: QueryFilter,
  names: ExportNames,
  followups: FollowupChoice = { side: 'painPoint', grain: 'day' },
): StoreChart {
  if (kind === 'followups') return followupsChart(db, base, followups);
  const scale = scaleFor(db, base);
  const filter: QueryFilter = { ...base, scale };
  if (kind === 'heatmap') {
    // The Patterns view's chart with presses shown, in English (the app's weekday names in an English locale).
    const rows = runQuery(db, { measures: ['presses'], groupBy: ['weekday', 'hourOfDay'], filter });
    const cells = rows.map((r) => ({
      weekday: r.weekday ?? 0,
      hour: r.hourOfDay ?? -1,
      value: typeof r.presses === 'number' ? r.presses : null,
    }));
    const option = buildPatternHeatmapOption({
      cells,
      weekdayNames: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
      valueName: 'Presses',
      format: { style: 'count', locale: 'en-US' },
      kind: 'count',
      dark: false,
    });
    return {
      title: 'Presses by weekday and hour of the day',
      filter,
      option: plain(option),
      presses: cells.reduce((n, c) => n + (c.value ?? 0), 0),
    };
  }
  const group = scaleGroupOf(scale);
  if (kind === 'trend') {
    const rows = runQuery(db, { measures: ['count'], groupBy: ['day', 'buttonIndex'], filter });
    const table = tabulateDailyButtonCounts(rows, group);
    return {
      title: `${buttonScale(group).name}: answers per day`,
      filter,
      option: plain(buildDailyButtonChartOption(table, { animation: false })),
      presses: table.total,
    };
  }
  const rows = runQuery(db, { measures: ['count'], groupBy: ['experiencePointId', 'buttonIndex'], filter });
  const ranked = rankPoints(rows, group, (id) => names.experiencePoint(id));
  return {
    title: group === 'nps' ? 'Experience points by NPS' : 'Experience points by positive share',
    filter,
    option: plain(buildPointRankingOption(ranked, group)),
    presses: ranked.reduce((n, p) => n + p.presses, 0),
  };
}
