// The sentences a sync ends with — what was synced, what failed, what to do — said once here for the app (IPC, web)
// and the command line alike, so both adapters print the same words for the same outcome.
import type { ErrorCode, SyncVerification } from '#shared/contract.ts';
import { describePresses } from '../analytics/pressTotals.ts';
import { ApiError, errorCodeOf } from '../api/errors.ts';
import { v2TokenEnvVar } from '../credentials/credentialStore.ts';
import { StoreError } from '../store/db.ts';
import type { StreamOutcome } from '../sync/orchestrator.ts';
import { addDays } from '../sync/plan.ts';
import type { SyncSummary } from '../sync/syncRunner.ts';
import { SyncLockedError } from '../sync/syncLock.ts';

/** Who is synced: a saved profile (the demo is one), or a bare address given at the command line. */
export interface OutcomeTarget {
  profile: string | null;
  baseUrl: string;
}

const number = (n: number): string => n.toLocaleString('en-US');

/**
 * The work after a sync that failed, in one sentence (`failures`: afterSync.ts, each a step and why); null when none
 * failed. Nothing synced is lost: what it would have stored ahead is computed when a view asks for it.
 */
export function afterSyncNote(failures: readonly string[]): string | null {
  if (failures.length === 0) return null;
  return `After the sync, ${failures.join('; ')}. Nothing synced is lost: the views compute it when they need it instead.`;
}

export const syncBusy = 'A sync is already running. Wait for it to finish, or cancel it first.';

/** A sync stopped by the user (Cancel, Ctrl-C): nothing is lost, the next one resumes. */
export const syncCancelled =
  'The sync was cancelled. What was already fetched is kept. The file is consistent; the next sync resumes where this one stopped.';

export function noCredentials(profile: string, where: string): string {
  return `No credentials are stored for the profile '${profile}' (${where}); connect it again.`;
}

/** The quick reachability probe found nobody answering at the address. */
export function unreachable(baseUrl: string): string {
  return `The service at ${new URL(baseUrl).origin} cannot be reached. Everything synced before stays available here; sync again when the connection is back.`;
}

/** What to do about a refused token: a profile is saved again; a bare address gets a new token in the keychain. */
function refusedTokenWayOut(target: OutcomeTarget): string {
  if (target.profile === 'demo')
    return 'Everything fetched before is kept. Explore the demo again; if it keeps failing, please report it.';
  if (target.profile !== null)
    return `Everything fetched before is kept. Save the profile '${target.profile}' again with a valid token (Connections in the app).`;
  return `Everything fetched before is kept. Run 'feedback-desk login --base-url ${new URL(target.baseUrl).origin}' to store a new token, or set ${v2TokenEnvVar}.`;
}

/** A failure with its way out added where the error itself cannot know it (a refused v2 token). */
function explained(error: Error, target: OutcomeTarget): string {
  if (
    error instanceof ApiError &&
    error.kind === 'auth' &&
    error.status === 401 &&
    !error.message.includes('v1')
  )
    return `${error.message} ${refusedTokenWayOut(target)}`;
  return error.message;
}

/**
 * The one message of a failed run: each failed stream's error once, prefixed with the part that failed (the first
 * failure is `error`, which keeps its kind for the way out).
 */
export function syncFailed(
  streams: readonly StreamOutcome[],
  error: Error | null,
  target: OutcomeTarget,
): string {
  const failed = streams.filter((s) => s.status === 'failed');
  const firstText = explained(error ?? new Error(failed[0]?.error ?? 'The sync failed.'), target);
  const lines = failed.map((s, i) => `${s.failedAt ?? s.stream} failed: ${i === 0 ? firstText : s.error}`);
  return lines.length > 0 ? lines.join('\n') : firstText;
}

/** The contract's error code of a failure (what the renderer may branch on). */
export function failureCode(error: unknown): ErrorCode {
  if (error instanceof ApiError) return errorCodeOf(error.kind);
  if (error instanceof StoreError) return 'store';
  if (error instanceof SyncLockedError) return 'busy';
  return 'service';
}

/** The presses and tree items a file holds after a run, and how long the run took. */
export function syncTotals(summary: SyncSummary): string {
  return `${describePresses(summary.totals)} in the store, ${number(summary.totals.treeItems)} tree items; ${summary.seconds.toFixed(1)} s.`;
}

/** One line per stream: how it ended, what it received and holds. */
export function streamLines(summary: SyncSummary): string[] {
  return summary.streams.map(
    (s) =>
      `${s.failedAt ?? s.stream}: ${s.status}, ${number(s.itemsReceived)} items received${s.rowsHeld !== null ? `, ${number(s.rowsHeld)} rows held` : ''} (${s.seconds.toFixed(1)} s)`,
  );
}

/** The days each source covered, and the presses held in them; an empty window says why. */
export function windowLines(summary: SyncSummary): string[] {
  return summary.windows.map((w) =>
    w.notice
      ? `${w.source}: ${w.notice}`
      : `${w.source}: covered ${w.from} to ${addDays(w.to, -1)}, ${number(w.presses)} presses in the store for those days`,
  );
}

/** The check against the service's own counts, in one sentence. */
export function verificationSentence(v: SyncVerification): string {
  const range = `${v.from} to ${addDays(v.to, -1)}`;
  if (v.groupsCompared === 0)
    return `Checked against the service's counts: no presses from ${range} on either side.`;
  if (v.mismatchCount === 0)
    return `Checked against the service's counts from ${range}: all ${number(v.localTotal)} presses agree (${number(v.groupsCompared)} point, survey and day groups).`;
  return `Checked against the service's counts from ${range}: ${number(v.mismatchCount)} of ${number(v.groupsCompared)} groups differ (${number(v.localTotal)} presses here, ${number(v.serviceTotal)} at the service; first on ${v.mismatchDays.join(', ')}). Sync again with --full for those days.`;
}

/** Why no check against the service's counts ran. */
export const verificationNotes = {
  noV2: 'Only the v2 API offers aggregated counts to check against, and this sync had no v2 token.',
  failed: (error: unknown): string =>
    error instanceof ApiError
      ? `The check against the service's counts could not run: ${error.message}`
      : "The check against the service's counts could not run.",
} as const;
