// The v2 sync of every resource besides the tree and button feedbacks: definition lists replaced whole, alerts and
// the five feedback lists by local-date windows, checkpointed per page; a stream the token may not read is recorded
// as "not permitted for this token" and the sync goes on.
import { v2ResourceStreamOrder } from '#shared/contract.ts';
import type { SyncProgress } from '#shared/contract.ts';
import { ApiError } from '../api/errors.ts';
import { alertCommentsResource, alertWindowQuery, alertsResource } from '../api/v2/alerts.ts';
import type { AlertCommentV2, AlertV2 } from '../api/v2/alerts.ts';
import { maxPageSize } from '../api/v2/client.ts';
import type { V2Client } from '../api/v2/client.ts';
import {
  contactDetailsResource,
  demographicsResource,
  feedbackListQuery,
  followupFeedbacksResource,
  metadataResource,
  textFeedbacksResource,
} from '../api/v2/feedbackLists.ts';
import type { ListResource } from '../api/v2/list.ts';
import type { Store } from '../store/db.ts';
import type { FeedbackListKind, FeedbackListRows } from '../store/repos/v2FeedbackListRepo.ts';
import { resolveV2Window } from './history.ts';
import { normaliseScope } from './v2ListPlan.ts';
import { structureStreams } from './v2StructureStreams.ts';
import { runWindowStream } from './v2WindowStreams.ts';
import type { StreamContext, StreamOutcome, WindowStream } from './v2WindowStreams.ts';

export interface SyncV2ResourcesOptions {
  store: Store;
  client: V2Client;
  signal?: AbortSignal;
  onProgress?: (progress: SyncProgress) => void;
  /** First local date of the windowed streams (`yyyy-MM-dd`); default the account's first day (as syncV2). */
  since?: string;
  /** Exclusive end; default the day after tomorrow (UTC), so "tomorrow" holds in every time zone. */
  until?: string;
  /** Subtree roots limiting the feedback lists, alerts and alert comments; absent or empty: the whole tree. */
  scope?: readonly number[];
  now?: () => Date;
  /** Which service the checkpoints belong to; default the client's origin. */
  sourceId?: string;
  /** Text feedbacks include spam unless false (the service's default). */
  includeSpam?: boolean;
  /** Days re-fetched before the previous end on an incremental run: feedback lists (default 3), alerts (30). */
  trailingDays?: number;
  alertTrailingDays?: number;
  pageSize?: number;
  /** Replaced-whole streams this run fetched already (e.g. the survey definitions before the presses). */
  skip?: readonly string[];
  /**
   * Newest first's second call: this run stored the windowed streams' recent days already (their cursors end at
   * `until`), so only the days before them are fetched (none again).
   */
  continuesRun?: boolean;
  /** Called once each page of a windowed stream is written (newest first's recent days: a collection, see there). */
  afterPage?: () => void;
}

export type StreamStatus = 'done' | 'not-permitted' | 'cancelled';

export interface StreamResult extends StreamOutcome {
  stream: string;
  status: StreamStatus;
  /** For not-permitted: what the service said. */
  message?: string;
}

export interface SyncV2ResourcesResult {
  status: 'done' | 'cancelled';
  streams: StreamResult[];
  itemsReceived: number;
  rowsWritten: number;
  seconds: number;
}

/** The checkpoint of a stream the token may not read (its rows from earlier syncs are kept as they are). */
export interface NotPermittedCursor {
  v: 1;
  kind: 'not-permitted';
  message: string;
}

export const notPermittedText = 'Not permitted for this token';

const feedbackListStreams: {
  kind: FeedbackListKind;
  stream: string;
  resource: ListResource<FeedbackListRows[FeedbackListKind]>;
}[] = [
  { kind: 'followup', stream: 'v2:follow-up-feedbacks', resource: followupFeedbacksResource },
  { kind: 'text', stream: 'v2:text-feedbacks', resource: textFeedbacksResource },
  { kind: 'demographics', stream: 'v2:demographics', resource: demographicsResource },
  { kind: 'contact', stream: 'v2:contact-details', resource: contactDetailsResource },
  { kind: 'metadata', stream: 'v2:metadata', resource: metadataResource },
];

/**
 * Every stream this function runs, in order (the status displays' order, shared with the renderer); the results come
 * in it whichever lane ends first (sync-v2-resources.test.ts checks that against a real sync).
 */
