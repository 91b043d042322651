// The one way a sync runs, whoever asks (the app's IPC and web handlers, the command line): a quick reachability
// probe, the sync on its own thread (runSyncInThread), then the check against the service's aggregated counts, and
// the outcome in the words of syncOutcome.ts.
import type { AppSyncResult, ErrorCode, SyncProgress, SyncVerification } from '#shared/contract.ts';
import { ApiError } from '../api/errors.ts';
import type { RetryInfo } from '../api/http.ts';
import type { NetworkSettings, ResolveNetwork } from '../api/network.ts';
import type { PaceInfo } from '../api/pacing.ts';
import { createV1Client } from '../api/v1/client.ts';
import { createV2Client } from '../api/v2/client.ts';
import type { ProfileSecrets } from '../profiles/connections.ts';
import { openStore } from '../store/db.ts';
import { prepareAfterSync } from './afterSync.ts';
import { verifyInThread } from './verifyInThread.ts';
import type { Store } from '../store/db.ts';
import type { StoreCheck } from '../store/checkStore.ts';
import type { SourceChoice } from '../sync/orchestrator.ts';
import { runSyncInThread } from '../sync/syncRunner.ts';
import { shrinkThisHeap } from '../sync/shrinkHeap.ts';
import type { SyncRequest, SyncSummary } from '../sync/syncRunner.ts';
import { trailingStart } from '../sync/plan.ts';
import { saveVerification, verifyAgainstAggregates } from '../sync/v2Verify.ts';
import {
  afterSyncNote,
  failureCode,
  syncCancelled,
  syncFailed,
  unreachable,
  verificationNotes,
  type OutcomeTarget,
} from './syncOutcome.ts';

/** What is synced: a profile's service, file and secrets (the demo is such a profile), or a bare address. */
export interface SyncTarget extends OutcomeTarget {
  storePath: string;
  secrets: ProfileSecrets;
  /** The checkpoints' identity when the address is not stable (the demo's emulator changes port each run). */
  sourceId?: string;
}

export interface SyncRunOptions {
  /** Which API versions; default every one the secrets allow. */
  source?: SourceChoice;
  since?: string;
  until?: string;
  scope?: number[];
  full?: boolean;
  trailingDays?: number;
  pageSize?: number;
  /**
   * Newest first: once the coverage opens the views, the sync's threads step back behind the app's own (its answers
   * to the views come first; sync/threadPriority.ts). The app's syncs ask for it; default false.
   */
  backgroundHistory?: boolean;
  /** Check the stored presses against the service's aggregated counts afterwards (default true; v2 only). */
  verify?: boolean;
  signal?: AbortSignal;
  onProgress?: (p: SyncProgress) => void;
  onRetry?: (info: RetryInfo) => void;
  onPace?: (info: PaceInfo & { endpoint: string }) => void;
  /** The connection the check and the run records use (the app's own); default one opened here and closed after. */
  store?: () => Store;
  migrationsDir?: string;
  now?: () => Date;
  /** The probe's and the check's fetch (the sync's own thread always uses the global one). */
  fetch?: typeof globalThis.fetch;
  /** The proxy and certificates for the sync's thread (api/network.ts); default Node's fetch as it is. */
  network?: ResolveNetwork;
  /**
   * A check of the data file (the command line's quick check, on its own thread), started once a finished sync's
   * after-sync work is written, so it runs beside the check against the service's counts instead of after it (the two
   * took 14 and 20 s one after the other on `large`). The outcome's `fileCheck` is its promise.
   */
  checkFile?: () => Promise<StoreCheck | null>;
  /**
   * The sync, the work after it and the check against the service's counts on the caller's thread instead of threads
   * of their own (the file's quick check keeps its own): for the command line, whose thread waits meanwhile and whose
   * heap bin/feedback-desk.js bounds. The memory the sync freed is used again there: on their own threads the work
   * after a sync of `large` reached 340–353 MB (the sync's arena and heap left idle), here 272 MB. Default false (the
   * app's main process stays free).
   */
  onThisThread?: boolean;
}

