// The v1 survey streams of one run: their plan (every survey in scope from its checkpoint, the account's first day,
// newest first's recent days) and their two phases (the recent days or one pass, then newest first's history going
// back), each survey's windows fetched and written by v1Survey.ts; progress over all of them.
import type { SyncProgress } from '#shared/contract.ts';
import { ApiError } from '../api/errors.ts';
import type { V1Client } from '../api/v1/client.ts';
import type { Store } from '../store/db.ts';
import { v1SurveyStream } from '../store/repos/v1StructureRepo.ts';
import { utcDate } from './plan.ts';
import { historyWindows, parseV1Cursor, periodHull, planSurvey, surveyWindows } from './v1Plan.ts';
import type { V1SurveyCursor } from './v1Plan.ts';
import { syncSurvey, syncSurveyHistory } from './v1Survey.ts';
import type { SurveyPlan } from './v1Survey.ts';
import { isKnownZone } from './v1Zones.ts';

export const v1SurveysStream = 'v1:surveys';
/** Newest first: the surveys' history before their recent days, as its own progress line. */
export const v1HistoryStream = 'v1:history';

export interface V1SurveysRun {
  store: Store;
  client: V1Client;
  signal?: AbortSignal;
  since?: string;
  scope?: number[];
  trailingDays?: number;
  windowDays?: number;
  rawOpenFeedback?: boolean;
}

export type SurveyPeriods = { timeZone: string; periods: { startUtc: number; endUtc: number }[] }[];

export interface PlannedSurveys {
  plans: SurveyPlan[];
  /** The run's first day (the account's, or `since`). */
  from: string;
  surveyPeriods: SurveyPeriods;
}

/**
 * Every survey in scope with its windows, planned from its checkpoint; the run's first day. `recentFrom`: newest
 * first, where the recent days start (a survey without a cursor fetches them first and its history after).
 */
export function planSurveys(
  options: V1SurveysRun,
  at: {
    folders: readonly { key: number; parentKey: number | null }[];
    source: string;
    to: string;
    now: () => Date;
  },
  recentFrom: string | null,
): PlannedSurveys {
  const inScope = scopeFolders(at.folders, options.scope);
  // Summed results allow 12 months per request; a window never asks for more.
  const windowDays = Math.min(360, Math.max(1, Math.floor(options.windowDays ?? 180)));
  const surveys = options.store.v1.structure.surveys().filter((s) => inScope.has(s.folderKey));
  for (const survey of surveys)
    if (!isKnownZone(survey.timeZone))
      throw new ApiError(
        'invalid',
        `Survey ${survey.surveyKey} has the time zone '${survey.timeZone.slice(0, 60)}', which Feedback Desk does not know. Update Feedback Desk.`,
        { endpoint: 'folders' },
      );
  // The account's first day once the surveys are known.
  const from = options.since ?? accountFirstDay(surveys, at.to, at.now);
  const request = {
    ...{ source: at.source, from, to: at.to, trailingDays: options.trailingDays ?? 3 },
    ...(recentFrom && recentFrom > from ? { recentFrom } : {}),
  };
  const plans = surveys.map((survey): SurveyPlan => {
    const cursor = planSurvey(
      parseV1Cursor(options.store.checkpoints.get(v1SurveyStream(survey.surveyKey))),
      request,
    );
    const hull = periodHull(survey.timeZone, survey.periods);
    const range = {
      start: hull && hull.from > cursor.from ? hull.from : cursor.from,
      end: hull && hull.to < cursor.to ? hull.to : cursor.to,
    };
    const windows = surveyWindows(cursor, hull, windowDays);
    return { survey, cursor, windows, history: historyWindows(cursor, hull, windowDays), hull, range };
  });
  return { plans, from, surveyPeriods: surveys.map((s) => ({ timeZone: s.timeZone, periods: s.periods })) };
}

export type Counts = {
  folders: number;
  surveys: number;
  windows: number;
  itemsReceived: number;
  pages: number;
  alerts: number;
};

export interface SurveysPhase {
  counts: Counts;
  written: { presses: number };
  emit: (p: SyncProgress) => void;
  /** Told after every committed window (newest first: the coverage moves). */
  onWindow?: () => void;
}

/**
 * One phase over every planned survey, with progress over all of its windows; a survey gone from the service is
 * skipped. 'recent' (or one pass) returns the plans as they stand after it (each survey's cursor as stored, the
 * surveys gone left out), ready for 'history'.
 */
