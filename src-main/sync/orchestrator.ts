// Runs a whole sync of one data file: takes its lock, marks runs a killed process left behind, then the streams
// (v2 tree and button feedbacks, every other v2 resource, v1), recording each stream's outcome for `status`.
import type { SyncProgress } from '#shared/contract.ts';
import { ApiError } from '../api/errors.ts';
import type { RetryInfo } from '../api/http.ts';
import type { PaceInfo } from '../api/pacing.ts';
import type { V1Client } from '../api/v1/client.ts';
import type { V2Client } from '../api/v2/client.ts';
import { storeFailure } from '../store/db.ts';
import type { Store } from '../store/db.ts';
import type { V2ClientConfig } from './feedbackPages.ts';
import { explainEmptyV1, explainEmptyV2, v1PressesBetween, v2PressesBetween } from './history.ts';
import type { CoveredWindow } from './history.ts';
import { addDays } from './plan.ts';
import { acquireSyncLock } from './syncLock.ts';
import { surveyDefinitionStreams, syncSurveyDefinitions } from './surveyDefinitions.ts';
import { syncV1 } from './syncV1.ts';
import { syncV2 } from './syncV2.ts';
import { syncV2Resources } from './v2Resources.ts';

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
   * then fills in the older history backwards (default 90; 0: one pass from the first day).
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

