// Running one windowed v2 stream (a feedback list, alerts, alert comments): plan from its checkpoint, fetch window by
// window and root by root, one transaction per page with the cursor after it, progress events, cancellation.
import type { SyncProgress } from '#shared/contract.ts';
import { ApiError } from '../api/errors.ts';
import type { V2Client } from '../api/v2/client.ts';
import { fetchPages } from '../api/v2/list.ts';
import type { ListResource, Query } from '../api/v2/list.ts';
import type { Store } from '../store/db.ts';
import type { CheckpointWrite } from '../store/repos/buttonFeedbackRepo.ts';
import type { ListWindow } from '../store/repos/v2FeedbackListRepo.ts';
import { advanceList, listFraction, parseListCursor, planListRun, rootOf } from './v2ListPlan.ts';
import type { ListCursor } from './v2ListPlan.ts';

export interface StreamContext {
  store: Store;
  client: V2Client;
  signal: AbortSignal | undefined;
  emit: (progress: SyncProgress) => void;
  /** Called once each page of a windowed stream is written (and its progress told). */
  afterPage?: () => void;
}

export interface StreamOutcome {
  items: number;
  pages: number;
  /** Rows inserted or changed (a re-fetched row that did not change is not counted). */
  rowsWritten: number;
}

export interface WindowStream<T> {
  stream: string;
  resource: ListResource<T>;
  /** Days before the previous end fetched again on an incremental run. */
  trailingDays: number;
  /** The request parameters for one window and root (null = the whole tree). */
  query(startDate: string, endDate: string, root: number | null): Query;
  /** True when the first page of a window replaces the window's stored rows (the feedback lists). */
  replacesWindow: boolean;
  /**
   * Writes a page and the checkpoint in one transaction; returns rows written. With `settle` false, what the page
   * derives for other tables (the follow-up rollups) may only be noted, for a later page or `settle`.
   */
  write(
    items: T[],
    checkpoint: CheckpointWrite,
    replaceWindow: ListWindow | undefined,
    settle: boolean,
  ): number;
  /** Counts what pages left noted (see `write`); absent when the stream's pages never leave anything. */
  settle?(): void;
  /** The local date an item belongs to, for the progress estimate. */
  dayOf(item: T): string;
}

export interface WindowPlan {
  source: string;
  scope: number[] | null;
  from: string;
  to: string;
  pageSize: number;
  /** The cursors were completed earlier in this run (newest first's recent window): only the days before them. */
  continuesRun?: boolean;
}

/**
 * Pages written between two settles (the follow-up rollups recounted once for them): on six months of `xlarge` the
 * follow-ups' writes took 13.8 CPU-s with a recount per page, 7.9 with one per 16 pages (docs/BENCHMARKS.md). The views
 * see those counts at most this many pages late while a sync runs.
 */
export const settleEveryPages = 16;

export async function runWindowStream<T>(
  spec: WindowStream<T>,
  ctx: StreamContext,
  plan: WindowPlan,
): Promise<StreamOutcome> {
  const { store, emit } = ctx;
  const start = planListRun(parseListCursor(store.checkpoints.get(spec.stream)), {
    source: plan.source,
    scope: plan.scope,
    from: plan.from,
    to: plan.to,
    trailingDays: spec.trailingDays,
    ...(plan.continuesRun ? { continuesRun: true } : {}),
  });
  const fraction = listFraction(start);
  const started = performance.now();
  const outcome: StreamOutcome = { items: 0, pages: 0, rowsWritten: 0 };
  const progress = (phase: SyncProgress['phase'], c: ListCursor, lastDay: string | null): SyncProgress => {
    const seconds = (performance.now() - started) / 1000;
    return {
      stream: spec.stream,
      phase,
      items: outcome.items,
      pages: outcome.pages,
      fraction: fraction(c, lastDay),
      ...(seconds > 0 ? { itemsPerSecond: Math.round(outcome.items / seconds) } : {}),
    };
  };
  emit(progress('running', start, null));
  // What a run that was killed between two settles left noted: counted now, before this run's days are noted.
  spec.settle?.();
  let end: ListCursor;
  try {
    end = await fetchWindows(spec, ctx, plan, start, (page, next, settle) => {
      outcome.rowsWritten += spec.write(
        page.items,
        { stream: spec.stream, cursor: next },
        page.replace,
        settle,
      );
      outcome.items += page.items.length;
      outcome.pages++;
      const last = page.items.at(-1);
      emit(progress('running', next, last ? spec.dayOf(last) : null));
      ctx.afterPage?.();
    });
  } catch (error) {
    // Cancelled or failed: the pages written so far are counted before the run reports it (a store that cannot
    // be written keeps its notes for the next run, and the error that stopped the stream is the one reported).
    try {
      spec.settle?.();
    } catch {
      // the notes stay; the next run settles them
    }
    throw error;
  }
  emit(progress('done', end, null));
  return outcome;
}

type WrittenPage<T> = { items: T[]; replace: ListWindow | undefined };

/**
 * Fetches the plan's windows from `start` page by page and hands each to `write` with the cursor after it and
 * whether to settle (every `settleEveryPages` pages and the last); returns the cursor at the end; throws
 * ApiError('cancelled') when cancelled.
 */
async function fetchWindows<T>(
  spec: WindowStream<T>,
  ctx: StreamContext,
  plan: WindowPlan,
  start: ListCursor,
  write: (page: WrittenPage<T>, next: ListCursor, settle: boolean) => void,
): Promise<ListCursor> {
  const { client, signal } = ctx;
  let unsettled = 0;
  let current = start;
  while (!current.complete) {
    const root = rootOf(current);
    const window = { startDate: current.windowStart, endDate: current.windowEnd, root };
    const pages = fetchPages(client, spec.resource, spec.query(window.startDate, window.endDate, root), {
      startOffset: current.offset,
      limit: plan.pageSize,
      ...(signal ? { signal } : {}),
    });
    for await (const page of pages) {
      const next = advanceList(current, page.next ? page.next.offset : null);
      // The first page of a (window, root) removes what the store held there (only what it does not hold itself when
      // it is the whole window); a resumed one (offset > 0) removes nothing.
      const replace =
        spec.replacesWindow && page.offset === 0
          ? { ...window, ...(page.next === null ? { whole: true } : {}) }
          : undefined;
      unsettled = (unsettled + 1) % settleEveryPages;
      write({ items: page.items, replace }, next, next.complete || unsettled === 0);
      current = next;
      if (signal?.aborted) break;
    }
    if (signal?.aborted) throw new ApiError('cancelled', 'The sync was cancelled.');
  }
  return current;
}
