// One button-feedback stream (one scope), in one of its two phases: 'first' plans the run and fetches its windows
// (on a first sync only the newest days), 'history' fills in the days before them newest first. Pages are fetched
// (the next one already in flight), gathered into batches of several pages and handed with their checkpoint to the
// writer; progress; cancellation. The cursor arithmetic lives in plan.ts, the batching in feedbackBatcher.ts.
import type { SyncProgress } from '#shared/contract.ts';
import { ApiError } from '../api/errors.ts';
import { parseLocalDate } from '../core/localTime.ts';
import { maxPageSize } from '../api/v2/client.ts';
import type { Store } from '../store/db.ts';
import type { PageSource } from './feedbackPages.ts';
import type { FeedbackWriter } from './feedbackWriter.ts';
import { createBatcher } from './feedbackBatcher.ts';
import type { Batcher, PhaseWindow } from './feedbackBatcher.ts';
import { advance, advanceBack, buttonFeedbackStreamOf, daysBetween, parseCursor, planRun } from './plan.ts';
import type { FeedbackCursor } from './plan.ts';

export interface FeedbackStreamOptions {
  store: Store;
  pages: PageSource;
  writer: FeedbackWriter;
  /** Subtree root, or null for the whole authorised tree. */
  scope: number | null;
  /** Which service the checkpoint belongs to. */
  sourceId: string;
  since: string;
  until: string;
  trailingDays: number;
  /** Re-fetch everything and replace it window by window. */
  full?: boolean;
  /** Newest first: a first sync's 'first' phase fetches from this day only, 'history' the days before it. */
  firstWindowFrom?: string;
  /** 'first' (default): plan and fetch the run's windows; 'history': the backfill the cursor holds, newest first. */
  phase?: 'first' | 'history';
  pageSize?: number;
  /** Rows per write transaction (default: batchRowsFor the stored tree). */
  batchRows?: number;
  /** A batch is written at least this often even when small (slow services); default 2000 ms, more for big batches. */
  batchMs?: number;
  /** Batches handed to the writer and not yet committed, at most (default 2). */
  maxInFlight?: number;
  signal?: AbortSignal;
  now: () => Date;
  onProgress: (p: SyncProgress) => void;
  /** Told the cursor each time a backfill window has been committed (the views' coverage moved back). */
  onCommitted?: (cursor: FeedbackCursor) => void;
  /** Counts added to as the stream goes (so a caller knows them when the stream throws). */
  tally?: { itemsReceived: number; rowsInserted: number; rowsRemoved: number; pages: number };
}

export interface FeedbackStreamResult {
  stream: string;
  status: 'done' | 'cancelled';
  itemsReceived: number;
  rowsInserted: number;
  /** Stored rows the replaced windows no longer hold (deleted or moved at the service). */
  rowsRemoved: number;
  pages: number;
  /** Where the stream stands afterwards (as committed). */
  cursor: FeedbackCursor;
}

/** How a phase reads and moves the cursor: its current window, the cursor after a page, whether it is done. */
interface Phase {
  /** The progress events' stream name. */
  name: string;
  window(c: FeedbackCursor): PhaseWindow;
  next(c: FeedbackCursor, nextOffset: number | null): FeedbackCursor;
  done(c: FeedbackCursor): boolean;
  fraction(c: FeedbackCursor, lastDay: string | null): number;
}

/** The backfill's progress events: one line apart from the first window's (e.g. `v2:history`, `v2:history@12`). */
export function historyStreamOf(scope: number | null): string {
  return scope === null ? 'v2:history' : `v2:history@${scope}`;
}

