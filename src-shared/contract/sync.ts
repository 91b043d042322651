// The sync domain of the contract: syncing (the demo today), cancelling, and the progress events.
import type { HistoryCoverage } from './coverage.ts';
import type { ArgParsers } from './parse.ts';
import { parseNoArgs } from './schema.ts';

export interface SyncProgress {
  stream: string; // e.g. 'v2:experience-points', 'v2:button-feedbacks'
  phase: 'running' | 'done' | 'failed' | 'cancelled';
  items: number;
  pages: number;
  /** 0..1 over the whole sync, when it can be estimated. */
  fraction: number | null;
  /** Items per second since this run of the stream started, when known. */
  itemsPerSecond?: number;
  /** Estimated seconds until the stream is done, when it can be estimated. */
  etaSeconds?: number;
  message?: string;
  /** Newest first (stream 'history'): how far back the stored history is complete now. */
  coverage?: HistoryCoverage;
}

/**
 * The v2 streams besides the tree and button feedbacks, in the order a sync runs them (src-main/sync/v2Resources.ts
 * `v2ResourceStreamNames` is this list; a test checks a sync's results come in it) and the status displays list them.
 */
export const v2ResourceStreamOrder: readonly string[] = [
  'v2:surveys',
  'v2:questions',
  'v2:question-localizations',
  'v2:follow-up-questions',
  'v2:follow-up-question-localizations',
  'v2:follow-up-options',
  'v2:follow-up-option-localizations',
  'v2:company-custom-data',
  'v2:experience-point-custom-data',
  'v2:alert-specifications',
  'v2:users',
  'v2:smileys',
  'v2:alerts',
  'v2:alert-comments',
  'v2:follow-up-feedbacks',
  'v2:text-feedbacks',
  'v2:demographics',
  'v2:contact-details',
  'v2:metadata',
];

/**
 * Streams in the order to show them: the v2 resource streams in `v2ResourceStreamOrder` among the places they hold
 * (the windowed ones run in two lanes, so they arrive interleaved), every other stream where it arrived.
 */
export function inStreamOrder<T extends { stream: string }>(list: readonly T[]): T[] {
  const rank = (s: T): number => v2ResourceStreamOrder.indexOf(s.stream);
  const places = list.flatMap((s, i) => (rank(s) >= 0 ? [i] : []));
  const ordered = places.map((i) => list[i] as T).sort((a, b) => rank(a) - rank(b));
  const out = [...list];
  places.forEach((place, k) => (out[place] = ordered[k] as T));
  return out;
}

export interface SyncSummary {
  feedbackCount: number;
  experiencePointCount: number;
  seconds: number;
}

/** One stream's outcome in an app sync (as the orchestrator reports it). */
export interface SyncStreamOutcome {
  stream: string;
  status: 'done' | 'cancelled' | 'failed';
  itemsReceived: number;
  rowsHeld: number | null;
  seconds: number;
  error?: string;
}

/** The sync's check against the service's own aggregated counts (per point, survey, day and button). */
export interface SyncVerification {
  from: string;
  to: string;
  localTotal: number;
  serviceTotal: number;
  groupsCompared: number;
  /** Groups whose counts differ (0: the local file agrees with the service). */
  mismatchCount: number;
  /** The first few differing days, for the message. */
  mismatchDays: string[];
}

export interface AppSyncResult {
  profile: string;
  streams: SyncStreamOutcome[];
  feedbackTotal: number;
  seconds: number;
  /** Null when it could not run (v1-only profile, a token without the aggregates scope); `verificationNote` says why. */
  verification: SyncVerification | null;
  verificationNote: string | null;
  /**
   * What of the work after the sync failed (the alert replay's series, the anomaly tests), in sentences; null when it
   * all ran. Nothing synced is lost: that data is computed when a view asks for it instead.
   */
  afterSyncNote: string | null;
}

/** A verification as the local file keeps it, with when it ran (ISO instant). */
export interface StoredVerification {
  checkedAt: string;
  verification: SyncVerification;
}

/** One past run of one source, from the local file's own record. */
export interface SyncHistoryEntry {
  id: number;
  source: string;
  baseUrl: string;
  startedAt: string;
  finishedAt: string | null;
  seconds: number | null;
  status: 'running' | 'done' | 'failed' | 'cancelled' | 'interrupted';
  itemsReceived: number;
  rowsInserted: number;
  feedbackTotal: number | null;
  /** Already in plain words (the sync writes user-facing sentences). */
  error: string | null;
}

export interface SyncCommands {
  /** Sync the active connection profile (v2 and/or v1, as its credentials allow), then verify against aggregates. */
  'sync:run': { args: Record<string, never>; result: AppSyncResult };
  /** The most recent runs recorded in the active local file, newest first. */
  'sync:history': { args: Record<string, never>; result: SyncHistoryEntry[] };
  /** The newest check against the service's aggregates kept in the active local file (null: none yet). */
  'sync:lastVerification': { args: Record<string, never>; result: StoredVerification | null };
  /** Start the built-in emulator on loopback and sync its demo world into the local store. */
  'demo:explore': { args: Record<string, never>; result: SyncSummary };
  'sync:cancel': { args: Record<string, never>; result: { cancelled: boolean } };
}

export interface SyncEvents {
  'sync:progress': SyncProgress;
}

export const syncArgs: ArgParsers<SyncCommands> = {
  'demo:explore': parseNoArgs,
  'sync:cancel': parseNoArgs,
  'sync:run': parseNoArgs,
  'sync:history': parseNoArgs,
  'sync:lastVerification': parseNoArgs,
};

export const syncEventNames = { 'sync:progress': true } as const satisfies Record<keyof SyncEvents, true>;
