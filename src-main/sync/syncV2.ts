// The v2 sync: the tree, then every button feedback of the chosen scope (whole tree or subtrees) by local-date
// windows, several pages per transaction with the checkpoint, written on a writer thread; progress, cancellation.
import type { SyncProgress } from '#shared/contract.ts';
import { ApiError } from '../api/errors.ts';
import type { RetryInfo } from '../api/http.ts';
import type { PaceInfo } from '../api/pacing.ts';
import type { V2Client } from '../api/v2/client.ts';
import type { TreeItemV2 } from '../api/v2/records.ts';
import type { Store } from '../store/db.ts';
import { clientPageSource, threadPageSource } from './feedbackPages.ts';
import type { PageSource, V2ClientConfig } from './feedbackPages.ts';
import { historyStreamOf, runFeedbackStream } from './feedbackPipeline.ts';
import type { FeedbackStreamOptions } from './feedbackPipeline.ts';
import { createFeedbackWriter } from './feedbackWriter.ts';
import type { FeedbackWriter } from './feedbackWriter.ts';
import { resolveV2Window } from './history.ts';
import { coverageProgress, coverageWithPending } from './coverage.ts';
import { backgroundThisThread } from './threadPriority.ts';
import { cancelledMessage, startRunRecord, stoppedRun } from './runRecord.ts';
import { addDays, buttonFeedbackStreamOf } from './plan.ts';
import type { FeedbackCursor } from './plan.ts';

export const experiencePointsStream = 'v2:experience-points';

export interface SyncV2Options {
  store: Store;
  client: V2Client;
  signal?: AbortSignal;
  onProgress?: (progress: SyncProgress) => void;
  /** First local date to fetch (`yyyy-MM-dd`); default the account's first day (history.ts). */
  since?: string;
  /** Exclusive end; default the day after tomorrow (UTC), so "tomorrow" holds in every time zone. */
  until?: string;
  /** Subtree roots (experience points or groups); default the whole authorised tree. */
  scope?: readonly number[];
  /** Which service the checkpoint belongs to; default the client's origin. */
  sourceId?: string;
  /** Whole local days before the last sync re-fetched and replaced on an incremental run; default 3. */
  trailingDays?: number;
  /** Fetch the whole range again, replacing what is stored window by window. */
  full?: boolean;
  pageSize?: number;
  /** Rows per write transaction; default 100,000. */
  batchRows?: number;
  /** Write on a separate thread when the store is a file (default true). */
  writerThread?: boolean;
  /**
   * How to build the client again on a fetch thread (so parsing runs off this thread, in a small heap). Without it,
   * pages are fetched with `client` on this thread.
   */
  clientConfig?: V2ClientConfig;
  /** Messages of the fetch thread's client (with `clientConfig`). */
  onRetry?: (info: RetryInfo) => void;
  onPace?: (info: PaceInfo & { endpoint: string }) => void;
  /** Told the local dates the run covers as soon as they are known (the tree is stored by then). */
  onWindow?: (window: { from: string; to: string }) => void;
  /**
   * Newest first: a first sync stores the last this many days first (the views open on them), reports the coverage
   * (a progress event of stream 'history'), then fills in the days before them newest first. Default 0: one pass.
   */
  firstWindowDays?: number;
  /** Awaited after the tree is stored and before the first button feedback (e.g. the survey definitions). */
  beforeFeedbacks?: () => Promise<void>;
  /**
   * Newest first: awaited once every scope's first window is stored and the coverage has opened the views, before
   * the history (the other resources' recent days: the Overview's first chart does not wait for them; the coverage
   * says `listsReady: false` until they are in, then again without it). Must not reject.
   */
  beforeHistory?: () => Promise<void>;
  /** Newest first: once the coverage is said, this thread and the writer's step back (threadPriority.ts). */
  backgroundHistory?: boolean;
  now?: () => Date;
}

export interface SyncV2Result {
  status: 'done' | 'cancelled';
  itemsReceived: number;
  rowsInserted: number;
  rowsRemoved: number;
  pages: number;
  experiencePointCount: number;
  /** Button feedbacks in the store after the run. */
  feedbackTotal: number;
  /** The local dates the run covered, `from` inclusive, `to` exclusive (null when it stopped before knowing them). */
  window: { from: string; to: string } | null;
  seconds: number;
}

/**
 * The scope roots that are not inside another root's subtree (so no press is fetched twice), checked against the
 * tree the token may read.
 */
