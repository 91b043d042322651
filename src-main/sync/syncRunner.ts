// A whole sync (runSync) on a thread of its own, from plain data: the caller's thread only receives progress and
// the outcome, and every JSON-parsing heap of the sync is small and bounded. Runs on this thread instead when asked
// (the command line, whose heap is bounded so: runSyncInThread's `here`) or when no thread can be started (e.g. a
// bundled build without the thread's module).
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { SyncProgress } from '#shared/contract.ts';
import { pressTotals } from '../analytics/pressTotals.ts';
import type { PressTotals } from '../analytics/pressTotals.ts';
import { ApiError } from '../api/errors.ts';
import { describeMigration } from '../store/migrate.ts';
import type { ApiErrorKind } from '../api/errors.ts';
import type { RetryInfo } from '../api/http.ts';
import { createNetworkFetch } from '../api/network.ts';
import type { NetworkSettings } from '../api/network.ts';
import type { PaceInfo } from '../api/pacing.ts';
import { createV1Client } from '../api/v1/client.ts';
import { createV2Client } from '../api/v2/client.ts';
import type { V2ClientOptions } from '../api/v2/client.ts';
import { StoreError, openStore, storeFailure, syncCheckpointPages } from '../store/db.ts';
import { runSync } from './orchestrator.ts';
import { shrinkThisHeap } from './shrinkHeap.ts';
import type { RunSyncOptions, SourceChoice, StreamOutcome } from './orchestrator.ts';
import type { CoveredWindow } from './history.ts';
import { SyncLockedError } from './syncLock.ts';
import { threadModuleUrl } from '../threadModule.ts';

/** Everything a sync needs, as plain data (secrets included: they stay in this process's memory). */
export interface SyncRequest {
  dbPath: string;
  migrationsDir?: string;
  baseUrl: string;
  source: SourceChoice;
  v2?: { token: string; sourceId?: string };
  v1?: { clientId: string; token: string; sourceId?: string };
  since?: string;
  until?: string;
  scope?: number[];
  full?: boolean;
  trailingDays?: number;
  pageSize?: number;
  batchRows?: number;
  /** The run's clock as an ISO instant (tests and benchmarks pass a fixed one); default the system clock. */
  now?: string;
  /** The proxy and certificates for the service (network.ts); default Node's fetch as it is. */
  network?: NetworkSettings;
  /** Newest first: the sync's threads step back once the views are open (threadPriority.ts). */
  backgroundHistory?: boolean;
}

export interface SyncSummary {
  status: 'done' | 'cancelled' | 'failed';
  streams: StreamOutcome[];
  /** Presses and tree items held afterwards, from the source analytics read (v2, else v1). */
  totals: PressTotals;
  /** The window each finished source covered, with the presses held in it (and why none, when none). */
  windows: CoveredWindow[];
  seconds: number;
}

export interface SyncCallbacks {
  signal?: AbortSignal;
  onProgress?: (p: SyncProgress) => void;
  onRetry?: (info: RetryInfo) => void;
  onPace?: (info: PaceInfo & { endpoint: string }) => void;
}

export type SerialError =
  | { name: 'ApiError'; kind: ApiErrorKind; message: string; endpoint?: string; status?: number }
  | { name: 'StoreError'; reason: StoreError['reason']; message: string }
  | { name: 'SyncLockedError' | 'Error'; message: string };

export type RunnerReply =
  | { progress: SyncProgress }
  | { retry: RetryInfo }
  | { pace: PaceInfo & { endpoint: string } }
  | { summary: SyncSummary; error: SerialError | null };

export function serialiseError(error: unknown): SerialError {
  if (error instanceof ApiError)
    return {
      name: 'ApiError',
      kind: error.kind,
      message: error.message,
      ...(error.endpoint !== undefined ? { endpoint: error.endpoint } : {}),
      ...(error.status !== undefined ? { status: error.status } : {}),
    };
  if (error instanceof StoreError)
    return { name: 'StoreError', reason: error.reason, message: error.message };
  if (error instanceof SyncLockedError) return { name: 'SyncLockedError', message: error.message };
  return { name: 'Error', message: error instanceof Error ? error.message : String(error) };
}

