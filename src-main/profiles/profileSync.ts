// A connection profile's sync from the app: the orchestrator (runSync) on its own thread with the profile's
// secrets, then the check against the service's aggregated counts; and the history of runs in the local file.
import type { AppSyncResult, SyncHistoryEntry, SyncProgress, SyncVerification } from '#shared/contract.ts';
import { ApiError } from '../api/errors.ts';
import { createV1Client } from '../api/v1/client.ts';
import { createV2Client } from '../api/v2/client.ts';
import type { ResolveNetwork } from '../api/network.ts';
import type { Store } from '../store/db.ts';
import { runSyncInThread } from '../sync/syncRunner.ts';
import type { SyncRequest } from '../sync/syncRunner.ts';
import { saveVerification, verifyAgainstAggregates } from '../sync/v2Verify.ts';
import type { ProfileSecrets } from './connections.ts';

export interface ProfileSyncOptions {
  profile: string;
  baseUrl: string;
  secrets: ProfileSecrets;
  storePath: string;
  /** The store the app reads (the verification counts from it, on this thread). */
  store: () => Store;
  migrationsDir?: string;
  signal: AbortSignal;
  onProgress: (p: SyncProgress) => void;
  now?: () => Date;
  fetch?: typeof globalThis.fetch;
  /** The proxy and certificates for the sync's thread (api/network.ts); default Node's fetch as it is. */
  network?: ResolveNetwork;
}

/** The sync's outcome, or the first failure (an ApiError says in plain words what happened). */
export async function syncProfile(
  o: ProfileSyncOptions,
): Promise<{ status: 'done' | 'cancelled' | 'failed'; result: AppSyncResult; error: Error | null }> {
  const { v2Token, v1 } = o.secrets;
  const request: SyncRequest = {
    dbPath: o.storePath,
    baseUrl: o.baseUrl,
    source: v2Token && v1 ? 'both' : v2Token ? 'v2' : 'v1',
    ...(o.migrationsDir ? { migrationsDir: o.migrationsDir } : {}),
    ...(v2Token ? { v2: { token: v2Token } } : {}),
    ...(v1 ? { v1: { clientId: v1.clientId, token: v1.token } } : {}),
    ...(o.now ? { now: o.now().toISOString() } : {}),
  };
  const unreachable = await probe(o).then(async (failure) => {
    if (failure || !o.network) return failure;
    try {
      request.network = await o.network(o.baseUrl);
      return null;
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  });
  if (unreachable) {
    // Recorded like any run, so the history says when the service could not be reached.
    const runs = o.store().syncRuns;
    const id = runs.start(request.source === 'v1' ? 'v1' : 'v2', o.baseUrl);
    runs.finish(id, {
      status: 'failed',
      itemsReceived: 0,
      rowsInserted: 0,
      feedbackTotal: o.store().buttonFeedback.total(),
      error: unreachable.message,
    });
    return {
      status: 'failed',
      result: {
        profile: o.profile,
        streams: [],
        feedbackTotal: 0,
        seconds: 0,
        verification: null,
        verificationNote: null,
      },
      error: unreachable,
    };
  }
  const { summary, error } = await runSyncInThread(request, { signal: o.signal, onProgress: o.onProgress });
  const result: AppSyncResult = {
    profile: o.profile,
    streams: summary.streams.map((s) => ({
      stream: s.stream,
      status: s.status,
      itemsReceived: s.itemsReceived,
      rowsHeld: s.rowsHeld,
      seconds: s.seconds,
      ...(s.error ? { error: s.error } : {}),
    })),
    feedbackTotal: summary.totals.presses,
    seconds: summary.seconds,
    verification: null,
    verificationNote: null,
  };
  if (summary.status !== 'done') return { status: summary.status, result, error };
  if (!v2Token) {
    result.verificationNote =
      'Only the v2 API offers aggregated counts to check against; this profile has no v2 token.';
    return { status: 'done', result, error: null };
  }
  try {
    o.onProgress({ stream: 'verify', phase: 'running', items: 0, pages: 0, fraction: null });
    result.verification = await verify(o, v2Token);
    o.onProgress({
      stream: 'verify',
      phase: 'done',
      items: result.verification.groupsCompared,
      pages: 0,
      fraction: 1,
    });
  } catch (caught) {
    if (o.signal.aborted) return { status: 'cancelled', result, error: null };
    result.verificationNote =
      caught instanceof ApiError
        ? `The check against the service's counts could not run: ${caught.message}`
        : "The check against the service's counts could not run.";
  }
  return { status: 'done', result, error: null };
}

/**
 * One quick request without retries: a service that cannot be reached is said at once (the sync's own retries,
 * meant for a flaky connection, would take half a minute to give up).
 */
async function probe(o: ProfileSyncOptions): Promise<Error | null> {
  const quick = {
    baseUrl: o.baseUrl,
    maxRetries: 0,
    timeoutMs: 10_000,
    ...(o.fetch ? { fetch: o.fetch } : {}),
  };
  try {
    const { v2Token, v1 } = o.secrets;
    if (v2Token)
      await createV2Client({ ...quick, token: v2Token }).get('token/introspect', {}, { signal: o.signal });
    else if (v1)
      await createV1Client({ ...quick, clientId: v1.clientId, token: v1.token }).rootFolder({
        signal: o.signal,
      });
    return null;
  } catch (error) {
    // Retrying cannot mend these (a certificate, a web page, plain HTTP): said now, in their own words.
    if (error instanceof ApiError && error.immediate) return error;
    if (!(error instanceof ApiError) || error.kind !== 'network') return null; // the sync reports anything else
    return new ApiError(
      'network',
      `The service at ${new URL(o.baseUrl).origin} cannot be reached. Everything synced before stays available here; sync again when the connection is back.`,
    );
  }
}

async function verify(o: ProfileSyncOptions, token: string): Promise<SyncVerification> {
  const client = createV2Client({ baseUrl: o.baseUrl, token, ...(o.fetch ? { fetch: o.fetch } : {}) });
  const v = await verifyAgainstAggregates({
    store: o.store(),
    client,
    signal: o.signal,
    ...(o.now ? { now: o.now } : {}),
  });
  saveVerification(o.store(), v, (o.now ?? (() => new Date()))());
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

interface RunRow {
  sync_run_id: number;
  source: string;
  base_url: string;
  started_at: string;
  finished_at: string | null;
  status: SyncHistoryEntry['status'];
  items_received: number;
  rows_inserted: number;
  feedback_total: number | null;
  error: string | null;
}

/** The newest runs first, as the local file recorded them (one row per source and run). */
export function syncHistory(store: Store, limit = 50): SyncHistoryEntry[] {
  const rows = store.db
    .prepare<[number], RunRow>('SELECT * FROM sync_run ORDER BY sync_run_id DESC LIMIT ?')
    .all(limit);
  return rows.map((r) => ({
    id: r.sync_run_id,
    source: r.source,
    baseUrl: r.base_url,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    seconds: r.finished_at ? (Date.parse(r.finished_at) - Date.parse(r.started_at)) / 1000 : null,
    status: r.status,
    itemsReceived: r.items_received,
    rowsInserted: r.rows_inserted,
    feedbackTotal: r.feedback_total,
    error: r.error,
  }));
}
