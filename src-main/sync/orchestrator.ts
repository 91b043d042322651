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
import { storedCoverage } from './coverage.ts';
import { addDays } from './plan.ts';
import { createScheduler } from './scheduler.ts';
import type { Scheduler, StreamEnd, StreamOutcome } from './scheduler.ts';
import { acquireSyncLock } from './syncLock.ts';
import { surveyDefinitionStreams, syncSurveyDefinitions } from './surveyDefinitions.ts';
import { syncV1 } from './syncV1.ts';
import { firstWindowStart, syncV2 } from './syncV2.ts';
import { syncV2Resources } from './v2Resources.ts';
import type { SyncV2ResourcesResult } from './v2Resources.ts';
import { structureStreams } from './v2StructureStreams.ts';

/** The streams as `status` lists them. */
export const streamNames = {
  v2Feedback: 'v2:button-feedbacks',
  v2Resources: 'v2:resources',
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
   * then fills in the older history backwards (default 90 when no `since` is given, else 0: one pass in order).
   */
  firstWindowDays?: number;
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
 * other resources over the same days:
 * - newest first (a first sync of the whole history, or one whose history is still pending): their recent days
 *   alongside the presses' first window, stored before the coverage opens the views; their history after the
 *   presses' history (`twoPhase`);
 * - a store that holds button feedbacks already (a run that re-fetches a few days): alongside the presses;
 * - else (a first sync of explicit dates): after them (alongside, both compete for the two cores and the write
 *   lock: first sync of `large`, button feedbacks 74–87k/s alongside, 111k/s before the resources).
 */
async function runV2(
  o: RunSyncOptions,
  v2: V2Source,
  scheduler: Scheduler,
  common: Common,
): Promise<CoveredWindow[]> {
  const { store } = o;
  const firstWindowDays = o.firstWindowDays ?? (o.since ? 0 : 90);
  const hasPresses = store.buttonFeedback.newestAt() !== null;
  const twoPhase =
    firstWindowDays > 0 && !o.full && (!hasPresses || storedCoverage(store).completeFrom !== null);
  const alongside = hasPresses && !twoPhase;
  const state: { window: Window | null; resources?: Promise<boolean>; definitions?: string } = {
    window: null,
  };
  const phases = { recentStored: deferred<void>(), pressesEnded: deferred<boolean>() };
  const startResources = (window: Window): void => {
    state.resources = scheduler.run(streamNames.v2Resources, 'v2', (onProgress) =>
      resourcesStream(o, v2, common, {
        ...{ window, onProgress, definitionsDone: state.definitions === 'done' },
        ...(twoPhase ? { twoPhase: { ...phases, firstWindowDays } } : {}),
      }),
    );
  };
  let covered: Window | null = null;
  const ok = await scheduler.run(
    streamNames.v2Feedback,
    'v2',
    async (onProgress) => {
      const r = await syncV2({
        ...{ store, client: v2.client, ...common, onProgress },
        onWindow: (window) => {
          state.window = window;
          if (alongside || (twoPhase && hasPresses)) startResources(window);
        },
        firstWindowDays,
        // A first sync: the survey definitions before the presses (the views tell scales apart by them).
        ...(hasPresses
          ? {}
          : {
              beforeFeedbacks: async () => {
                state.definitions = await definitions(o, v2, onProgress);
                if (twoPhase && state.window && !o.signal?.aborted) startResources(state.window);
              },
            }),
        ...(twoPhase
          ? { beforeCoverage: () => (state.resources ? phases.recentStored.promise : Promise.resolve()) }
          : {}),
        ...v2Tuning(o, v2),
      });
      covered = r.window;
      return { status: r.status, itemsReceived: r.itemsReceived, rowsHeld: r.feedbackTotal };
    },
    () => store.buttonFeedback.newestAt(),
  );
  phases.pressesEnded.resolve(!o.signal?.aborted);
  if (!state.resources && state.window && !o.signal?.aborted) startResources(state.window);
  const resourcesOk = (await state.resources) ?? false;
  const window: Window | null = covered;
  if (!ok || !window || !resourcesOk) return [];
  const explain = (w: Window): Promise<string> =>
    explainEmptyV2(v2.client, w, common.now, o.signal).catch(
      () => `No presses between ${w.from} and ${addDays(w.to, -1)}.`,
    );
  return [await coveredV2(store, window, explain)];
}

/** A promise with its resolve at hand. */
function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

interface ResourcesRun {
  window: Window;
  onProgress: (p: SyncProgress) => void;
  /** The survey definitions were stored before the presses (not fetched again). */
  definitionsDone: boolean;
  /** Newest first: the recent days (then `recentStored`), and once the presses ended (`true`: go on), the history. */
  twoPhase?: {
    firstWindowDays: number;
    recentStored: { resolve: () => void };
    pressesEnded: { promise: Promise<boolean> };
  };
}

/** The `v2:resources` stream's body: the other v2 resources over the run's days, in one pass or newest first. */
async function resourcesStream(
  o: RunSyncOptions,
  v2: V2Source,
  common: Common,
  r: ResourcesRun,
): Promise<StreamEnd> {
  const base = {
    ...{ store: o.store, client: v2.client, ...common, onProgress: r.onProgress, until: r.window.to },
    ...(v2.sourceId ? { sourceId: v2.sourceId } : {}),
  };
  const skip = r.definitionsDone ? { skip: surveyDefinitionStreams } : {};
  const end = (status: 'done' | 'cancelled', items: number): StreamEnd => ({
    status,
    itemsReceived: items,
    rowsHeld: null,
  });
  const phases = r.twoPhase;
  if (!phases) {
    const one = await syncV2Resources({ ...base, ...skip, since: r.window.from });
    return end(one.status, one.itemsReceived);
  }
  let recent: SyncV2ResourcesResult;
  try {
    recent = await syncV2Resources({
      ...base,
      ...skip,
      since: firstWindowStart(r.window, phases.firstWindowDays),
    });
  } finally {
    phases.recentStored.resolve();
  }
  if (recent.status === 'cancelled' || !(await phases.pressesEnded.promise))
    return end('cancelled', recent.itemsReceived);
  // The replaced-whole lists are stored already; the windowed ones fetch only the days before their recent ones.
  const history = await syncV2Resources({
    ...{ ...base, since: r.window.from, continuesRun: true },
    skip: structureStreams.map((s) => s.stream),
  });
  return end(history.status, recent.itemsReceived + history.itemsReceived);
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
