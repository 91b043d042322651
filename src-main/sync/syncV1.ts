// The v1 sync as one scheduler stream: the folder tree and questions, then the survey streams (v1Surveys.ts; newest
// first: their recent days, the alerts, then their history going back, the coverage said as it moves), the alerts
// (v1Alerts.ts); progress events, cancellation, a sync_run row.
import type { SyncProgress } from '#shared/contract.ts';
import { ApiError } from '../api/errors.ts';
import type { V1Client } from '../api/v1/client.ts';
import { walkFolderTree } from '../api/v1/folderTree.ts';
import type { Store } from '../store/db.ts';
import { coverageProgress, storedCoverage } from './coverage.ts';
import { addDays, utcDate } from './plan.ts';
import { cancelledMessage, startRunRecord, stoppedRun } from './runRecord.ts';
import { syncAlerts, v1AlertsStream } from './v1Alerts.ts';
import { planSurveys, syncSurveys, v1HistoryStream, v1SurveysStream } from './v1Surveys.ts';
import type { Counts, PlannedSurveys, SurveyPeriods } from './v1Surveys.ts';

export const v1FoldersStream = 'v1:folders';
export { v1AlertsStream } from './v1Alerts.ts';
export { v1HistoryStream, v1SurveysStream } from './v1Surveys.ts';

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
  /**
   * Newest first: a first sync (or one whose history is pending) stores the surveys' last this many days first, then
   * the alerts, then the history before them going back (default 0: one pass, oldest first).
   */
  firstWindowDays?: number;
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
  surveyPeriods: SurveyPeriods;
  seconds: number;
}

type Emit = (p: SyncProgress) => void;

/** Runs one v1 sync. Resolves with status 'cancelled' when the signal fires; throws ApiError on other failures. */
export async function syncV1(options: SyncV1Options): Promise<SyncV1Result> {
  const { store, client, signal } = options;
  const now = options.now ?? (() => new Date());
  const emit = options.onProgress ?? (() => undefined);
  const started = performance.now();
  const to = options.until ?? utcDate(now(), 2);
  let planned: PlannedSurveys | null = null;
  const counts: Counts = { folders: 0, surveys: 0, windows: 0, itemsReceived: 0, pages: 0, alerts: 0 };
  const written = { presses: 0 }; // presses stored by the windows of this run (replacing what those windows held)
  const at = { stream: v1FoldersStream };
  /** The run's record in sync_run (its presses afterwards, read from the store). */
  const record = startRunRecord(store, {
    ...{ source: 'v1', baseUrl: client.baseUrl },
    counts: () => ({ itemsReceived: counts.itemsReceived, rowsInserted: written.presses }),
    total: () => store.v1.presses.totalPresses(),
  });
  const finish = (status: 'done' | 'cancelled'): SyncV1Result => {
    const pressTotal = record(status);
    const seconds = (performance.now() - started) / 1000;
    const window = planned ? { from: planned.from, to } : null;
    return { status, ...counts, pressTotal, window, surveyPeriods: planned?.surveyPeriods ?? [], seconds };
  };
  try {
    await runPhases(options, { to, now, counts, written, emit, at }, (p) => (planned = p));
    return finish('done');
  } catch (error) {
    const say = (phase: 'cancelled' | 'failed', message: string): void =>
      emit({
        stream: at.stream,
        phase,
        items: counts.itemsReceived,
        pages: counts.pages,
        fraction: null,
        message,
      });
    stoppedRun(error, { signal, sayFailed: (message) => say('failed', message), record });
    say('cancelled', cancelledMessage);
    return finish('cancelled');
  }
}

interface Run {
  to: string;
  now: () => Date;
  counts: Counts;
  written: { presses: number };
  emit: Emit;
  /** The stream a failure is named by (the phase under way). */
  at: { stream: string };
}

/**
 * The v1 streams in order: the structure; the surveys planned from their checkpoints; their recent days (or one
 * pass); the alerts; newest first, their history, the coverage said after the recent days and as history lands.
 */
async function runPhases(
  options: SyncV1Options,
  run: Run,
  planned: (p: PlannedSurveys) => void,
): Promise<void> {
  const { signal } = options;
  const cancelled = (): ApiError => new ApiError('cancelled', 'The sync was cancelled.');
  const source = options.sourceId ?? options.client.origin;
  // 1. Structure: the whole tree (cheap, a few calls) and the questions, replaced in one transaction.
  const folders = await syncStructure(options, run.emit, run.counts);
  // 2. Surveys in scope, planned from their checkpoints (newest first: from the recent days' start), then their windows.
  run.at.stream = v1SurveysStream;
  const days = options.firstWindowDays ?? 0;
  // As the presses' first window (syncV2.ts firstWindowStart): `days` before the run's UTC day, its end less two.
  const recentFrom = days > 0 && !options.since ? addDays(run.to, -2 - days) : null;
  const plan = planSurveys(options, { folders, source, to: run.to, now: run.now }, recentFrom);
  planned(plan);
  run.counts.surveys = plan.plans.length;
  const phase = { counts: run.counts, written: run.written, emit: run.emit };
  const recent = await syncSurveys(options, plan.plans, 'recent', phase);
  if (signal?.aborted) throw cancelled();
  const history = recent.filter((p) => p.cursor.back);
  const say = coverageSayer(options.store, run.emit);
  if (history.length > 0) say();
  // 3. Alerts of the scope (or the company root), from the planned start; upserted by key.
  run.at.stream = v1AlertsStream;
  const alertPlan = { from: plan.from, to: run.to, source, folders: folders.map((f) => f.key) };
  await syncAlerts(options, alertPlan, run.counts, run.emit);
  if (signal?.aborted || history.length === 0) {
    if (signal?.aborted) throw cancelled();
    return;
  }
  // 4. Newest first: the history before the recent days, going back; the coverage moves with every window.
  run.at.stream = v1HistoryStream;
  await syncSurveys(options, history, 'history', { ...phase, onWindow: say });
  if (signal?.aborted) throw cancelled();
  say();
}

/** Says the stored coverage as a progress event whenever it changed since it was last said. */
function coverageSayer(store: Store, emit: Emit): () => void {
  let said = '';
  return () => {
    const coverage = storedCoverage(store);
    const key = JSON.stringify(coverage);
    if (key !== said) emit(coverageProgress(coverage));
    said = key;
  };
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
