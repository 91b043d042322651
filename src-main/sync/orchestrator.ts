// Runs a whole sync of one data file: takes its lock, marks runs a killed process left behind, then the streams
// (v2 tree and button feedbacks, every other v2 resource, v1), recording each stream's outcome for `status`.
import type { SyncProgress } from '#shared/contract.ts';
import { ApiError } from '../api/errors.ts';
import type { RetryInfo } from '../api/http.ts';
import type { PaceInfo } from '../api/pacing.ts';
import type { V1Client } from '../api/v1/client.ts';
import type { V2Client } from '../api/v2/client.ts';
import type { Store } from '../store/db.ts';
import type { V2ClientConfig } from './feedbackPages.ts';
import { explainEmptyV1, explainEmptyV2, v1PressesBetween, v2PressesBetween } from './history.ts';
import type { CoveredWindow } from './history.ts';
import { addDays } from './plan.ts';
import { createScheduler } from './scheduler.ts';
import type { Scheduler, StreamOutcome } from './scheduler.ts';
import { acquireSyncLock } from './syncLock.ts';
import { syncSurveyDefinitions } from './surveyDefinitions.ts';
import { syncV1 } from './syncV1.ts';
import { syncV2 } from './syncV2.ts';
import { createResourcesStream, resourcesOrder, v2ResourcesStream } from './v2ResourcesStream.ts';

/** The streams as `status` lists them. */
export const streamNames = {
  v2Feedback: 'v2:button-feedbacks',
  v2Resources: v2ResourcesStream,
  v1: 'v1',
} as const;

export type SourceChoice = 'v1' | 'v2' | 'both';

export interface RunSyncOptions {
  store: Store;
  sources: {
    v1?: { client: V1Client; sourceId?: string };
    /** `config` lets the button feedbacks be fetched and parsed on a thread of their own. */
    v2?: { client: V2Client; config?: V2ClientConfig; sourceId?: string };
  };
  source: SourceChoice;
  /** First local date (`yyyy-MM-dd`); default the account's first day (history.ts). */
  since?: string;
  until?: string;
  /** Subtree roots (v2 experience point ids = v1 folder keys); default the whole tree. */
  scope?: number[];
  /** Fetch the whole range again, replacing stored button feedbacks window by window. */
  full?: boolean;
  /** Whole local days re-fetched and replaced on an incremental run (default 3). */
  trailingDays?: number;
  /**
   * Newest first: a first v2 sync stores the definitions and the last this many days first (the views open on them),
   * then fills in the older history backwards (default 62 when no `since` is given, else 0: one pass in order).
   */
  firstWindowDays?: number;
  /** Newest first: once the coverage opens the views, this thread and the writer's step back (threadPriority.ts). */
  backgroundHistory?: boolean;
  signal?: AbortSignal;
  onProgress?: (p: SyncProgress) => void;
  onRetry?: (info: RetryInfo) => void;
  onPace?: (info: PaceInfo & { endpoint: string }) => void;
  now?: () => Date;
  /** Tuning for tests and benchmarks. */
  pageSize?: number;
  batchRows?: number;
  writerThread?: boolean;
}

export type { StreamOutcome } from './scheduler.ts';

export interface RunSyncResult {
  status: 'done' | 'cancelled' | 'failed';
  streams: StreamOutcome[];
  /** The first failure, as the user should read it. */
  error?: Error;
  /** The window each finished source covered, with the presses held in it (and why none, when none). */
  windows: CoveredWindow[];
  seconds: number;
}

/**
 * Runs the chosen sources' streams in order. A failing stream stops its source (a refused token fails every later
 * request of it) and is recorded; the other source still runs. Cancellation stops everything. Throws
 * SyncLockedError when another sync holds the file.
 */
