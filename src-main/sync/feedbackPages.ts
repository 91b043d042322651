// Where pages of button feedbacks come from, as columns: the caller's client on this thread, or a fetch thread
// (its own client from a plain config) that fetches, parses, validates and converts them off the main thread.
import { Worker } from 'node:worker_threads';
import { ApiError } from '../api/errors.ts';
import type { ApiErrorKind } from '../api/errors.ts';
import type { RetryInfo } from '../api/http.ts';
import type { NetworkSettings } from '../api/network.ts';
import type { PaceInfo, PacingOptions } from '../api/pacing.ts';
import type { FeedbackWindowQuery, PageReader, ReadPage, V2Client } from '../api/v2/client.ts';
import { localCalendar } from '../core/localTime.ts';
import type { NextPage } from '../api/v2/paging.ts';
import { createPagePool } from '../store/repos/batchPool.ts';
import type { BatchPool } from '../store/repos/batchPool.ts';
import { pageColumns } from '../store/repos/feedbackBatch.ts';
import { pageColumnsFromBytes } from './feedbackPageBytes.ts';
import type { PageColumns } from '../store/repos/feedbackBatch.ts';
import { threadModuleUrl, threadReady } from '../threadModule.ts';

export interface ColumnPage {
  columns: PageColumns;
  next: NextPage | null;
  /** Local date of the page's last item (progress), or null for an empty page. */
  lastLocalDay: string | null;
}

export interface PageSource {
  /** Every page of a window from `startOffset` on; the next ones are already being fetched. */
  pages(query: FeedbackWindowQuery, startOffset: number, signal?: AbortSignal): AsyncGenerator<ColumnPage>;
  close(): Promise<void>;
  readonly threaded: boolean;
  /** Where the pages' buffers go once merged into a batch (the pages are made over them again), or null. */
  readonly pool: BatchPool | null;
}

/** What a fetch thread needs to build its own v2 client (plain data: it crosses a thread boundary). */
export interface V2ClientConfig {
  baseUrl: string;
  token: string;
  timeoutMs?: number;
  maxRetries?: number;
  maxRateLimitWaits?: number;
  backoffMs?: number;
  maxBackoffMs?: number;
  pacing?: PacingOptions | false;
  compression?: boolean;
  /** The proxy and certificates for the service (network.ts). */
  network?: NetworkSettings;
}

/**
 * Pages as columns: read from the answer's bytes where they lie (feedbackPageBytes.ts), else (a page of another
 * shape) from its validated records; over `pool`'s buffers when given.
 */
export function columnReader(pool: BatchPool | null): PageReader<PageColumns> {
  return {
    fromBytes(bytes, limit) {
      const columns = pageColumnsFromBytes(bytes, pool, limit);
      return columns && { value: columns, count: columns.n };
    },
    fromItems: (items) => pageColumns(items, pool),
  };
}

/** A page read by columnReader, as the pipeline takes it. */
export function columnPage(page: ReadPage<PageColumns>): ColumnPage {
  const { value: columns } = page;
  const last = columns.n > 0 ? localCalendar(columns.localMs[columns.n - 1] ?? 0).day : null;
  return { columns, next: page.next, lastLocalDay: last };
}

export function clientPageSource(client: V2Client): PageSource {
  const pool = createPagePool();
  const reader = columnReader(pool);
  return {
    threaded: false,
    pool,
    async *pages(query, startOffset, signal) {
      for await (const page of client.buttonFeedbackPagesAs(query, reader, {
        startOffset,
        ...(signal ? { signal } : {}),
      }))
        yield columnPage(page);
    },
    close: async () => undefined,
  };
}

/** Messages of the fetch thread, each tagged with the run (window) it belongs to. */
export type FetchReply =
  | { run: number; page: ColumnPage }
  | { run: number; end: true }
  | {
      run: number;
      error: { kind: ApiErrorKind | 'other'; message: string; endpoint?: string; status?: number };
    }
  | { run: number; retry: RetryInfo }
  | { run: number; pace: PaceInfo & { endpoint: string } };

const threadUrl = threadModuleUrl('feedbackFetchThread', import.meta.url);

type Callbacks = {
  onRetry?: (info: RetryInfo) => void;
  onPace?: (info: PaceInfo & { endpoint: string }) => void;
};

/** A fetch thread, or null when none can be started (e.g. a bundled build without the thread's module). */
export async function threadPageSource(
  config: V2ClientConfig,
  callbacks: Callbacks = {},
): Promise<PageSource | null> {
  const worker = await startFetchThread(config);
  if (!worker) return null;
  const state = { run: 0 };
  const replies = replyQueue(worker, callbacks, state);
  return {
    threaded: true,
    pool: null, // the pages are made on the fetch thread
    async *pages(query, startOffset, signal) {
      const run = ++state.run;
      replies.clear();
      const stop = (): void => worker.postMessage({ stop: run });
      signal?.addEventListener('abort', stop, { once: true });
      worker.postMessage({ start: { run, query, startOffset } });
      let ended = false;
      try {
        for (;;) {
          const m = await replies.next();
          if ('end' in m || 'error' in m) {
            ended = true;
            if ('error' in m) throw replyError(m.error);
            return;
          }
          if ('page' in m) {
            yield m.page;
            worker.postMessage({ ack: run });
          }
        }
      } finally {
        signal?.removeEventListener('abort', stop);
        if (!ended) stop();
      }
    },
    async close() {
      worker.postMessage({ close: true });
      await replies.exited;
    },
  };
}

/** The fetch thread, started and ready, or null when it cannot start. */
async function startFetchThread(config: V2ClientConfig): Promise<Worker | null> {
  try {
    const worker = new Worker(threadUrl, {
      workerData: { config },
      // JSON parsing churns through short-lived objects; a small young generation keeps the RSS in check.
      resourceLimits: { maxYoungGenerationSizeMb: 16, maxOldGenerationSizeMb: 128 },
    });
    await threadReady(worker, 'fetch thread', () => new Error('the fetch thread did not start'));
    return worker;
  } catch {
    return null;
  }
}

/** The thread's replies to the current run (retries and pacing handed to the callbacks), and its failure or exit. */
function replyQueue(worker: Worker, callbacks: Callbacks, state: { run: number }) {
  const queue: FetchReply[] = [];
  let wake: (() => void) | null = null;
  let failure: Error | null = null;
  worker.on('message', (m: FetchReply) => {
    if (m.run !== state.run) return; // a stopped window's leftovers
    if ('retry' in m) return callbacks.onRetry?.(m.retry);
    if ('pace' in m) return callbacks.onPace?.(m.pace);
    queue.push(m);
    wake?.();
  });
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      failure ??= new Error('the fetch thread stopped unexpectedly');
      wake?.();
      resolve();
    }),
  );
  worker.on('error', (e) => {
    failure = e;
    wake?.();
  });
  const next = async (): Promise<FetchReply> => {
    for (;;) {
      const m = queue.shift();
      if (m) return m;
      if (failure) throw failure;
      await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
    }
  };
  return { next, exited, clear: () => void (queue.length = 0) };
}

/** A failure the thread reported, as the error the client would have thrown on this thread. */
function replyError(e: Extract<FetchReply, { error: unknown }>['error']): Error {
  if (e.kind === 'other') return new Error(e.message);
  return new ApiError(e.kind, e.message, {
    ...(e.endpoint !== undefined ? { endpoint: e.endpoint } : {}),
    ...(e.status !== undefined ? { status: e.status } : {}),
  });
}
