// The app domain of the contract: what the local store holds, the experience-point tree, checking and rebuilding it.
import { parseEmpty, type ArgParsers } from './parse.ts';
import type { PressSource } from './querySpec.ts';

export type TreeItemType = 'GROUP' | 'EXPERIENCE_POINT';

/** One node of the experience-point tree, as v2 lists it (`parent` is absent on the root). */
export interface TreeItem {
  experiencePointId: number;
  name: string;
  parent: number | null;
  type: TreeItemType;
}

/** The last finished sync, and what the local file holds now. */
export interface SyncInfo {
  /** The source the views read (v2, else v1 in a v1-only file): docs/SYNC-SOURCES.md "The rule". */
  source: PressSource;
  baseUrl: string;
  finishedAt: string; // ISO instant
  /** Every press the file holds from that source (misuse included), not the last run's own count. */
  feedbackCount: number;
}

export interface AppState {
  /** Whether the local store holds any synced data. */
  hasData: boolean;
  /** Where the local store is. */
  storePath: string;
  lastSync: SyncInfo | null;
  syncing: boolean;
}

/** The local file's check (its header, then SQLite's quick_check), run on a worker thread. */
export interface StoreCheckResult {
  path: string;
  ok: boolean;
  /** What is wrong, in plain words (empty when ok). */
  problems: string[];
  seconds: number;
}

export interface AppCommands {
  'app:getState': { args: Record<string, never>; result: AppState };
  'tree:list': { args: Record<string, never>; result: TreeItem[] };
  /**
   * The local file cannot be used (damaged, or not Feedback Desk's): move it aside (never deleted) so the next sync
   * rebuilds the store from the service. `setAsidePath` is where the old file went (null when there was none).
   */
  'store:rebuild': { args: Record<string, never>; result: { setAsidePath: string | null } };
  /** Checks the active local file (what `feedback-desk status --check` does), off the main thread. */
  'store:check': { args: Record<string, never>; result: StoreCheckResult };
}

export const appArgs: ArgParsers<AppCommands> = {
  'app:getState': parseEmpty,
  'tree:list': parseEmpty,
  'store:rebuild': parseEmpty,
  'store:check': parseEmpty,
};