export function reviveError(e: SerialError): Error {
  if (e.name === 'ApiError')
    return new ApiError(e.kind, e.message, {
      ...(e.endpoint !== undefined ? { endpoint: e.endpoint } : {}),
      ...(e.status !== undefined ? { status: e.status } : {}),
    });
  if (e.name === 'StoreError') return new StoreError(e.reason, e.message);
  const error = new Error(e.message);
  error.name = e.name;
  return error;
}

/** A clock that always reads `iso` (a request crosses to the sync thread as plain data). */
function fixedClock(iso: string): () => Date {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new Error(`the sync's clock must be an ISO instant, not '${iso}'`);
  return () => new Date(ms);
}

/** The request's clients, built on this thread (a client does not cross threads). */
function requestSources(
  req: SyncRequest,
  http: Pick<V2ClientOptions, 'onRetry' | 'onPace' | 'fetch'>,
): RunSyncOptions['sources'] {
  const sources: RunSyncOptions['sources'] = {};
  if (req.v2)
    sources.v2 = {
      client: createV2Client({ baseUrl: req.baseUrl, token: req.v2.token, ...http }),
      // No fetch thread: this thread's heap is bounded already (runSyncInThread), and a thread less is memory less.
      ...(req.v2.sourceId ? { sourceId: req.v2.sourceId } : {}),
    };
  if (req.v1)
    sources.v1 = {
      client: createV1Client({
        baseUrl: req.baseUrl,
        clientId: req.v1.clientId,
        token: req.v1.token,
        ...http,
      }),
      ...(req.v1.sourceId ? { sourceId: req.v1.sourceId } : {}),
    };
  return sources;
}

/** The request's range and tuning, as runSync takes them. */
function requestOptions(req: SyncRequest): Partial<RunSyncOptions> {
  return {
    ...(req.since ? { since: req.since } : {}),
    ...(req.until ? { until: req.until } : {}),
    ...(req.scope ? { scope: req.scope } : {}),
    ...(req.full ? { full: true } : {}),
    ...(req.trailingDays !== undefined ? { trailingDays: req.trailingDays } : {}),
    ...(req.pageSize ? { pageSize: req.pageSize } : {}),
    ...(req.batchRows ? { batchRows: req.batchRows } : {}),
    ...(req.now ? { now: fixedClock(req.now) } : {}),
    ...(req.backgroundHistory ? { backgroundHistory: true } : {}),
  };
}

/** Runs the request on this thread (the thread's body, and the fallback). */
export async function runSyncRequest(
  req: SyncRequest,
  cb: SyncCallbacks,
): Promise<{ summary: SyncSummary; error: unknown }> {
  const store = openStore(req.dbPath, {
    ...(req.migrationsDir ? { migrationsDir: req.migrationsDir } : {}),
    // This connection writes the tree, checkpoints and the other resources; the presses go through the writer's.
    cacheKib: 8000,
    checkpointPages: syncCheckpointPages,
    // A new version's first open of a big file migrates it: said as progress of the data file.
    onMigration: (m) =>
      cb.onProgress?.({
        stream: 'data file',
        phase: 'running',
        items: 0,
        pages: 0,
        fraction: null,
        message: describeMigration(m),
      }),
  });
  try {
    const callbacks = {
      ...(cb.onRetry ? { onRetry: cb.onRetry } : {}),
      ...(cb.onPace ? { onPace: cb.onPace } : {}),
    };
    const http = { ...callbacks, ...(req.network ? { fetch: createNetworkFetch(req.network) } : {}) };
    const result = await runSync({
      ...{ store, sources: requestSources(req, http), source: req.source, ...callbacks },
      ...(cb.signal ? { signal: cb.signal } : {}),
      ...(cb.onProgress ? { onProgress: cb.onProgress } : {}),
      ...requestOptions(req),
    });
    return {
      summary: {
        status: result.status,
        streams: result.streams,
        totals: pressTotals(store.db),
        windows: result.windows,
        seconds: result.seconds,
      },
      error: result.error ?? null,
    };
  } catch (error) {
    throw storeFailure(error, req.dbPath); // e.g. damage met while counting what is held
  } finally {
    store.close();
  }
}

const threadUrl = threadModuleUrl('syncRunnerThread', import.meta.url);
/** The sync thread's name in the system's process lists (top -H, /proc/<pid>/task/<tid>/comm). */
export const syncThreadName = 'sync';

/** A heap no bigger than this (V8's limit for the thread) is bounded like the sync thread's own. */
const boundedHeapBytes = 1024 * 1024 * 1024;

