// The v1 sync: folder tree, surveys and questions; every survey's results by windows of local days, each window
// replaced with its checkpoint in one transaction; alerts. Progress events, cancellation, a sync_run row.
import type { SyncProgress } from '#shared/contract.ts';
import { ApiError } from '../api/errors.ts';
import type { V1Client } from '../api/v1/client.ts';
import { walkFolderTree } from '../api/v1/folderTree.ts';
import type { Store } from '../store/db.ts';
import { v1SurveyStream } from '../store/repos/v1StructureRepo.ts';
import { addDays, utcDate } from './plan.ts';
import { parseV1Cursor, periodHull, planSurvey, surveyWindows } from './v1Plan.ts';
import { cancelledMessage, startRunRecord, stoppedRun } from './runRecord.ts';
import { syncSurvey } from './v1Survey.ts';
import type { SurveyPlan } from './v1Survey.ts';
import { isKnownZone } from './v1Zones.ts';

export const v1FoldersStream = 'v1:folders';
export const v1SurveysStream = 'v1:surveys';
export const v1AlertsStream = 'v1:alerts';

export interface SyncV1Options {
  store: Store;
  client: V1Client;
  signal?: AbortSignal;
  onProgress?: (progress: SyncProgress) => void;
  /**
   * First local date to fetch (`yyyy-MM-dd`, in each survey's zone); default the account's first day: the day before
   * the first active period of the surveys in scope starts (three years before today when none has a period).
   */
  since?: string;
  /** Exclusive end; default the day after tomorrow (UTC), so "tomorrow" holds in every time zone. */
  until?: string;
  /** Folder keys (= v2 experience point ids) whose subtrees are synced; default the whole tree. */
  scope?: number[];
  now?: () => Date;
  /** Which service the checkpoints belong to; default the client's origin. */
  sourceId?: string;
  /** Days before the previous run's today fetched again on an incremental run (late uploads); default 3. */
  trailingDays?: number;
  /** Local days per window, 1..360; default 180 (summed results allow 12 months per request). */
  windowDays?: number;
  /** Ask raw results with openfeedback=true; default false (pages of 100000 instead of 10000). */
  rawOpenFeedback?: boolean;
}

export interface SyncV1Result {
  status: 'done' | 'cancelled';
  folders: number;
  surveys: number;
  windows: number;
  /** Raw-result, open-feedback and alert items received. */
  itemsReceived: number;
  pages: number;
  alerts: number;
  /** Button presses in the v1 tables after the run. */
  pressTotal: number;
  /** The local dates the run covered, `from` inclusive, `to` exclusive (null when it stopped before knowing them). */
  window: { from: string; to: string } | null;
  /** The surveys in scope with their zones and periods (what explains an empty window). */
  surveyPeriods: { timeZone: string; periods: { startUtc: number; endUtc: number }[] }[];
  seconds: number;
}

type Counts = {
  folders: number;
  surveys: number;
  windows: number;
  itemsReceived: number;
  pages: number;
  alerts: number;
};
type Emit = (p: SyncProgress) => void;