export async function runSync(o: RunSyncOptions): Promise<RunSyncResult> {
  const { store } = o;
  const now = o.now ?? (() => new Date());
  const lock = acquireSyncLock(store.path, now);
  const started = performance.now();
  const scheduler = createScheduler(store, o.onProgress);
  const windows: CoveredWindow[] = [];
  try {
    // Nobody else syncs this file now: a run still 'running' belongs to a process that was killed.
    store.syncRuns.markInterrupted();
    store.syncStreams.markInterrupted();
    const common = commonOptions(o, now);
    if ((o.source === 'v2' || o.source === 'both') && o.sources.v2)
      windows.push(...(await runV2(o, o.sources.v2, scheduler, common)));
    if ((o.source === 'v1' || o.source === 'both') && o.sources.v1 && !o.signal?.aborted)
      windows.push(...(await runV1(o, o.sources.v1, scheduler, common)));
  } finally {
    lock.release();
  }
  const streams = scheduler.outcomes;
  const firstError = scheduler.firstError();
  const cancelled = o.signal?.aborted || streams.some((s) => s.status === 'cancelled');
  const failed = streams.some((s) => s.status === 'failed');
  return {
    status: failed ? 'failed' : cancelled ? 'cancelled' : 'done',
    streams,
    ...(firstError ? { error: firstError } : {}),
    windows,
    seconds: (performance.now() - started) / 1000,
  };
}

type Common = ReturnType<typeof commonOptions>;

/** The options every source's sync takes alike. */
function commonOptions(o: RunSyncOptions, now: () => Date) {
  return {
    ...(o.since ? { since: o.since } : {}),
    ...(o.until ? { until: o.until } : {}),
    ...(o.scope && o.scope.length > 0 ? { scope: o.scope } : {}),
    ...(o.trailingDays !== undefined ? { trailingDays: o.trailingDays } : {}),
    ...(o.signal ? { signal: o.signal } : {}),
    ...(o.pageSize ? { pageSize: o.pageSize } : {}),
    now,
  };
}

type V2Source = NonNullable<RunSyncOptions['sources']['v2']>;

/**
 * The v2 streams: the tree, (on a first sync) the survey definitions, the button feedbacks newest first, and the
 * other resources over the same days, started as their order says (v2ResourcesStream.ts `resourcesOrder`).
 */
async function runV2(
  o: RunSyncOptions,
  v2: V2Source,
  scheduler: Scheduler,
  common: Common,
): Promise<CoveredWindow[]> {
  const { store } = o;
  // Asked for explicit dates (--since), the run fetches them in order; the whole history newest first, from a first
  // window of 62 days: the Overview's 30 days and the 30 it compares with, a day either side.
  const firstWindowDays = o.firstWindowDays ?? (o.since ? 0 : 62);
  const order = resourcesOrder(store, { firstWindowDays, full: o.full === true });
  const resources = createResourcesStream(
    scheduler,
    { store, client: v2.client, ...common, ...(v2.sourceId ? { sourceId: v2.sourceId } : {}) },
    { order, firstWindowDays },
  );
  const firstSync = store.buttonFeedback.newestAt() === null;
  let window: Window | null = null;
  let definitionsDone = false;
  const ok = await scheduler.run(
    streamNames.v2Feedback,
    'v2',
    async (onProgress) => {
      const r = await syncV2({
        ...{ store, client: v2.client, ...common, onProgress, firstWindowDays },
        onWindow: (w) => {
          window = w;
          if (order === 'alongside') resources.start(w, false);
        },
        // A first sync: the survey definitions before the presses (the views tell scales apart by them).
        ...(firstSync
          ? {
              beforeFeedbacks: async () =>
                void (definitionsDone = (await definitions(o, v2, onProgress)) === 'done'),
            }
          : {}),
        // Newest first: the resources' recent days once the presses' are stored and the coverage has opened the
        // views (the Overview's first chart needs none of them), before the presses' history. One writer at a time:
        // beside the first window's big batches they would share SQLite's 5 s busy timeout (a run with them
        // alongside failed once at load 25, its cause unseen).
        ...(order === 'newest-first'
          ? {
              beforeHistory: () => {
                if (window && !o.signal?.aborted) resources.start(window, definitionsDone);
                return resources.recentStored();
              },
            }
          : {}),
        ...v2Tuning(o, v2),
      });
      window = r.window;
      return { status: r.status, itemsReceived: r.itemsReceived, rowsHeld: r.feedbackTotal };
    },
    () => store.buttonFeedback.newestAt(),
  );
  resources.pressesEnded(!o.signal?.aborted);
  const covered: Window | null = window;
  if (covered && !o.signal?.aborted) resources.start(covered, definitionsDone);
  if (!(await resources.result()) || !ok || !covered) return [];
  return [await coveredV2(store, covered, explainer(v2, common, o.signal))];
}

