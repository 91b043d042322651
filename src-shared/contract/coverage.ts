// How far back the local file's history is complete while a first sync fills it in newest first: a query for the
// views' banner, and the same value carried by the sync's progress events (SyncProgress.coverage).
import type { ArgParsers } from './parse.ts';
import { parseNoArgs } from './schema.ts';

export interface HistoryCoverage {
  /**
   * The first local day (`yyyy-MM-dd`) from which the stored presses are complete, while older days are still being
   * filled in; null when nothing is pending (history complete, or no newest-first sync has begun).
   */
  completeFrom: string | null;
  /** True once the newest window (the days the views open on) is stored: the views can open on it. */
  firstWindowReady: boolean;
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