export function normaliseScope(
  scope: readonly number[] | undefined,
  tree: readonly TreeItemV2[],
): number[] | null {
  if (!scope || scope.length === 0) return null;
  const parent = new Map(tree.map((t) => [t.experiencePointId, t.parent]));
  const roots = [...new Set(scope)];
  for (const id of roots)
    if (!parent.has(id))
      throw new ApiError(
        'config',
        `Experience point or group ${id} is not in the tree this token may read; check the --scope ids against 'feedback-desk query' or the app's tree.`,
      );
  const inside = (id: number): boolean => {
    for (
      let p = parent.get(id) ?? null, guard = 0;
      p !== null && guard < 10_000;
      p = parent.get(p) ?? null, guard++
    )
      if (roots.includes(p)) return true;
    return false;
  };
  return roots.filter((id) => !inside(id)).sort((a, b) => a - b);
}

type Totals = {
  itemsReceived: number;
  rowsInserted: number;
  rowsRemoved: number;
  pages: number;
  experiencePointCount: number;
};

/** Runs one sync. Resolves with status 'cancelled' when the signal fires; throws ApiError on other failures. */
export async function syncV2(options: SyncV2Options): Promise<SyncV2Result> {
  const { store, client, signal } = options;
  const now = options.now ?? (() => new Date());
  const emit = options.onProgress ?? (() => undefined);
  const started = performance.now();
  const totals: Totals = {
    itemsReceived: 0,
    rowsInserted: 0,
    rowsRemoved: 0,
    pages: 0,
    experiencePointCount: 0,
  };
  const record = startRunRecord(store, {
    ...{ source: 'v2', baseUrl: client.baseUrl },
    counts: () => ({ itemsReceived: totals.itemsReceived, rowsInserted: totals.rowsInserted }),
    total: () => store.buttonFeedback.total(),
  });
  let stream = experiencePointsStream;
  let window: SyncV2Result['window'] = null;
  const finish = (status: 'done' | 'cancelled'): SyncV2Result => {
    if (status === 'cancelled') emit(ended(stream, 'cancelled', totals, cancelledMessage));
    const feedbackTotal = record(status);
    return { status, ...totals, feedbackTotal, window, seconds: (performance.now() - started) / 1000 };
  };
  // The writer thread starts while the tree is fetched: its start is a good part of a short run.
  let writerStarting: Promise<FeedbackWriter> | null = null;
  try {
    writerStarting = createFeedbackWriter(store, { thread: options.writerThread ?? true });
    const sourceId = options.sourceId ?? client.origin;
    const tree = await fetchTree(options, emit, totals);
    const roots = normaliseScope(options.scope, tree);
    window = await runWindow(options, sourceId, now);
    if (options.beforeFeedbacks) {
      stream = 'v2:surveys'; // what the definitions' failure is named by (the caller fetches them here)
      await options.beforeFeedbacks();
      stream = experiencePointsStream;
    }
    const writer = await writerStarting;
    writerStarting = null;
    const pages = await pageSource(options);
    try {
      const common = streamOptions(options, { pages, writer, sourceId, window, now, emit, totals });
      const status = await newestFirst(common, roots ?? [null], {
        naming: (s) => (stream = s),
        ...(options.backgroundHistory ? { background: true } : {}),
        ...(options.beforeHistory ? { beforeHistory: options.beforeHistory } : {}),
      });
      if (status === 'cancelled') return finish('cancelled');
    } finally {
      await Promise.all([writer.close(), pages.close()]);
    }
    return finish('done');
  } catch (error) {
    if (writerStarting) void writerStarting.then((w) => w.close());
    const sayFailed = (message: string): void => emit(ended(stream, 'failed', totals, message));
    return finish(stoppedRun(error, { signal, sayFailed, record }));
  }
}

function ended(stream: string, phase: 'cancelled' | 'failed', totals: Totals, message: string): SyncProgress {
  return { stream, phase, items: totals.itemsReceived, pages: totals.pages, fraction: null, message };
}

/** The local dates the run covers (history.ts), told to `onWindow` as soon as they are known. */
async function runWindow(options: SyncV2Options, sourceId: string, now: () => Date) {
  const window = await resolveV2Window(options.store, options.client, {
    ...{ now, source: sourceId, ...(options.signal ? { signal: options.signal } : {}) },
    ...(options.since ? { since: options.since } : {}),
    ...(options.until ? { until: options.until } : {}),
  });
  options.onWindow?.(window);
  return window;
}