function phaseOf(o: FeedbackStreamOptions, start: FeedbackCursor): Phase {
  const stream = buttonFeedbackStreamOf(o.scope);
  if (o.phase === 'history') {
    const end = start.from;
    const total = Math.max(1, daysBetween(start.back?.floor ?? end, end));
    return {
      name: historyStreamOf(o.scope),
      window: (c) => ({
        start: c.back?.windowStart ?? c.from,
        end: c.from,
        offset: c.back?.offset ?? 0,
        mode: 'append',
      }),
      next: advanceBack,
      done: (c) => !c.back,
      // Whole windows stored (`from` moved back) plus how far into the current one the pages reached: a window
      // comes in time order, so its last item's day says how much of it is in (half a year per step is too coarse).
      fraction: (c, lastDay) => {
        if (!c.back) return 1;
        const windowStart = c.back.windowStart;
        const inWindow =
          lastDay && lastDay > windowStart && lastDay < c.from ? daysBetween(windowStart, lastDay) : 0;
        return Math.min(1, (daysBetween(c.from, end) + inWindow) / total);
      },
    };
  }
  return {
    name: stream,
    window: (c) => ({ start: c.windowStart, end: c.windowEnd, offset: c.offset, mode: c.mode }),
    next: (c, nextOffset) => advance(c, nextOffset, o.now()),
    done: (c) => c.complete,
    fraction: fractionOf(start),
  };
}

/**
 * Rows per write transaction: ten pages, and on a tree of many nodes about 80 presses a node (up to 300,000). A
 * batch is grouped by point, and every point it holds dirties one leaf at the end of that point's key range in the
 * facts and in each point rollup: with 100,000 rows over `xlarge`'s 5,077 points (20 a point) the writer spent 6.0
 * µs of CPU a press, with 400,000 rows 4.1 (bench/_writerCpu.ts, docs/BENCHMARKS.md 2026-11-28). The cap is memory:
 * three batches' columns (one being built, two in flight) take 45 bytes a row, 54 MB at 400,000 rows; the first
 * 150 s of `xlarge` peaked at 289 MB with 300,000 against 312 with 400,000, at about the same rate (docs/BENCHMARKS.md,
 * 2026-11-29). `large`'s 432 points keep 100,000 (231 a point).
 */
export function batchRowsFor(nodes: number, pageSize: number): number {
  const pages = Math.min(100_000, 10 * pageSize);
  return Math.max(pages, Math.min(300_000, Math.ceil((nodes * 80) / pageSize) * pageSize));
}

/** Where the phase starts: the stored cursor for the history, else the run planned from it (plan.ts). */
function startOf(o: FeedbackStreamOptions, stream: string): FeedbackCursor {
  const stored = parseCursor(o.store.checkpoints.get(stream));
  if (o.phase === 'history' && stored) return stored;
  return planRun(stored, {
    ...{ source: o.sourceId, scope: o.scope, from: o.since, to: o.until, trailingDays: o.trailingDays },
    ...(o.full ? { full: true } : {}),
    ...(o.firstWindowFrom ? { firstWindowFrom: o.firstWindowFrom } : {}),
  });
}

/** Runs the phase to its end (or to cancellation); throws ApiError or a store error on failure. */
export async function runFeedbackStream(o: FeedbackStreamOptions): Promise<FeedbackStreamResult> {
  const stream = buttonFeedbackStreamOf(o.scope);
  const start = startOf(o, stream);
  const phase = phaseOf(o, start);
  const result: FeedbackStreamResult = {
    ...{ stream, status: 'done', cursor: start },
    ...{ itemsReceived: 0, rowsInserted: 0, rowsRemoved: 0, pages: 0 },
  };
  const tally = o.tally ?? { itemsReceived: 0, rowsInserted: 0, rowsRemoved: 0, pages: 0 };
  const batchRows = o.batchRows ?? batchRowsFor(o.store.tree.count(), o.pageSize ?? maxPageSize);
  const batcher = createBatcher({
    stream,
    scope: o.scope,
    writer: o.writer,
    pagePool: o.pages.pool,
    batchRows,
    // A big batch is given the time to fill at this machine's rate (~150,000 a second on `xlarge`).
    batchMs: o.batchMs ?? Math.max(2000, batchRows / 50),
    maxInFlight: o.maxInFlight ?? 2,
    onSettled: (r) => {
      result.rowsInserted += r.inserted;
      result.rowsRemoved += r.removed;
      tally.rowsInserted += r.inserted;
      tally.rowsRemoved += r.removed;
    },
    ...(o.phase === 'history' && o.onCommitted ? { onCommitted: o.onCommitted } : {}),
  });
  const progress = progressOf(phase, result);
  o.onProgress(progress('running', start, null));
  try {
    while (!phase.done(result.cursor) && !o.signal?.aborted)
      await fetchWindow(o, phase, batcher, result, tally, (c, lastDay) =>
        o.onProgress(progress('running', c, lastDay)),
      );
    await batcher.drain();
  } catch (error) {
    await batcher.settleAll();
    if (o.signal?.aborted || (error instanceof ApiError && error.kind === 'cancelled')) {
      result.status = 'cancelled';
      return result;
    }
    throw error;
  }
  if (o.signal?.aborted && !phase.done(result.cursor)) {
    result.status = 'cancelled';
    return result;
  }
  o.onProgress(progress('done', result.cursor, null));
  return result;
}