export const v2ResourceStreamNames: readonly string[] = v2ResourceStreamOrder;

function windowStreams(options: SyncV2ResourcesOptions, store: Store): WindowStream<unknown>[] {
  const alerts: WindowStream<AlertV2> = {
    stream: 'v2:alerts',
    resource: alertsResource,
    trailingDays: options.alertTrailingDays ?? 30,
    query: (startDate, endDate, root) =>
      alertWindowQuery({ startDate, endDate, ...(root === null ? {} : { experiencePointId: root }) }),
    replacesWindow: false,
    write: (items, checkpoint) => store.v2Resources.alerts.writeAlerts(items, checkpoint),
    dayOf: (a) => a.beginTime.slice(0, 10),
  };
  const comments: WindowStream<AlertCommentV2> = {
    ...alerts,
    stream: 'v2:alert-comments',
    resource: alertCommentsResource,
    write: (items, checkpoint) => store.v2Resources.alerts.writeComments(items, checkpoint),
    dayOf: (c) => c.time.slice(0, 10),
  };
  const lists = feedbackListStreams.map(
    ({ kind, stream, resource }): WindowStream<FeedbackListRows[FeedbackListKind]> => ({
      stream,
      resource,
      trailingDays: options.trailingDays ?? 3,
      query: (startDate, endDate, root) =>
        feedbackListQuery({
          startDate,
          endDate,
          includeMisuse: true,
          ...(kind === 'text' ? { includeSpam: options.includeSpam ?? true } : {}),
          ...(root === null ? {} : { experiencePointId: root }),
        }),
      replacesWindow: true,
      write: (items, checkpoint, replaceWindow, settle) =>
        store.v2Resources.feedbackLists.writePage(kind, items, {
          checkpoint,
          settle,
          ...(replaceWindow ? { replaceWindow } : {}),
        }).written,
      ...(kind === 'followup' ? { settle: () => store.v2Resources.feedbackLists.settle() } : {}),
      dayOf: (f) => f.localTime.slice(0, 10),
    }),
  );
  return [alerts, comments, ...lists] as WindowStream<unknown>[];
}

/**
 * Runs every stream once. Resolves with status 'cancelled' when the signal fires (each committed page kept; the
 * next run resumes); throws on other failures (ApiError for the service, after a 'failed' progress event).
 */