/** Runs one v1 sync. Resolves with status 'cancelled' when the signal fires; throws ApiError on other failures. */
export async function syncV1(options: SyncV1Options): Promise<SyncV1Result> {
  const { store, client, signal } = options;
  const now = options.now ?? (() => new Date());
  const emit = options.onProgress ?? (() => undefined);
  const started = performance.now();
  const source = options.sourceId ?? client.origin;
  const to = options.until ?? utcDate(now(), 2);
  let window: SyncV1Result['window'] = null;
  let surveysInScope: SyncV1Result['surveyPeriods'] = [];
  const counts: Counts = { folders: 0, surveys: 0, windows: 0, itemsReceived: 0, pages: 0, alerts: 0 };
  const written = { presses: 0 }; // presses stored by the windows of this run (replacing what those windows held)
  let stream = v1FoldersStream;
  /** The run's record in sync_run (its presses afterwards, read from the store). */
  const record = startRunRecord(store, {
    ...{ source: 'v1', baseUrl: client.baseUrl },
    counts: () => ({ itemsReceived: counts.itemsReceived, rowsInserted: written.presses }),
    total: () => store.v1.presses.totalPresses(),
  });
  const finish = (status: 'done' | 'cancelled'): SyncV1Result => {
    const pressTotal = record(status);
    const seconds = (performance.now() - started) / 1000;
    return { status, ...counts, pressTotal, window, surveyPeriods: surveysInScope, seconds };
  };
  const cancelled = (): ApiError => new ApiError('cancelled', 'The sync was cancelled.');
  try {
    // 1. Structure: the whole tree (cheap, a few calls) and the questions, replaced in one transaction.
    const folders = await syncStructure(options, emit, counts);
    // 2. Surveys in scope, planned from their checkpoints, then their windows.
    stream = v1SurveysStream;
    const planned = planSurveys(options, { folders, source, to, now });
    surveysInScope = planned.surveyPeriods;
    window = { from: planned.from, to };
    counts.surveys = planned.plans.length;
    await syncSurveys(options, planned.plans, { counts, written, emit });
    if (signal?.aborted) throw cancelled();
    // 3. Alerts of the scope (or the company root), from the planned start; upserted by key.
    stream = v1AlertsStream;
    await syncAlerts(
      options,
      { from: planned.from, to, source, folders: folders.map((f) => f.key) },
      counts,
      emit,
    );
    if (signal?.aborted) throw cancelled();
    return finish('done');
  } catch (error) {
    const say = (phase: 'cancelled' | 'failed', message: string): void =>
      emit({ stream, phase, items: counts.itemsReceived, pages: counts.pages, fraction: null, message });
    stoppedRun(error, { signal, sayFailed: (message) => say('failed', message), record });
    say('cancelled', cancelledMessage);
    return finish('cancelled');
  }
}

/** The folder tree and the questions, replaced in one transaction; the folders. */
async function syncStructure(options: SyncV1Options, emit: Emit, counts: Counts) {
  const { store, client, signal } = options;
  const withSignal = signal ? { signal } : {};
  emit({ stream: v1FoldersStream, phase: 'running', items: 0, pages: 0, fraction: 0 });
  const folders = await walkFolderTree(client, withSignal);
  const questions = await client.allQuestions(withSignal);
  store.v1.structure.replaceStructure(folders, questions);
  counts.folders = folders.length;
  emit({ stream: v1FoldersStream, phase: 'done', items: folders.length, pages: 1, fraction: 0 });
  return folders;
}

/** Every survey in scope with its windows, planned from its checkpoint; the run's first day. */
function planSurveys(
  options: SyncV1Options,
  at: {
    folders: readonly { key: number; parentKey: number | null }[];
    source: string;
    to: string;
    now: () => Date;
  },
): { plans: SurveyPlan[]; from: string; surveyPeriods: SyncV1Result['surveyPeriods'] } {
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
  const plans = surveys.map((survey): SurveyPlan => {
    const cursor = planSurvey(
      parseV1Cursor(options.store.checkpoints.get(v1SurveyStream(survey.surveyKey))),
      {
        ...{ source: at.source, from, to: at.to },
        trailingDays: options.trailingDays ?? 3,
      },
    );
    const hull = periodHull(survey.timeZone, survey.periods);
    const range = {
      start: hull && hull.from > cursor.from ? hull.from : cursor.from,
      end: hull && hull.to < cursor.to ? hull.to : cursor.to,
    };
    return { survey, cursor, windows: surveyWindows(cursor, hull, windowDays), range };
  });
  return { plans, from, surveyPeriods: surveys.map((s) => ({ timeZone: s.timeZone, periods: s.periods })) };
}