export interface SyncOutcome {
  status: 'done' | 'cancelled' | 'failed';
  /** What the sync thread reported; null when the sync never started (the service could not be reached). */
  summary: SyncSummary | null;
  /** The outcome as the app shows it (streams, totals, the check or why none ran). */
  result: AppSyncResult;
  /** The first failure, as thrown (its kind says what the user can do). */
  error: Error | null;
  /** Failed or cancelled: the one sentence both the app and the command line say. */
  message: string | null;
  code: ErrorCode | null;
  /** The `checkFile` started after a finished sync (await it), or null when none was asked for or the sync did not finish. */
  fileCheck: Promise<StoreCheck | null> | null;
  /** What failed in the after-sync work (afterSync.ts), a step and why each; `result.afterSyncNote` says it. */
  afterSyncFailures?: string[];
}

/** The source a target's secrets allow when none is asked for: both when both are there. */
export function defaultSource(secrets: ProfileSecrets): SourceChoice {
  return secrets.v2Token && secrets.v1 ? 'both' : secrets.v2Token ? 'v2' : 'v1';
}

/** The sync thread's request: plain data, the secrets of the chosen source(s) only. */
function syncRequest(target: SyncTarget, source: SourceChoice, o: SyncRunOptions): SyncRequest {
  const v2Token = source === 'v1' ? null : target.secrets.v2Token;
  const v1 = source === 'v2' ? null : target.secrets.v1;
  const sourceId = target.sourceId ? { sourceId: target.sourceId } : {};
  return {
    dbPath: target.storePath,
    baseUrl: target.baseUrl,
    source,
    ...(o.migrationsDir ? { migrationsDir: o.migrationsDir } : {}),
    ...(v2Token ? { v2: { token: v2Token, ...sourceId } } : {}),
    ...(v1 ? { v1: { clientId: v1.clientId, token: v1.token, ...sourceId } } : {}),
    ...(o.since ? { since: o.since } : {}),
    ...(o.until ? { until: o.until } : {}),
    ...(o.scope ? { scope: o.scope } : {}),
    ...(o.full ? { full: true } : {}),
    ...(o.trailingDays !== undefined ? { trailingDays: o.trailingDays } : {}),
    ...(o.pageSize ? { pageSize: o.pageSize } : {}),
    ...(o.now ? { now: o.now().toISOString() } : {}),
    ...(o.backgroundHistory ? { backgroundHistory: true } : {}),
  };
}

/** The app's result of a run: each stream's outcome, the presses held, how long. */
function appResult(target: SyncTarget, summary: SyncSummary | null): AppSyncResult {
  return {
    profile: target.profile ?? new URL(target.baseUrl).origin,
    streams: (summary?.streams ?? []).map((s) => ({
      stream: s.stream,
      status: s.status,
      itemsReceived: s.itemsReceived,
      rowsHeld: s.rowsHeld,
      seconds: s.seconds,
      ...(s.error ? { error: s.error } : {}),
    })),
    feedbackTotal: summary?.totals.presses ?? 0,
    seconds: summary?.seconds ?? 0,
    verification: null,
    verificationNote: null,
    afterSyncNote: null,
  };
}

/** A sync that never started (the service not reached), recorded like any run so the history says it. */
function recordNotStarted(store: Store, source: SourceChoice, baseUrl: string, message: string): void {
  const id = store.syncRuns.start(source === 'v1' ? 'v1' : 'v2', baseUrl);
  store.syncRuns.finish(id, {
    status: 'failed',
    itemsReceived: 0,
    rowsInserted: 0,
    feedbackTotal: store.buttonFeedback.total(),
    error: message,
  });
}

