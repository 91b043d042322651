// Gathering button-feedback pages into write batches: when a batch goes to the writer (size, age, a window's first
// or last page), which transaction it is (append, or stage and swap a replaced window), and how many may be in flight.
import { parseLocalDate } from '../core/localTime.ts';
import { createBatchBuilder } from '../store/repos/batchGathering.ts';
import type { PageColumns } from '../store/repos/feedbackBatch.ts';
import type { BatchPool } from '../store/repos/batchPool.ts';
import type { SwapSpec } from '../store/repos/buttonFeedbackRepo.ts';
import type { FeedbackWriter, WriteResult } from './feedbackWriter.ts';
import type { FeedbackCursor } from './plan.ts';

const msPerDay = 86_400_000;

/** The window a phase fetches: local dates (end exclusive), the offset it starts at, and how it is written. */
export interface PhaseWindow {
  start: string;
  end: string;
  offset: number;
  mode: 'append' | 'replace';
}

export interface BatcherOptions {
  stream: string;
  scope: number | null;
  writer: FeedbackWriter;
  /** Where the pages' buffers go once merged (PageSource.pool). */
  pagePool?: BatchPool | null;
  batchRows: number;
  batchMs: number;
  maxInFlight: number;
  onSettled: (r: WriteResult) => void;
  /** Told each checkpoint once its transaction has committed. */
  onCommitted?: (cursor: FeedbackCursor) => void;
}

export interface Batcher {
  /** A window begins (at its offset: a replaced window's first page is staged apart). */
  startWindow(window: PhaseWindow): void;
  add(columns: PageColumns): void;
  /** Hands the gathered pages over when it is time; `windowDone`: this was the window's last page. */
  maybeFlush(after: FeedbackCursor, windowDone: boolean): Promise<void>;
  /** Hands over what is gathered of an unfinished window (a stop, a failure). */
  flushRest(after: FeedbackCursor): Promise<void>;
  /** Waits for every batch handed over (a failure rejects). */
  drain(): Promise<void>;
  /** Waits for every batch handed over, counting those that committed and ignoring failures. */
  settleAll(): Promise<void>;
}

/** What the writer is asked for a batch: appended, or staged (with the window's first batch and its swap marked). */
function writeRequest(
  o: BatcherOptions,
  window: PhaseWindow,
  b: {
    batch: ReturnType<ReturnType<typeof createBatchBuilder>['build']>;
    after: FeedbackCursor;
    first: boolean;
    windowDone: boolean;
  },
): Parameters<BatcherOptions['writer']['write']>[0] {
  const checkpoint = { stream: o.stream, cursor: b.after };
  if (window.mode === 'append') return { kind: 'append', batch: b.batch, checkpoint };
  const spec: SwapSpec = {
    stream: o.stream,
    fromMs: (parseLocalDate(window.start) ?? 0) * msPerDay,
    toMs: (parseLocalDate(window.end) ?? 0) * msPerDay,
    scope: o.scope,
  };
  return {
    ...{ kind: 'stage', stream: o.stream, batch: b.batch, checkpoint },
    ...(b.first ? { first: spec } : {}),
    ...(b.windowDone ? { swap: spec } : {}),
  };
}

export function createBatcher(o: BatcherOptions): Batcher {
  const builder = createBatchBuilder(o.writer.pool, o.pagePool ?? null, o.batchRows);
  const inFlight: { write: Promise<WriteResult>; cursor: FeedbackCursor }[] = [];
  let window: PhaseWindow = { start: '', end: '', offset: 0, mode: 'append' };
  let firstOfWindow = false; // until the first batch of a window fetched from its first page is handed over
  let lastFlush = performance.now();

  const settleOne = async (): Promise<void> => {
    const first = inFlight.shift();
    if (!first) return;
    o.onSettled(await first.write);
    o.onCommitted?.(first.cursor);
  };

  /** Hands the gathered pages to the writer with the cursor after them; `windowDone`: the window is complete. */
  async function flush(after: FeedbackCursor, windowDone: boolean): Promise<void> {
    const batch = builder.build();
    const first = firstOfWindow;
    firstOfWindow = false;
    lastFlush = performance.now();
    const write = o.writer.write(writeRequest(o, window, { batch, after, first, windowDone }));
    write.catch(() => undefined); // observed below; never unhandled while waiting for others
    inFlight.push({ write, cursor: after });
    while (inFlight.length > (windowDone ? 0 : o.maxInFlight - 1)) await settleOne();
  }

  return {
    startWindow(w) {
      window = w;
      firstOfWindow = w.offset === 0;
    },
    add: (columns) => builder.addColumns(columns),
    async maybeFlush(after, windowDone) {
      // A replace window's first page goes at once: the writer compares it with the store meanwhile.
      if (
        windowDone ||
        builder.size >= o.batchRows ||
        (firstOfWindow && window.mode === 'replace') ||
        performance.now() - lastFlush >= o.batchMs
      )
        await flush(after, windowDone);
    },
    async flushRest(after) {
      if (builder.size > 0) await flush(after, false);
    },
    async drain() {
      while (inFlight.length > 0) await settleOne();
    },
    async settleAll() {
      for (const s of await Promise.allSettled(inFlight.splice(0).map((f) => f.write)))
        if (s.status === 'fulfilled') o.onSettled(s.value);
    },
  };
}