export async function syncSurveys(
  options: V1SurveysRun,
  plans: readonly SurveyPlan[],
  phase: 'recent' | 'history',
  run: SurveysPhase,
): Promise<SurveyPlan[]> {
  const { store, client, signal } = options;
  const { counts } = run;
  const stream = phase === 'recent' ? v1SurveysStream : v1HistoryStream;
  const total = Math.max(
    1,
    plans.reduce((n, p) => n + (phase === 'recent' ? p.windows : p.history).length, 0),
  );
  const progress = phaseProgress(stream, counts, total);
  let windows = 0;
  run.emit(progress('running', windows));
  const after: SurveyPlan[] = [];
  for (const plan of plans) {
    if (signal?.aborted) throw new ApiError('cancelled', 'The sync was cancelled.');
    const o = {
      ...{ store, client, ...(signal ? { signal } : {}) },
      rawOpenFeedback: options.rawOpenFeedback ?? false,
      onPage: (items: number) => ((counts.itemsReceived += items), counts.pages++),
      onWindow: (w: { presses: number }) => {
        counts.windows++;
        windows++;
        run.written.presses += w.presses;
        run.emit(progress('running', windows));
        run.onWindow?.();
      },
    };
    try {
      if (phase === 'history') await syncSurveyHistory(plan, o);
      else after.push(withCursor(plan, await syncSurvey(plan, o)));
    } catch (error) {
      // A survey removed at the service since the tree was read: its data goes with the next structure sync.
      if (!(error instanceof ApiError && error.status === 404)) throw error;
      run.emit(
        progress('running', windows, `Survey ${plan.survey.surveyKey} is no longer at the service; skipped.`),
      );
    }
  }
  if (!signal?.aborted) run.emit(progress('done', windows));
  return after;
}

/** The plan with the cursor its recent phase stored (its history windows are the same: `from` did not move). */
const withCursor = (plan: SurveyPlan, cursor: V1SurveyCursor): SurveyPlan => ({ ...plan, cursor });

/** A phase's progress event: its windows done over all of them, items and pages of the whole run, the pace. */
function phaseProgress(stream: string, counts: Counts, total: number) {
  const started = performance.now();
  return (phase: SyncProgress['phase'], windows: number, message?: string): SyncProgress => {
    const seconds = (performance.now() - started) / 1000;
    return {
      ...{ stream, phase, items: counts.itemsReceived, pages: counts.pages },
      fraction: phase === 'done' ? 1 : Math.min(1, windows / total),
      ...(seconds > 0 ? { itemsPerSecond: Math.round(counts.itemsReceived / seconds) } : {}),
      ...(message ? { message } : {}),
    };
  };
}

/**
 * The day before the first active period of any survey starts (in its zone: the margin periodHull gives), never
 * after `to`; three years before today when no survey has a period (the service reveals nothing then).
 */
function accountFirstDay(
  surveys: readonly { timeZone: string; periods: readonly { startUtc: number; endUtc: number }[] }[],
  to: string,
  now: () => Date,
): string {
  const starts = surveys.flatMap((s) => {
    const hull = periodHull(s.timeZone, s.periods);
    return hull ? [hull.from] : [];
  });
  if (starts.length === 0) return utcDate(now(), -3 * 365) < to ? utcDate(now(), -3 * 365) : to;
  const first = starts.reduce((a, b) => (a < b ? a : b));
  return first < to ? first : to;
}

/** Folder keys in the scope's subtrees (every folder when no scope is given); an unknown key is a config error. */
function scopeFolders(
  folders: readonly { key: number; parentKey: number | null }[],
  scope?: number[],
): Set<number> {
  if (!scope) return new Set(folders.map((f) => f.key));
  const children = new Map<number, number[]>();
  for (const f of folders)
    if (f.parentKey !== null) children.set(f.parentKey, [...(children.get(f.parentKey) ?? []), f.key]);
  const known = new Set(folders.map((f) => f.key));
  const out = new Set<number>();
  for (const root of scope) {
    if (!known.has(root))
      throw new ApiError('config', `Folder ${root} is not in the v1 folder tree; check the scope.`);
    const stack = [root];
    while (stack.length) {
      const key = stack.pop() ?? root;
      if (out.has(key)) continue;
      out.add(key);
      stack.push(...(children.get(key) ?? []));
    }
  }
  return out;
}