/** Every page of the cursor's current window (from its offset), batched; keeps what arrived before a failure. */
async function fetchWindow(
  o: FeedbackStreamOptions,
  phase: Phase,
  batcher: Batcher,
  result: FeedbackStreamResult,
  tally: { itemsReceived: number; pages: number },
  report: (c: FeedbackCursor, lastDay: string | null) => void,
): Promise<void> {
  const window = phase.window(result.cursor);
  let windowDone = false;
  batcher.startWindow(window);
  const pages = o.pages.pages(
    {
      startDate: window.start,
      endDate: window.end,
      includeMisuse: true,
      limit: o.pageSize ?? maxPageSize,
      ...(o.scope !== null ? { experiencePointId: o.scope } : {}),
    },
    window.offset,
    o.signal,
  );
  try {
    for await (const page of pages) {
      result.cursor = phase.next(result.cursor, page.next ? page.next.offset : null);
      batcher.add(page.columns);
      result.itemsReceived += page.columns.n;
      result.pages++;
      tally.itemsReceived += page.columns.n;
      tally.pages++;
      windowDone = page.next === null;
      await batcher.maybeFlush(result.cursor, windowDone);
      report(result.cursor, page.lastLocalDay);
      if (o.signal?.aborted) break;
    }
  } catch (error) {
    // Keep what arrived before the failure (or the cancellation): it is complete, valid pages.
    if (!windowDone) await batcher.flushRest(result.cursor).catch(() => undefined);
    throw error;
  }
  if (!windowDone) await batcher.flushRest(result.cursor);
}

/** A progress event of the phase: items, pages, the fraction done, the rate and (running) the time left. */
function progressOf(
  phase: Phase,
  result: FeedbackStreamResult,
): (p: SyncProgress['phase'], c: FeedbackCursor, lastDay: string | null) => SyncProgress {
  const started = performance.now();
  return (p, c, lastDay) => {
    const seconds = (performance.now() - started) / 1000;
    const f = p === 'done' ? 1 : phase.fraction(c, lastDay);
    const rate = seconds > 0 ? Math.round(result.itemsReceived / seconds) : 0;
    return {
      stream: phase.name,
      phase: p,
      items: result.itemsReceived,
      pages: result.pages,
      fraction: f,
      ...(rate > 0 ? { itemsPerSecond: rate } : {}),
      ...(p === 'running' && f > 0.02 && seconds > 2
        ? { etaSeconds: Math.round((seconds * (1 - f)) / f) }
        : {}),
    };
  };
}

/**
 * Progress over the planned range by local date: whole windows done plus how far the last item reached. Data come
 * ordered by time within a window, so the last item's date is a fair estimate where no total is known.
 */
function fractionOf(start: FeedbackCursor): (c: FeedbackCursor, lastDay: string | null) => number {
  const total = Math.max(1, daysBetween(start.windowStart, start.to));
  return (c, lastDay) => {
    let at = c.windowStart;
    if (lastDay && parseLocalDate(lastDay) !== null && lastDay > at && lastDay < c.windowEnd) at = lastDay;
    if (c.complete) return 1;
    return Math.min(1, Math.max(0, daysBetween(start.windowStart, at) / total));
  };
}
