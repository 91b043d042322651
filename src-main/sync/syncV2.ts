// The v2 sync: the tree, then every button feedback of the authorised tree by year-long local-date windows,
// one transaction per page with its checkpoint, progress events, cancellation.
import type { SyncProgress } from '../../src-shared/contract.ts';
import { ApiError } from '../api/errors.ts';
import { parseLocalDate } from '../api/localTime.ts';
import { maxPageSize } from '../api/v2/client.ts';
import type { V2Client } from '../api/v2/client.ts';
import type { Store } from '../store/db.ts';
import { advance, buttonFeedbackStream, daysBetween, parseCursor, planRun, utcDate } from './plan.ts';
import type { FeedbackCursor } from './plan.ts';

export const experiencePointsStream = 'v2:experience-points';

export interface SyncV2Options {
  store: Store;
  client: V2Client;
  signal?: AbortSignal;
  onProgress?: (progress: SyncProgress) => void;
  /** First local date to fetch (`yyyy-MM-dd`); default three years before today. */
  since?: string;
  /** Exclusive end; default the day after tomorrow (UTC), so "tomorrow" holds in every time zone. */
  until?: string;
  /** Which service the checkpoint belongs to; default the client's origin. */
  sourceId?: string;
  /** Days re-fetched before the previous end on an incremental run (late uploads); default 3. */
  trailingDays?: number;
  pageSize?: number;
  now?: () => Date;
}

export interface SyncV2Result {
  status: 'done' | 'cancelled';
  itemsReceived: number;
  rowsInserted: number;
  pages: number;
  experiencePointCount: number;
  /** Button feedbacks in the store after the run. */
  feedbackTotal: number;
  seconds: number;
}

/** Runs one sync. Resolves with status 'cancelled' when the signal fires; throws ApiError on other failures. */
export async function syncV2(options: SyncV2Options): Promise<SyncV2Result> {
  const { store, client, signal } = options;
  const now = options.now ?? (() => new Date());
  const emit = options.onProgress ?? (() => undefined);
  const started = performance.now();
  const runId = store.syncRuns.start('v2', client.baseUrl);
  let itemsReceived = 0;
  let rowsInserted = 0;
  let pages = 0;
  let experiencePointCount = 0;
  let stream = experiencePointsStream;
  const finish = (status: 'done' | 'cancelled'): SyncV2Result => {
    const feedbackTotal = store.buttonFeedback.total();
    store.syncRuns.finish(runId, { status, itemsReceived, rowsInserted, feedbackTotal });
    return {
      status,
      itemsReceived,
      rowsInserted,
      pages,
      experiencePointCount,
      feedbackTotal,
      seconds: (performance.now() - started) / 1000,
    };
  };
  try {
    emit({ stream, phase: 'running', items: 0, pages: 0, fraction: 0 });
    const tree = await client.experiencePoints(signal ? { signal } : {});
    store.tree.replace(tree);
    experiencePointCount = tree.length;
    emit({ stream, phase: 'done', items: tree.length, pages: 1, fraction: 0 });

    stream = buttonFeedbackStream;
    const cursor = planRun(parseCursor(store.checkpoints.get(buttonFeedbackStream)), {
      source: options.sourceId ?? client.origin,
      from: options.since ?? utcDate(now(), -3 * 365),
      to: options.until ?? utcDate(now(), 2),
      trailingDays: options.trailingDays ?? 3,
    });
    const fraction = fractionOf(cursor);
    const feedbackStarted = performance.now();
    const progress = (
      phase: SyncProgress['phase'],
      c: FeedbackCursor,
      lastDay: string | null,
      message?: string,
    ): SyncProgress => {
      const seconds = (performance.now() - feedbackStarted) / 1000;
      return {
        stream: buttonFeedbackStream,
        phase,
        items: itemsReceived,
        pages,
        fraction: phase === 'done' ? 1 : fraction(c, lastDay),
        ...(seconds > 0 ? { itemsPerSecond: Math.round(itemsReceived / seconds) } : {}),
        ...(message ? { message } : {}),
      };
    };
    emit(progress('running', cursor, null));
    let current = cursor;
    while (!current.complete) {
      const query = {
        startDate: current.windowStart,
        endDate: current.windowEnd,
        includeMisuse: true,
        limit: options.pageSize ?? maxPageSize,
      };
      const windowPages = client.buttonFeedbackPages(query, {
        startOffset: current.offset,
        ...(signal ? { signal } : {}),
      });
      for await (const page of windowPages) {
        const next = advance(current, page.next ? page.next.offset : null);
        // The page and the cursor after it commit together: a kill at any instant resumes exactly here.
        rowsInserted += store.buttonFeedback.writePage(page.items, {
          stream: buttonFeedbackStream,
          cursor: next,
        }).inserted;
        itemsReceived += page.items.length;
        pages++;
        current = next;
        const last = page.items.at(-1);
        emit(progress('running', current, last ? last.localTime.slice(0, 10) : null));
        if (signal?.aborted) break;
      }
      if (signal?.aborted) throw new ApiError('cancelled', 'The sync was cancelled.');
    }
    emit(progress('done', current, null));
    return finish('done');
  } catch (error) {
    if (signal?.aborted || (error instanceof ApiError && error.kind === 'cancelled')) {
      emit({
        stream,
        phase: 'cancelled',
        items: itemsReceived,
        pages,
        fraction: null,
        message: 'Cancelled; the next sync resumes where this one stopped.',
      });
      return finish('cancelled');
    }
    const message = error instanceof Error ? error.message : String(error);
    emit({ stream, phase: 'failed', items: itemsReceived, pages, fraction: null, message });
    try {
      store.syncRuns.finish(runId, {
        status: 'failed',
        itemsReceived,
        rowsInserted,
        feedbackTotal: store.buttonFeedback.total(),
        error: message,
      });
    } catch {
      // The store itself may be what failed (disk full): the original error is the one to report.
    }
    throw error;
  }
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
