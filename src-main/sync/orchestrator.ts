// Runs a whole sync of one data file: takes its lock, marks runs a killed process left behind, then the streams in
// their order (v2PressesStream.ts: tree and button feedbacks, starting v2ResourcesStream.ts; v1Stream.ts), each run by
// the scheduler (scheduler.ts), which records its outcome for `status`.
import { ApiError } from '../api/errors.ts';
import type { CoveredWindow } from './history.ts';
import { commonOptions } from './runOptions.ts';
import type { RunSyncOptions } from './runOptions.ts';
import { createScheduler } from './scheduler.ts';
import type { StreamOutcome } from './scheduler.ts';
import { acquireSyncLock } from './syncLock.ts';
import { runV1, v1Stream } from './v1Stream.ts';
import { runV2, v2PressesStream } from './v2PressesStream.ts';
import { v2ResourcesStream } from './v2ResourcesStream.ts';

export type { RunSyncOptions, SourceChoice } from './runOptions.ts';

/** The streams as `status` lists them. */
export const streamNames = {
  v2Feedback: v2PressesStream,
  v2Resources: v2ResourcesStream,
  v1: v1Stream,
} as const;

export type { StreamOutcome } from './scheduler.ts';

export interface RunSyncResult {
  status: 'done' | 'cancelled' | 'failed';
  streams: StreamOutcome[];
  /** The first failure, as the user should read it. */
  error?: Error;
  /** The window each finished source covered, with the presses held in it (and why none, when none). */
  windows: CoveredWindow[];
  seconds: number;
}

/**
 * Runs the chosen sources' streams in order. A failing stream stops its source (a refused token fails every later
 * request of it) and is recorded; the other source still runs. Cancellation stops everything. Throws
 * SyncLockedError when another sync holds the file.
 */
export async function runSync(o: RunSyncOptions): Promise<RunSyncResult> {
  const { store } = o;
  const now = o.now ?? (() => new Date());
  const lock = acquireSyncLock(store.path, now);
  const started = performance.now();
  const scheduler = createScheduler(store, o.onProgress);
  const windows: CoveredWindow[] = [];
  try {
    // Nobody else syncs this file now: a run still 'running' belongs to a process that was killed.
    store.syncRuns.markInterrupted();
    store.syncStreams.markInterrupted();
    const common = commonOptions(o, now);
    if ((o.source === 'v2' || o.source === 'both') && o.sources.v2)
      windows.push(...(await runV2(o, o.sources.v2, scheduler, common)));
    if ((o.source === 'v1' || o.source === 'both') && o.sources.v1 && !o.signal?.aborted)
      windows.push(...(await runV1(o, o.sources.v1, scheduler, common)));
  } finally {
    lock.release();
  }
  const streams = scheduler.outcomes;
  const firstError = scheduler.firstError();
  const cancelled = o.signal?.aborted || streams.some((s) => s.status === 'cancelled');
  const failed = streams.some((s) => s.status === 'failed');
  return {
    status: failed ? 'failed' : cancelled ? 'cancelled' : 'done',
    streams,
    ...(firstError ? { error: firstError } : {}),
    windows,
    seconds: (performance.now() - started) / 1000,
  };
}

/** Whether an error means the credentials were refused (so the user must fix them, not retry). */
export function isAuthFailure(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'auth';
}