/**
 * Whether this thread's heap is bounded like the sync thread's (its old generation at most ~512 MB, its young one
 * small): the command line starts a sync with such limits (bin/feedback-desk.js), the app's main process does not.
 */
export function heapBoundedForSync(): boolean {
  return getHeapStatistics().heap_size_limit <= boundedHeapBytes;
}

/** Runs the request on this thread, its failure in the form a thread's reply takes. */
async function runHere(
  req: SyncRequest,
  cb: SyncCallbacks,
): Promise<{ summary: SyncSummary; error: Error | null }> {
  const r = await runSyncRequest(req, cb);
  // The sync's garbage goes now, and the heap it grew to with it (on `large` 62 → 21 MB, the process's RSS 277 → 188
  // MB), before the work after it starts. Left to V8, that heap stayed grown through that work.
  shrinkThisHeap();
  return { summary: r.summary, error: r.error === null ? null : reviveError(serialiseError(r.error)) };
}

/**
 * Runs the sync on its own thread; resolves with the summary and the first failure (null when none). Throws when
 * the sync could not start (e.g. SyncLockedError, a StoreError opening the file). `here`: on this thread instead,
 * when nothing else needs it meanwhile and its heap is bounded (heapBoundedForSync): one V8 heap less. A whole first
 * sync of `large` from the command line, back to back (docs/BENCHMARKS.md, 2026-11-28 20:30): peak RSS 328 MB on the
 * thread, 298–318 MB here (the work after the sync, on this thread too: 272 MB at most). Without the bounds this
 * thread's heap grows freely (458 MB in the first 40 s).
 */
export async function runSyncInThread(
  req: SyncRequest,
  cb: SyncCallbacks = {},
  where: { here?: boolean } = {},
): Promise<{ summary: SyncSummary; error: Error | null }> {
  // Each page of a sync leaves megabytes of parsed JSON behind. With V8's small default first old space, every page
  // set off a full collection (a fifth of a short sync's time), so the first one waited for 64 MB from 2026-11-21.
  // That let the thread's promoted garbage reach ~40 MB before it was collected, the peak of a first sync of
  // `large`. Since 2026-11-28 the young generation is 32 MB: a page's records, their checked copies and its columns
  // die young instead of being promoted. The first full collection then waits for only 32 MB. Quiet CLI runs:
  // 16 and 64 gave 346–369 MB at 206–231 CPU-s; 32 and 32 gave 336 MB at 220 (32 and 64: 363 MB at 195;
  // 16 and 32: 318 MB at 255). V8 takes the flag for isolates created after it is set, so it holds for this thread
  // and the later ones only (the writer's too, when the sync runs here).
  setFlagsFromString('--initial-old-space-size=32');
  if (where.here) return runHere(req, cb);
  let worker: Worker;
  try {
    worker = new Worker(threadUrl, {
      name: syncThreadName,
      workerData: { request: req },
      resourceLimits: { maxYoungGenerationSizeMb: 32, maxOldGenerationSizeMb: 512 },
    });
  } catch {
    return await runHere(req, cb);
  }
  const cancel = (): void => worker.postMessage('cancel');
  cb.signal?.addEventListener('abort', cancel, { once: true });
  if (cb.signal?.aborted) cancel();
  try {
    return await new Promise((resolve, reject) => {
      let settled = false;
      worker.on('message', (m: RunnerReply | { failed: SerialError }) => {
        if ('progress' in m) cb.onProgress?.(m.progress);
        else if ('retry' in m) cb.onRetry?.(m.retry);
        else if ('pace' in m) cb.onPace?.(m.pace);
        else if ('failed' in m) {
          settled = true;
          reject(reviveError(m.failed));
        } else {
          settled = true;
          resolve({ summary: m.summary, error: m.error ? reviveError(m.error) : null });
        }
      });
      worker.on('error', (e) => {
        settled = true;
        // A build that does not ship the thread's module: run here instead.
        if ((e as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND') resolve(runHere(req, cb));
        else reject(e);
      });
      worker.on('exit', (code) => {
        if (!settled) reject(new Error(`the sync thread stopped unexpectedly (${code})`));
      });
    });
  } finally {
    cb.signal?.removeEventListener('abort', cancel);
    await worker.terminate().catch(() => undefined);
  }
}