export async function syncV2Resources(options: SyncV2ResourcesOptions): Promise<SyncV2ResourcesResult> {
  const { store, client, signal } = options;
  const now = options.now ?? (() => new Date());
  const emit = options.onProgress ?? (() => undefined);
  const started = performance.now();
  const ctx: StreamContext = {
    ...{ store, client, signal, emit },
    ...(options.afterPage ? { afterPage: options.afterPage } : {}),
  };
  const results: StreamResult[] = [];
  const summary = (status: 'done' | 'cancelled'): SyncV2ResourcesResult => ({
    status,
    streams: results,
    itemsReceived: results.reduce((s, r) => s + r.items, 0),
    rowsWritten: results.reduce((s, r) => s + r.rowsWritten, 0),
    seconds: (performance.now() - started) / 1000,
  });
  const source = options.sourceId ?? client.origin;
  let window: { from: string; to: string };
  try {
    window = await resolveV2Window(store, client, {
      ...(options.since ? { since: options.since } : {}),
      ...(options.until ? { until: options.until } : {}),
      now,
      source,
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (!(signal?.aborted || (error instanceof ApiError && error.kind === 'cancelled'))) throw error;
    emitCancelled(emit, structureStreams[0]?.stream ?? 'v2:resources');
    return summary('cancelled');
  }
  const plan = {
    source,
    scope: normaliseScope(options.scope),
    from: window.from,
    to: window.to,
    pageSize: options.pageSize ?? maxPageSize,
    ...(options.continuesRun ? { continuesRun: true } : {}),
  };
  const structure: Run[] = structureStreams
    .filter((s) => !options.skip?.includes(s.stream))
    .map((s, slot) => ({ stream: s.stream, slot, run: () => s.run(ctx) }));
  const windowed: Run[] = windowStreams(options, store).map((s, i) => ({
    stream: s.stream,
    slot: structure.length + i,
    run: () => runWindowStream(s, ctx, plan),
  }));
  // Results in the streams' order, whichever lane finishes first.
  const lanesShare: Lanes = { store, signal, emit, slots: [], stopped: false };
  // The replaced lists and the windowed streams (in two lanes: one lane's page is written while the other's is on its
  // way; with one lane the sync thread was idle 28 % of the other resources' history of `large`) side by side:
  // different tables, one connection, each page's transaction synchronous, so they never interleave inside one.
  const lanes = await Promise.allSettled([
    lane(lanesShare, structure, true),
    ...[false, true].map((second) => lane(lanesShare, windowedLane(windowed, second), false)),
  ]);
  results.push(...lanesShare.slots.filter((r): r is StreamResult => r !== undefined));
  const failed = lanes.find((l): l is PromiseRejectedResult => l.status === 'rejected');
  if (failed) throw failed.reason;
  return summary(lanesShare.stopped ? 'cancelled' : 'done');
}

/** A stream to run, and where its result goes among the results (the streams' order). */
type Run = { stream: string; slot: number; run: () => Promise<StreamOutcome> };

/**
 * The windowed streams of the second lane, about half of the writing: the texts (0.9 M on `large`, each with its word
 * rows) and the demographics (2.5 M); the first has the alerts, the follow-ups (3.2 M, with their rollups) and the
 * metadata.
 */
const secondLane = new Set(['v2:text-feedbacks', 'v2:demographics', 'v2:contact-details']);

const windowedLane = (windowed: readonly Run[], second: boolean): Run[] =>
  windowed.filter((r) => secondLane.has(r.stream) === second);

/** What the lanes share: where results go (in the streams' order), and whether one of them stopped them all. */
interface Lanes {
  store: Store;
  signal: AbortSignal | undefined;
  emit: (p: SyncProgress) => void;
  slots: (StreamResult | undefined)[];
  stopped: boolean;
}

/**
 * One lane: its streams one after the other (`announce`: with a running and a done event each, as the replaced
 * lists have none of their own); a failure or a cancellation stops this lane and the others.
 */
async function lane(l: Lanes, list: readonly Run[], announce: boolean): Promise<void> {
  const { emit, signal } = l;
  for (const { stream, slot, run } of list) {
    if (signal?.aborted || l.stopped) {
      if (signal?.aborted) emitCancelled(emit, stream);
      l.stopped = true;
      return;
    }
    try {
      if (announce) emit({ stream, phase: 'running', items: 0, pages: 0, fraction: 0 });
      const outcome = await run();
      if (announce) emit({ stream, phase: 'done', items: outcome.items, pages: outcome.pages, fraction: 1 });
      l.slots[slot] = { stream, status: 'done', ...outcome };
    } catch (error) {
      const result = streamStopped(l, stream, error);
      l.slots[slot] = result;
      if (result.status === 'cancelled') return;
    }
  }
}

/** A stream that threw: cancelled (stops both lanes), not permitted (recorded; the lane goes on), or failed (thrown). */
function streamStopped(l: Lanes, stream: string, error: unknown): StreamResult {
  const none = { items: 0, pages: 0, rowsWritten: 0 };
  if (l.signal?.aborted || (error instanceof ApiError && error.kind === 'cancelled')) {
    emitCancelled(l.emit, stream);
    l.stopped = true;
    return { stream, status: 'cancelled', ...none };
  }
  if (error instanceof ApiError && error.kind === 'auth' && error.status === 403) {
    // A scope (or subtree) this token lacks: recorded for this stream, not a failure of the whole sync.
    const message = `${notPermittedText}: ${error.message}`;
    const cursor: NotPermittedCursor = { v: 1, kind: 'not-permitted', message };
    l.store.checkpoints.set(stream, cursor);
    l.emit({ stream, phase: 'done', items: 0, pages: 0, fraction: 1, message });
    return { stream, status: 'not-permitted', ...none, message };
  }
  const message = error instanceof Error ? error.message : String(error);
  l.emit({ stream, phase: 'failed', items: 0, pages: 0, fraction: null, message });
  l.stopped = true; // the other lanes stop at their next stream; this failure is what the run reports
  throw error;
}

function emitCancelled(emit: (p: SyncProgress) => void, stream: string): void {
  emit({
    stream,
    phase: 'cancelled',
    items: 0,
    pages: 0,
    fraction: null,
    message: 'Cancelled; the next sync resumes where this one stopped.',
  });
}
