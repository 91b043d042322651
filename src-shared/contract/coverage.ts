// How far back the local file's history is complete while a first sync fills it in newest first: a query for the
// views' banner, and the same value carried by the sync's progress events (SyncProgress.coverage).
import type { ArgParsers } from './parse.ts';
import { parseNoArgs } from './schema.ts';

/** What a pending history is of: the presses, the feedback lists (comments, follow-ups…), the alerts, v1's results. */
export type CoveragePart = 'presses' | 'lists' | 'alerts' | 'v1';

export interface PendingHistory {
  part: CoveragePart;
  /** The first local day (`yyyy-MM-dd`) from which this part is complete; the days before it are still to come. */
  completeFrom: string;
}

export interface HistoryCoverage {
  /**
   * The first local day (`yyyy-MM-dd`) from which the stored presses are complete, while older days are still being
   * filled in; null when nothing is pending (history complete, or no newest-first sync has begun).
   */
  completeFrom: string | null;
  /** True once the newest window (the days the views open on) is stored: the views can open on it. */
  firstWindowReady: boolean;
  /**
   * Everything whose history is still filling in (the presses, the other v2 lists, v1), each with its own frontier;
   * empty (or absent, from an older sender) when nothing is pending.
   */
  pending?: PendingHistory[];
  /**
   * False while the other resources' newest days (the feedback lists, alerts) are still being fetched after the
   * presses' first window opened the views; absent once they are stored (or when the run fetches none).
   */
  listsReady?: false;
}

export interface CoverageCommands {
  /** How far back the active local file's history is complete (the banner "History before … is still syncing"). */
  'sync:coverage': { args: Record<string, never>; result: HistoryCoverage };
}

export const coverageArgs: ArgParsers<CoverageCommands> = { 'sync:coverage': parseNoArgs };