/** The experience-point tree, replaced whole (one request), with its progress. */
async function fetchTree(options: SyncV2Options, emit: (p: SyncProgress) => void, totals: Totals) {
  const stream = experiencePointsStream;
  emit({ stream, phase: 'running', items: 0, pages: 0, fraction: 0 });
  const tree = await options.client.experiencePoints(options.signal ? { signal: options.signal } : {});
  options.store.tree.replace(tree);
  totals.experiencePointCount = tree.length;
  emit({ stream, phase: 'done', items: tree.length, pages: 1, fraction: 1 });
  return tree;
}

/** Where pages come from: a fetch thread of its own when the client's config is given (and it starts), else the client. */
async function pageSource(options: SyncV2Options): Promise<PageSource> {
  const threaded = options.clientConfig
    ? await threadPageSource(options.clientConfig, {
        ...(options.onRetry ? { onRetry: options.onRetry } : {}),
        ...(options.onPace ? { onPace: options.onPace } : {}),
      })
    : null;
  return threaded ?? clientPageSource(options.client);
}

/**
 * Where newest first's first window starts: `days` before the run's UTC day (its end less two, the end being the day
 * after tomorrow), never before the run's own start.
 */
export function firstWindowStart(window: { from: string; to: string }, days: number): string {
  const start = addDays(window.to, -2 - days);
  return start > window.from ? start : window.from;
}

/** What every scope's button-feedback stream is run with (its days; newest first: where its first window starts). */
function streamOptions(
  options: SyncV2Options,
  run: {
    pages: PageSource;
    writer: FeedbackWriter;
    sourceId: string;
    window: { from: string; to: string };
    now: () => Date;
    emit: (p: SyncProgress) => void;
    totals: Totals;
  },
): Omit<FeedbackStreamOptions, 'scope'> {
  return {
    ...{ store: options.store, pages: run.pages, writer: run.writer, sourceId: run.sourceId },
    ...{ since: run.window.from, until: run.window.to, trailingDays: options.trailingDays ?? 3 },
    ...(options.full ? { full: true } : {}),
    ...(options.firstWindowDays
      ? { firstWindowFrom: firstWindowStart(run.window, options.firstWindowDays) }
      : {}),
    ...(options.pageSize ? { pageSize: options.pageSize } : {}),
    ...(options.batchRows ? { batchRows: options.batchRows } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...{ now: run.now, onProgress: run.emit, tally: run.totals },
  };
}

/**
 * The button-feedback streams of every scope: each one's first phase (on a first sync its newest days), then, when
 * any left history to fill in, the coverage (the views can open) and each one's history newest first, the coverage
 * again as every backfill window commits.
 */
async function newestFirst(
  common: Omit<FeedbackStreamOptions, 'scope'>,
  scopes: readonly (number | null)[],
  hooks: { naming: (stream: string) => void; beforeHistory?: () => Promise<void>; background?: boolean },
): Promise<'done' | 'cancelled'> {
  const { naming } = hooks;
  const cursors = new Map<number | null, FeedbackCursor>();
  for (const scope of scopes) {
    naming(buttonFeedbackStreamOf(scope));
    const r = await runFeedbackStream({ ...common, scope, phase: 'first' });
    if (r.status === 'cancelled') return 'cancelled';
    cursors.set(scope, r.cursor);
  }
  if (![...cursors.values()].some((c) => c.back)) return 'done';
  let said = '';
  let listsReady = !hooks.beforeHistory;
  const say = (): void => {
    // The presses' own cursors (committed by the writer thread), every other pending part from the store.
    const coverage = {
      ...coverageWithPending(common.store, [...cursors.values()]),
      ...(listsReady ? {} : { listsReady: false as const }),
    };
    const key = JSON.stringify(coverage);
    if (key !== said) common.onProgress(coverageProgress(coverage));
    said = key;
  };
  // The views open on the presses' first window; the other resources' recent days follow at once (the views refresh
  // when the coverage says they are in), then the history. From here on the sync's threads step back behind the
  // app's answers to the views (threadPriority.ts): the first chart is drawn while the rest fills in.
  say();
  if (hooks.background) {
    backgroundThisThread();
    common.writer.background();
  }
  if (hooks.beforeHistory) {
    await hooks.beforeHistory();
    listsReady = true;
    say();
  }
  for (const scope of scopes) {
    naming(historyStreamOf(scope));
    const r = await runFeedbackStream({
      ...common,
      scope,
      phase: 'history',
      onCommitted: (c) => (cursors.set(scope, c), say()),
    });
    if (r.status === 'cancelled') return 'cancelled';
    cursors.set(scope, r.cursor);
  }
  say();
  return 'done';
}