export interface StreamOutcome {
  stream: string;
  source: 'v1' | 'v2';
  status: 'done' | 'cancelled' | 'failed';
  itemsReceived: number;
  /** Rows the stream's tables hold afterwards, when it can tell. */
  rowsHeld: number | null;
  error?: string;
  /** On failure: the part that failed, as its progress events name it (e.g. `v2:experience-points`). */
  failedAt?: string;
  seconds: number;
}

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
  const streams: StreamOutcome[] = [];
  const windows: CoveredWindow[] = [];
  let firstError: Error | undefined;
  try {
    // Nobody else syncs this file now: a run still 'running' belongs to a process that was killed.
    store.syncRuns.markInterrupted();
    store.syncStreams.markInterrupted();
    const common = {
      ...(o.since ? { since: o.since } : {}),
      ...(o.until ? { until: o.until } : {}),
      ...(o.scope && o.scope.length > 0 ? { scope: o.scope } : {}),
      ...(o.trailingDays !== undefined ? { trailingDays: o.trailingDays } : {}),
      ...(o.signal ? { signal: o.signal } : {}),
      ...(o.pageSize ? { pageSize: o.pageSize } : {}),
      now,
    };
    /** Runs one stream's body with its own progress callback (streams may run at the same time). */
    const run = async (
      stream: string,
      source: 'v1' | 'v2',
      body: (
        onProgress: (p: SyncProgress) => void,
      ) => Promise<{ status: 'done' | 'cancelled'; itemsReceived: number; rowsHeld: number | null }>,
      newest: () => string | null = () => null,
    ): Promise<boolean> => {
      const t0 = performance.now();
      let failedPart: string | null = null; // the first part of this stream that reported 'failed'
      const onProgress = (p: SyncProgress): void => {
        if (p.phase === 'failed') failedPart ??= p.stream;
        o.onProgress?.(p);
      };
      store.syncStreams.started(stream, source);
      // Outcomes are listed in the order the streams started, whichever ends first.
      const at = streams.length;
      streams.push({ stream, source, status: 'cancelled', itemsReceived: 0, rowsHeld: null, seconds: 0 });
      try {
        const r = await body(onProgress);
        store.syncStreams.finished(stream, {
          status: r.status,
          itemsReceived: r.itemsReceived,
          rowsHeld: r.rowsHeld,
          newestDataAt: newest(),
        });
        streams[at] = { stream, source, ...r, seconds: (performance.now() - t0) / 1000 };
        return r.status === 'done';
      } catch (caught) {
        const error = storeFailure(caught, store.path);
        const message = error instanceof Error ? error.message : String(error);
        firstError ??= error instanceof Error ? error : new Error(message);
        try {
          store.syncStreams.finished(stream, { status: 'failed', itemsReceived: 0, error: message });
        } catch {
          // The store may be what failed; the error itself is reported.
        }
        streams[at] = {
          stream,
          source,
          status: 'failed',
          itemsReceived: 0,
          rowsHeld: null,
          error: message,
          failedAt: failedPart ?? stream,
          seconds: (performance.now() - t0) / 1000,
        };
        return false;
      }
    };

    const v2 = o.sources.v2;
    if ((o.source === 'v2' || o.source === 'both') && v2) {
      const covered: { window: { from: string; to: string } | null } = { window: null };
      // The other windowed resources cover the same days as the button feedbacks. On a store that holds button
      // feedbacks already (a run that re-fetches a few days) they are fetched alongside them from the moment those
      // days are known (their own checkpoints; the facts are written on another connection). On a first sync they
      // follow the button feedbacks: alongside, both compete for the two cores and the write lock (first sync of
      // `large`: button feedbacks 74–87k/s alongside, 111k/s before the resources; the whole command about the same).
      const alongside = store.buttonFeedback.newestAt() !== null;
      const started: {
        resources?: Promise<boolean>;
        window?: { from: string; to: string };
        definitions?: string;
      } = {};
      const startResources = (window: { from: string; to: string }): void => {
        started.resources = run(streamNames.v2Resources, 'v2', async (onProgress) => {
          const r = await syncV2Resources({
            store,
            client: v2.client,
            ...common,
            onProgress,
            since: window.from,
            until: window.to,
            ...(v2.sourceId ? { sourceId: v2.sourceId } : {}),
            ...(started.definitions === 'done' ? { skip: surveyDefinitionStreams } : {}),
          });
          return { status: r.status, itemsReceived: r.itemsReceived, rowsHeld: null };
        });
      };
      const ok = await run(
        streamNames.v2Feedback,
        'v2',
        async (onProgress) => {
          const r = await syncV2({
            store,
            client: v2.client,
            ...common,
            onProgress,
            onWindow: alongside ? startResources : (window) => (started.window = window),
            firstWindowDays: o.firstWindowDays ?? 90,
            // A first sync: the survey definitions before the presses (the views tell scales apart by them).
            ...(alongside
              ? {}
              : {
                  beforeFeedbacks: async () => {
                    started.definitions = await syncSurveyDefinitions({
                      store,
                      client: v2.client,
                      onProgress,
                      ...(o.signal ? { signal: o.signal } : {}),
                    });
                  },
                }),
            ...(o.full ? { full: true } : {}),
            ...(v2.sourceId ? { sourceId: v2.sourceId } : {}),
            ...(v2.config ? { clientConfig: v2.config } : {}),
            ...(o.onRetry ? { onRetry: o.onRetry } : {}),
            ...(o.onPace ? { onPace: o.onPace } : {}),
            ...(o.batchRows ? { batchRows: o.batchRows } : {}),
            ...(o.writerThread !== undefined ? { writerThread: o.writerThread } : {}),
          });
          covered.window = r.window;
          return { status: r.status, itemsReceived: r.itemsReceived, rowsHeld: r.feedbackTotal };
        },
        () => store.buttonFeedback.newestAt(),
      );
      if (!alongside && started.window && !o.signal?.aborted) startResources(started.window);
      const resourcesOk = (await started.resources) ?? false;
      const window = covered.window;
      if (ok && window) {
        if (resourcesOk)
          windows.push(
            await coveredV2(store, window, (w) =>
              explainEmptyV2(v2.client, w, now, o.signal).catch(
                () => `No presses between ${w.from} and ${addDays(w.to, -1)}.`,
              ),
            ),
          );
      }
    }
    const v1 = o.sources.v1;
    if ((o.source === 'v1' || o.source === 'both') && v1 && !o.signal?.aborted)
      await run(
        streamNames.v1,
        'v1',
        async (onProgress) => {
          const r = await syncV1({
            store,
            client: v1.client,
            ...common,
            onProgress,
            ...(v1.sourceId ? { sourceId: v1.sourceId } : {}),
          });
          if (r.status === 'done' && r.window) {
            const presses = v1PressesBetween(store, r.window.from, r.window.to);
            windows.push({
              source: 'v1',
              ...r.window,
              presses,
              ...(presses === 0 ? { notice: explainEmptyV1(r.window, r.surveyPeriods) } : {}),
            });
          }
          return { status: r.status, itemsReceived: r.itemsReceived, rowsHeld: r.pressTotal };
        },
        () => newestV1Press(store),
      );
  } finally {
    lock.release();
  }
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

/** The v2 window with the presses the store holds in it, and why none when none. */
async function coveredV2(
  store: Store,
  window: { from: string; to: string },
  explain: (w: { from: string; to: string }) => Promise<string>,
): Promise<CoveredWindow> {
  const presses = window.from < window.to ? v2PressesBetween(store, window.from, window.to) : 0;
  return { source: 'v2', ...window, presses, ...(presses === 0 ? { notice: await explain(window) } : {}) };
}

/** SQLite finding the file damaged mid-sync: said as the open-time check says it, with the way out. */
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