/** Every planned survey's windows, with progress over all of them; a survey gone from the service is skipped. */
async function syncSurveys(
  options: SyncV1Options,
  plans: readonly SurveyPlan[],
  run: { counts: Counts; written: { presses: number }; emit: Emit },
): Promise<void> {
  const { store, client, signal } = options;
  const { counts, emit } = run;
  const totalWindows = Math.max(
    1,
    plans.reduce((n, p) => n + p.windows.length, 0),
  );
  const started = performance.now();
  const progress = (phase: SyncProgress['phase'], message?: string): SyncProgress => {
    const seconds = (performance.now() - started) / 1000;
    return {
      ...{ stream: v1SurveysStream, phase, items: counts.itemsReceived, pages: counts.pages },
      fraction: phase === 'done' ? 1 : Math.min(1, counts.windows / totalWindows),
      ...(seconds > 0 ? { itemsPerSecond: Math.round(counts.itemsReceived / seconds) } : {}),
      ...(message ? { message } : {}),
    };
  };
  emit(progress('running'));
  for (const plan of plans) {
    if (signal?.aborted) throw new ApiError('cancelled', 'The sync was cancelled.');
    try {
      await syncSurvey(plan, {
        ...{ store, client, ...(signal ? { signal } : {}) },
        rawOpenFeedback: options.rawOpenFeedback ?? false,
        onPage: (items) => {
          counts.itemsReceived += items;
          counts.pages++;
        },
        onWindow: (w) => {
          counts.windows++;
          run.written.presses += w.presses;
          emit(progress('running'));
        },
      });
    } catch (error) {
      // A survey removed at the service since the tree was read: its data goes with the next structure sync.
      if (!(error instanceof ApiError && error.status === 404)) throw error;
      emit(progress('running', `Survey ${plan.survey.surveyKey} is no longer at the service; skipped.`));
    }
  }
  if (signal?.aborted) return;
  emit(progress('done'));
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

interface AlertCursor {
  v: 1;
  source: string;
  from: string;
  to: string;
}

async function syncAlerts(
  options: SyncV1Options,
  plan: { from: string; to: string; source: string; folders: number[] },
  counts: { itemsReceived: number; pages: number; alerts: number },
  emit: (p: SyncProgress) => void,
): Promise<void> {
  const { store, client, signal } = options;
  const previous = store.checkpoints.get(v1AlertsStream) as Partial<AlertCursor> | null;
  // Incremental: alerts that ended (or changed) since a few days before the previous run's today, and all open ones.
  const incremental =
    previous?.v === 1 &&
    previous.source === plan.source &&
    typeof previous.to === 'string' &&
    previous.from === plan.from;
  const start = incremental
    ? addDays(previous.to ?? plan.from, -((options.trailingDays ?? 3) + 2))
    : plan.from;
  const roots = options.scope ?? (plan.folders[0] === undefined ? [] : [plan.folders[0]]);
  const cursor: AlertCursor = { v: 1, source: plan.source, from: plan.from, to: plan.to };
  emit({ stream: v1AlertsStream, phase: 'running', items: 0, pages: 0, fraction: 0 });
  let items = 0;
  let pages = 0;
  for (const [i, root] of roots.entries()) {
    const query = {
      childFolders: true,
      // Local dates of every zone: a day's margin on both sides, as instants.
      start: `${addDays(start, -1)}T00:00:00Z`,
      end: `${addDays(plan.to, 1)}T00:00:00Z`,
      ...(signal ? { signal } : {}),
    };
    for await (const page of client.folderAlertPages(root, query)) {
      const last = i === roots.length - 1 && page.moreResultsAfter === null;
      store.v1.structure.upsertAlerts(page.items, last ? { stream: v1AlertsStream, cursor } : undefined);
      items += page.items.length;
      pages++;
      counts.itemsReceived += page.items.length;
      counts.pages++;
    }
  }
  if (roots.length === 0) store.checkpoints.set(v1AlertsStream, cursor);
  counts.alerts = store.v1.structure.counts().alerts;
  emit({ stream: v1AlertsStream, phase: 'done', items, pages, fraction: 1 });
}
