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
