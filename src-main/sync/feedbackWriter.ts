// Where button-feedback batches are written: on a writer thread with its own connection (files), so fetching and
// parsing go on while SQLite writes, or inline on the store's connection (in-memory stores, or no worker available).
import { Worker } from 'node:worker_threads';
import type { Store } from '../store/db.ts';
import type { CheckpointWrite, SwapSpec } from '../store/repos/buttonFeedbackRepo.ts';
import { createBatchPool } from '../store/repos/batchPool.ts';
import type { BatchPool } from '../store/repos/batchPool.ts';
import { batchBuffers } from '../store/repos/feedbackBatch.ts';
import type { FeedbackBatch } from '../store/repos/feedbackBatch.ts';
import { threadModuleUrl, threadReady } from '../threadModule.ts';

/** One transaction: a batch appended to the facts, or staged (and with `swap`, its window swapped in). */
export type WriteOp =
  | { kind: 'append'; batch: FeedbackBatch; checkpoint: CheckpointWrite }
  | {
      kind: 'stage';
      stream: string;
      batch: FeedbackBatch;
      checkpoint: CheckpointWrite;
      swap?: SwapSpec;
      /** The batch starts this window at its first page (see ButtonFeedbackRepo.stage). */
      first?: SwapSpec;
    };

export interface WriteResult {
  inserted: number;
  removed: number;
}

export interface FeedbackWriter {
  /** Resolves when the op's transaction has committed. Ops commit in the order they were given. */
  write(op: WriteOp): Promise<WriteResult>;
  /** Waits for the ops given so far, then releases the connection (the store itself stays open). */
  close(): Promise<void>;
  /** The views are open: the writer's thread steps back behind the app (threadPriority.ts); inline, nothing. */
  background(): void;
  readonly threaded: boolean;
  /** Where batches are best built (createBatchBuilder): an appended batch's buffers come back to it once written. */
  readonly pool: BatchPool;
}

/**
 * The buffers of an op's batch that may be used again once the op has run: an appended batch's (a staged one may be
 * held by the repository, see ButtonFeedbackRepo.stage).
 */
export function reusableBuffers(op: WriteOp): ArrayBuffer[] {
  return op.kind === 'append' ? batchBuffers(op.batch) : [];
}

/** Runs one op on a repository (shared by the inline writer and the writer thread). */
export function applyOp(repo: Store['buttonFeedback'], op: WriteOp): WriteResult {
  if (op.kind === 'append') return { inserted: repo.append(op.batch, op.checkpoint).inserted, removed: 0 };
  const r = repo.stage(op.stream, op.batch, op.checkpoint, op.swap, op.first);
  return { inserted: r.inserted, removed: r.removed };
}

export function createInlineWriter(store: Store): FeedbackWriter {
  const pool = createBatchPool();
  return {
    threaded: false,
    pool,
    write: async (op) => {
      const result = applyOp(store.buttonFeedback, op);
      pool.give(reusableBuffers(op));
      return result;
    },
    close: async () => undefined,
    background: () => undefined,
  };
}

/** A reply of the writer thread: an op's result (with its batch's buffers when they may be used again), or its failure. */
export type Reply =
  | { id: number; ok: true; result: WriteResult; buffers: ArrayBuffer[] }
  | { id: number; ok: false; error: WorkerError };
interface WorkerError {
  message: string;
  code?: string;
}

/** An Error carrying the SQLite code of a failure on the writer thread (e.g. SQLITE_FULL). */
export class WriterError extends Error {
  override name = 'WriterError';
  readonly code: string | undefined;
  constructor(e: WorkerError) {
    super(e.message);
    this.code = e.code;
  }
}

const workerUrl = threadModuleUrl('feedbackWriterThread', import.meta.url);

/** The writer thread on `path`, started and ready, or null when it cannot start. */
async function startWriterThread(path: string): Promise<Worker | null> {
  try {
    const worker = new Worker(workerUrl, {
      name: 'sync writer', // the thread's name in the system's process lists (top -H)
      workerData: { path },
      // The thread holds a batch or two and the statements' parameters: a small heap keeps the process's RSS low.
      // V8's process-wide flags win over these: the CLI's sync sets the semi-space (bin/feedback-desk.js).
      resourceLimits: { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 96 },
    });
    await threadReady(worker, 'writer thread', (m) => new WriterError((m as { error: WorkerError }).error));
    return worker;
  } catch {
    return null;
  }
}

/**
 * A writer thread on its own connection to the store's file; the inline writer for in-memory stores, when `thread`
 * is false, or when no thread can be started (e.g. a bundled build without the thread's module).
 */
export async function createFeedbackWriter(
  store: Store,
  options: { thread?: boolean } = {},
): Promise<FeedbackWriter> {
  if (options.thread === false || store.path === ':memory:' || store.path === '')
    return createInlineWriter(store);
  const worker = await startWriterThread(store.path);
  if (!worker) return createInlineWriter(store);
  const pool = createBatchPool();
  let nextId = 0;
  const pending = new Map<number, { resolve: (r: WriteResult) => void; reject: (e: Error) => void }>();
  const inFlight = new Set<Promise<WriteResult>>();
  let failure: Error | null = null;
  const failAll = (error: Error): void => {
    failure ??= error;
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  worker.on('message', (reply: Reply) => {
    const p = pending.get(reply.id);
    if (!p) return;
    pending.delete(reply.id);
    if (!reply.ok) return p.reject(new WriterError(reply.error));
    pool.give(reply.buffers);
    p.resolve(reply.result);
  });
  worker.on('error', (e) => failAll(e));
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', (code) => {
      failAll(new Error(`the writer thread stopped unexpectedly (${code})`));
      resolve();
    }),
  );
  return {
    threaded: true,
    pool,
    write(op) {
      if (failure) return Promise.reject(failure);
      const id = nextId++;
      const done = new Promise<WriteResult>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, op }, batchBuffers(op.batch));
      });
      inFlight.add(done);
      void done.catch(() => undefined).finally(() => inFlight.delete(done));
      return done;
    },
    async close() {
      await Promise.allSettled([...inFlight]);
      if (!failure) worker.postMessage({ close: true });
      await exited;
    },
    background: () => void (failure ?? worker.postMessage({ background: true })),
  };
}
