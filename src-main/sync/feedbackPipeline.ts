// One button-feedback stream (one scope): plan windows, fetch pages (the next one already in flight), gather them
// into batches of several pages, hand each batch with its checkpoint to the writer, report progress, stop on cancel.
import type { SyncProgress } from '#shared/contract.ts';
import { ApiError } from '../api/errors.ts';
import { parseLocalDate } from '../core/localTime.ts';
import { maxPageSize } from '../api/v2/client.ts';
import type { Store } from '../store/db.ts';
import { createBatchBuilder } from '../store/repos/feedbackBatch.ts';
import type { PageSource } from './feedbackPages.ts';
import type { SwapSpec } from '../store/repos/buttonFeedbackRepo.ts';
import type { FeedbackWriter, WriteResult } from './feedbackWriter.ts';
import { advance, buttonFeedbackStreamOf, daysBetween, parseCursor, planRun } from './plan.ts';
import type { FeedbackCursor } from './plan.ts';

const msPerDay = 86_400_000;

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
  pageSize?: number;
  /** Rows per write transaction (default five pages, at most 50,000). */
  batchRows?: number;
  /** A batch is written at least this often even when small (slow services); default 2000 ms. */
  batchMs?: number;
  /** Batches handed to the writer and not yet committed, at most (default 2). */
  maxInFlight?: number;
  signal?: AbortSignal;
  now: () => Date;
  onProgress: (p: SyncProgress) => void;
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
}

/** Runs the stream to its end (or to cancellation); throws ApiError or a store error on failure. */
export async function runFeedbackStream(o: FeedbackStreamOptions): Promise<FeedbackStreamResult> {
  const stream = buttonFeedbackStreamOf(o.scope);
  const start = planRun(parseCursor(o.store.checkpoints.get(stream)), {
    source: o.sourceId,
    scope: o.scope,
    from: o.since,
    to: o.until,
    trailingDays: o.trailingDays,
    ...(o.full ? { full: true } : {}),
  });
  const result: FeedbackStreamResult = {
    stream,
    status: 'done',
    itemsReceived: 0,
    rowsInserted: 0,
    rowsRemoved: 0,
    pages: 0,
  };
  // Five pages per transaction (at most 50,000 rows): bigger transactions write faster, a kill loses little.
  const batchRows = o.batchRows ?? Math.min(50_000, 5 * (o.pageSize ?? maxPageSize));
  const batchMs = o.batchMs ?? 2000;
  const maxInFlight = o.maxInFlight ?? 2;
  const builder = createBatchBuilder();
  const inFlight: Promise<WriteResult>[] = [];
  const fraction = fractionOf(start);
  const started = performance.now();
  let lastFlush = performance.now();

  const progress = (
    phase: SyncProgress['phase'],
    c: FeedbackCursor,
    lastDay: string | null,
  ): SyncProgress => {
    const seconds = (performance.now() - started) / 1000;
    const f = phase === 'done' ? 1 : fraction(c, lastDay);
    const rate = seconds > 0 ? Math.round(result.itemsReceived / seconds) : 0;
    return {
      stream,
      phase,
      items: result.itemsReceived,
      pages: result.pages,
      fraction: f,
      ...(rate > 0 ? { itemsPerSecond: rate } : {}),
      ...(phase === 'running' && f > 0.02 && seconds > 2
        ? { etaSeconds: Math.round((seconds * (1 - f)) / f) }
        : {}),
    };
  };

  const tally = o.tally ?? { itemsReceived: 0, rowsInserted: 0, rowsRemoved: 0, pages: 0 };
  const settle = (r: WriteResult): void => {
    result.rowsInserted += r.inserted;
    result.rowsRemoved += r.removed;
    tally.rowsInserted += r.inserted;
    tally.rowsRemoved += r.removed;
  };

  // True until the first batch of a window fetched from its first page has been handed over.
  let firstOfWindow = false;

  /** Hands the gathered pages to the writer with the cursor after them; `window` set: the window is complete. */
  async function flush(after: FeedbackCursor, window: FeedbackCursor, windowDone: boolean): Promise<void> {
    const batch = builder.build();
    const spec: SwapSpec = {
      stream,
      fromMs: (parseLocalDate(window.windowStart) ?? 0) * msPerDay,
      toMs: (parseLocalDate(window.windowEnd) ?? 0) * msPerDay,
      scope: o.scope,
    };
    const first = firstOfWindow;
    firstOfWindow = false;
    lastFlush = performance.now();
    const checkpoint = { stream, cursor: after };
    const write =
      window.mode === 'append'
        ? o.writer.write({ kind: 'append', batch, checkpoint })
        : o.writer.write({
            kind: 'stage',
            stream,
            batch,
            checkpoint,
            ...(first ? { first: spec } : {}),
            ...(windowDone ? { swap: spec } : {}),
          });
    write.catch(() => undefined); // observed below; never unhandled while waiting for others
    inFlight.push(write);
    while (inFlight.length > (windowDone ? 0 : maxInFlight - 1)) {
      const first = inFlight.shift();
      if (first) settle(await first);
    }
  }

  let current = start;
  o.onProgress(progress('running', current, null));
  try {
    while (!current.complete && !o.signal?.aborted) {
      const window = current;
      let windowDone = false;
      firstOfWindow = window.offset === 0;
      const pages = o.pages.pages(
        {
          startDate: window.windowStart,
          endDate: window.windowEnd,
          includeMisuse: true,
          limit: o.pageSize ?? maxPageSize,
          ...(o.scope !== null ? { experiencePointId: o.scope } : {}),
        },
        window.offset,
        o.signal,
      );
      try {
        for await (const page of pages) {
          const next = advance(current, page.next ? page.next.offset : null, o.now());
          builder.addColumns(page.columns);
          result.itemsReceived += page.columns.n;
          result.pages++;
          tally.itemsReceived += page.columns.n;
          tally.pages++;
          current = next;
          windowDone = page.next === null;
          // A replace window's first page goes at once: the writer compares it with the store meanwhile.
          if (
            windowDone ||
            builder.size >= batchRows ||
            (firstOfWindow && window.mode === 'replace') ||
            performance.now() - lastFlush >= batchMs
          )
            await flush(current, window, windowDone);
          o.onProgress(progress('running', current, page.lastLocalDay));
          if (o.signal?.aborted) break;
        }
      } catch (error) {
        // Keep what arrived before the failure (or the cancellation): it is complete, valid pages.
        if (builder.size > 0 && !windowDone) await flush(current, window, false).catch(() => undefined);
        throw error;
      }
      if (!windowDone && builder.size > 0) await flush(current, window, false);
    }
    while (inFlight.length > 0) {
      const first = inFlight.shift();
      if (first) settle(await first);
    }
  } catch (error) {
    for (const s of await Promise.allSettled(inFlight.splice(0)))
      if (s.status === 'fulfilled') settle(s.value);
    if (o.signal?.aborted || (error instanceof ApiError && error.kind === 'cancelled')) {
      result.status = 'cancelled';
      return result;
    }
    throw error;
  }
  if (o.signal?.aborted && !current.complete) {
    result.status = 'cancelled';
    return result;
  }
  o.onProgress(progress('done', current, null));
  return result;
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