/** Why a window holds no press, as the service shows it (a plain sentence when it cannot be asked). */
function explainer(v2: V2Source, common: Common, signal: AbortSignal | undefined) {
  return (w: Window): Promise<string> =>
    explainEmptyV2(v2.client, w, common.now, signal).catch(
      () => `No presses between ${w.from} and ${addDays(w.to, -1)}.`,
    );
}

type Window = { from: string; to: string };

/** The survey definitions (surveys and questions), as their own progress lines; 'done', 'cancelled' or 'not-permitted'. */
function definitions(
  o: RunSyncOptions,
  v2: V2Source,
  onProgress: (p: SyncProgress) => void,
): Promise<string> {
  return syncSurveyDefinitions({
    store: o.store,
    client: v2.client,
    onProgress,
    ...(o.signal ? { signal: o.signal } : {}),
  });
}

/** The button feedbacks' own options: the service, the fetch thread's client, callbacks, tuning. */
function v2Tuning(o: RunSyncOptions, v2: V2Source) {
  return {
    ...(o.full ? { full: true } : {}),
    ...(v2.sourceId ? { sourceId: v2.sourceId } : {}),
    ...(v2.config ? { clientConfig: v2.config } : {}),
    ...(o.onRetry ? { onRetry: o.onRetry } : {}),
    ...(o.onPace ? { onPace: o.onPace } : {}),
    ...(o.batchRows ? { batchRows: o.batchRows } : {}),
    ...(o.writerThread !== undefined ? { writerThread: o.writerThread } : {}),
    ...(o.backgroundHistory ? { backgroundHistory: true } : {}),
  };
}

type V1Source = NonNullable<RunSyncOptions['sources']['v1']>;

/** The v1 stream: its window with the presses held in it (and why none, when none). */
async function runV1(
  o: RunSyncOptions,
  v1: V1Source,
  scheduler: Scheduler,
  common: Common,
): Promise<CoveredWindow[]> {
  const windows: CoveredWindow[] = [];
  await scheduler.run(
    streamNames.v1,
    'v1',
    async (onProgress) => {
      const r = await syncV1({
        ...{ store: o.store, client: v1.client, ...common, onProgress },
        ...(v1.sourceId ? { sourceId: v1.sourceId } : {}),
      });
      if (r.status === 'done' && r.window) {
        const presses = v1PressesBetween(o.store, r.window.from, r.window.to);
        windows.push({
          ...{ source: 'v1', ...r.window, presses },
          ...(presses === 0 ? { notice: explainEmptyV1(r.window, r.surveyPeriods) } : {}),
        });
      }
      return { status: r.status, itemsReceived: r.itemsReceived, rowsHeld: r.pressTotal };
    },
    () => newestV1Press(o.store),
  );
  return windows;
}

/** The v2 window with the presses the store holds in it, and why none when none. */
async function coveredV2(
  store: Store,
  window: { from: string; to: string },
  explain: (w: { from: string; to: string }) => Promise<string>,
): Promise<CoveredWindow> {
  const presses = window.from < window.to ? v2PressesBetween(store, window.from, window.to) : 0;
  return { source: 'v2', ...window, presses, ...(presses === 0 ? { notice: await explain(window) } : {}) };
}

/** The newest v1 press stored (ISO), per survey through the key, or null. */
function newestV1Press(store: Store): string | null {
  try {
    const ms = store.db
      .prepare(
        'SELECT max((SELECT max(utc_time) FROM v1_press p WHERE p.survey_key = s.survey_key)) FROM v1_survey s',
      )
      .pluck()
      .get();
    return typeof ms === 'number' ? new Date(ms).toISOString() : null;
  } catch {
    return null;
  }
}

/** Whether an error means the credentials were refused (so the user must fix them, not retry). */
export function isAuthFailure(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'auth';
}
