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
  /** Writes a page and the checkpoint in one transaction; returns rows written. */
  write(items: T[], checkpoint: CheckpointWrite, replaceWindow: ListWindow | undefined): number;
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

export async function runWindowStream<T>(
  spec: WindowStream<T>,
  ctx: StreamContext,
  plan: WindowPlan,
): Promise<StreamOutcome> {
  const { store, client, signal, emit } = ctx;
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
      outcome.rowsWritten += spec.write(page.items, { stream: spec.stream, cursor: next }, replace);
      outcome.items += page.items.length;
      outcome.pages++;
      current = next;
      const last = page.items.at(-1);
      emit(progress('running', current, last ? spec.dayOf(last) : null));
      if (signal?.aborted) break;
    }
    if (signal?.aborted) throw new ApiError('cancelled', 'The sync was cancelled.');
  }
  emit(progress('done', current, null));
  return outcome;
}