/** The probe, then the route to the service (proxy, certificates) for the sync's thread; the failure, or null. */
async function reach(target: SyncTarget, request: SyncRequest, o: SyncRunOptions): Promise<Error | null> {
  const failure = await probe(target.baseUrl, request.v2?.token ?? null, request.v1 ?? null, o);
  if (failure || !o.network) return failure;
  try {
    request.network = await o.network(target.baseUrl);
    return null;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/**
 * Syncs `target`. Resolves with the outcome (failures included, in words); throws only when the sync could not
 * start at all (another sync holds the file, the file is damaged or not ours), with an error already worded.
 */
export async function runTargetSync(target: SyncTarget, o: SyncRunOptions = {}): Promise<SyncOutcome> {
  const source = o.source ?? defaultSource(target.secrets);
  const request = syncRequest(target, source, o);
  const own: { store: Store | null } = { store: null };
  const store = o.store ?? (() => (own.store ??= openStore(target.storePath, migrations(o))));
  try {
    const down = await reach(target, request, o);
    if (down) {
      recordNotStarted(store(), source, target.baseUrl, down.message);
      const result = appResult(target, null);
      return {
        status: 'failed',
        summary: null,
        result,
        error: down,
        message: down.message,
        code: failureCode(down),
        fileCheck: null,
      };
    }
    const { summary, error } = await runSyncInThread(
      request,
      {
        ...(o.signal ? { signal: o.signal } : {}),
        ...(o.onProgress ? { onProgress: o.onProgress } : {}),
        ...(o.onRetry ? { onRetry: o.onRetry } : {}),
        ...(o.onPace ? { onPace: o.onPace } : {}),
      },
      { here: o.onThisThread === true },
    );
    const outcome = { summary, result: appResult(target, summary), error, fileCheck: null };
    if (summary.status === 'cancelled')
      return { ...outcome, status: 'cancelled', message: syncCancelled, code: 'cancelled' };
    if (summary.status === 'failed') {
      const message = syncFailed(summary.streams, error, target);
      return { ...outcome, status: 'failed', message, code: failureCode(error) };
    }
    // The file's check (SQLite's quick_check, on a thread of its own) starts first: it reads every page (~80 s on
    // `xlarge`), as long as the work after the sync and the check against the service's counts together, which it
    // runs beside.
    const fileCheck = o.checkFile?.() ?? null;
    void fileCheck?.catch(() => undefined); // the caller awaits it; never unhandled meanwhile
    // The replay's series and the anomaly tests (afterSync.ts): a failure there loses nothing the sync wrote (the
    // replay builds its series itself, the anomaly search computes afresh), so the outcome does not depend on it.
    const afterSyncFailures = await afterSyncWork(target, request, store, o);
    // On this thread, the work after the sync left its garbage in the heap the check then runs in (`xlarge`: V8's
    // pages 24 → 129 MB through that work, kept through the check): collected first.
    if (o.onThisThread) shrinkThisHeap();
    const thread = verifyThreadTarget(target.storePath, request.network, o);
    const checked = await checkAfter(store, target.baseUrl, request.v2?.token ?? null, summary, o, thread);
    if (checked === 'cancelled')
      return { ...outcome, fileCheck, status: 'cancelled', message: syncCancelled, code: 'cancelled' };
    Object.assign(outcome.result, checked, { afterSyncNote: afterSyncNote(afterSyncFailures) });
    return { ...outcome, fileCheck, status: 'done', message: null, code: null, afterSyncFailures };
  } finally {
    own.store?.close();
  }
}

/** The after-sync work of a v2 sync (afterSync.ts); what of it failed, one line a step. */
async function afterSyncWork(
  target: SyncTarget,
  request: SyncRequest,
  store: () => Store,
  o: SyncRunOptions,
): Promise<string[]> {
  if (!request.v2) return [];
  return (await prepareAfterSync(target.storePath, store, o.migrationsDir, { here: o.onThisThread === true }))
    .failures;
}

/** The check against the service's counts after a finished sync (v2 only), or why none ran. */
async function checkAfter(
  store: () => Store,
  baseUrl: string,
  v2Token: string | null,
  summary: SyncSummary,
  o: SyncRunOptions,
  thread: VerifyThreadTarget | null,
): Promise<Pick<AppSyncResult, 'verification' | 'verificationNote'> | 'cancelled'> {
  if (o.verify === false) return { verification: null, verificationNote: null };
  if (!v2Token) return { verification: null, verificationNote: verificationNotes.noV2 };
  try {
    o.onProgress?.({ stream: 'verify', phase: 'running', items: 0, pages: 0, fraction: null });
    // The days the sync covered (its window), so a narrowed sync is checked on what it fetched; an incremental run
    // fetched its trailing days only, and checking the whole history after it cost a minute on `large`.
    const covered = summary.windows.find((w) => w.source === 'v2');
    const window = covered && !o.full && !o.since ? fetchedDays(store(), covered, o.trailingDays) : covered;
    const verification = await verify(store(), baseUrl, v2Token, o, window, thread);
    const groups = verification.groupsCompared;
    o.onProgress?.({ stream: 'verify', phase: 'done', items: groups, pages: 0, fraction: 1 });
    return { verification, verificationNote: null };
  } catch (caught) {
    if (o.signal?.aborted) return 'cancelled';
    return { verification: null, verificationNote: verificationNotes.failed(caught) };
  }
}

/**
 * The check runs on a thread of its own for a file whose route to the service crosses threads: none given (Node's
 * fetch), or the network settings (a caller's own fetch without them, e.g. a test's, is used here instead).
 */
function verifyThreadTarget(
  path: string,
  network: NetworkSettings | undefined,
  o: SyncRunOptions,
): VerifyThreadTarget | null {
  if (path === ':memory:' || path === '' || o.onThisThread) return null;
  if (o.fetch && !network) return null;
  return { path, network };
}

const migrations = (o: SyncRunOptions) => (o.migrationsDir ? { migrationsDir: o.migrationsDir } : {});

/**
 * One quick request without retries: a service that cannot be reached is said at once (the sync's own retries,
 * meant for a flaky connection, would take half a minute to give up). Null when it answered (anything else the
 * sync itself reports).
 */
async function probe(
  baseUrl: string,
  v2Token: string | null,
  v1: ProfileSecrets['v1'],
  o: SyncRunOptions,
): Promise<Error | null> {
  const quick = { baseUrl, maxRetries: 0, timeoutMs: 10_000, ...(o.fetch ? { fetch: o.fetch } : {}) };
  const signal = o.signal ? { signal: o.signal } : {};
  try {
    if (v2Token) await createV2Client({ ...quick, token: v2Token }).get('token/introspect', {}, signal);
    else if (v1)
      await createV1Client({ ...quick, clientId: v1.clientId, token: v1.token }).rootFolder(signal);
    return null;
  } catch (error) {
    // Retrying cannot mend these (a certificate, a web page, plain HTTP): said now, in their own words.
    if (error instanceof ApiError && error.immediate) return error;
    if (!(error instanceof ApiError) || error.kind !== 'network') return null;
    return new ApiError('network', unreachable(baseUrl));
  }
}

/**
 * The days an incremental run fetched again: from the trailing start before the previous finished v2 run (as the
 * plan counts it, plan.ts), to the covered end. A first run (no finished one before it) fetched the whole window.
 */
function fetchedDays(
  store: Store,
  covered: { from: string; to: string },
  trailingDays = 3,
): { from: string; to: string } {
  const previous = store.syncRuns.previousFinishedAt('v2');
  if (!previous) return covered;
  const from = trailingStart(previous.slice(0, 10), trailingDays + 1); // a day more: UTC vs local
  return from > covered.from && from < covered.to ? { from, to: covered.to } : covered;
}

/** Where the check may run on a thread of its own: the file and the route to the service as plain data. */
interface VerifyThreadTarget {
  path: string;
  network: NetworkSettings | undefined;
}

/**
 * The check on its own thread when the file and the route can cross to it (its reads churn through a row per
 * press: verifyThread.ts), else here; the result kept in the store.
 */
async function verify(
  store: Store,
  baseUrl: string,
  token: string,
  o: SyncRunOptions,
  window: { from: string; to: string } | undefined,
  thread: VerifyThreadTarget | null,
): Promise<SyncVerification> {
  const days = window ? { since: window.from, until: window.to } : {};
  const threaded = thread
    ? await verifyInThread(
        {
          ...{ path: thread.path, baseUrl, token, now: (o.now ?? (() => new Date()))().toISOString() },
          ...(o.migrationsDir ? { migrationsDir: o.migrationsDir } : {}),
          ...(thread.network ? { network: thread.network } : {}),
          ...(o.scope ? { scope: o.scope } : {}),
          ...days,
        },
        o.signal,
      )
    : null;
  const v =
    threaded ??
    (await verifyAgainstAggregates({
      store,
      client: createV2Client({ baseUrl, token, ...(o.fetch ? { fetch: o.fetch } : {}) }),
      ...(o.signal ? { signal: o.signal } : {}),
      ...days,
      ...(o.scope ? { scope: o.scope } : {}),
      ...(o.now ? { now: o.now } : {}),
    }));
  saveVerification(store, v, (o.now ?? (() => new Date()))());
  return {
    from: v.from,
    to: v.to,
    localTotal: v.localTotal,
    serviceTotal: v.serviceTotal,
    groupsCompared: v.groupsCompared,
    mismatchCount: v.mismatches.length,
    mismatchDays: [...new Set(v.mismatches.map((m) => m.day))].slice(0, 5),
  };
}
