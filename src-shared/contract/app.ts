// The app domain of the contract: what the local store holds, the experience-point tree, checking and rebuilding it.
import type { ArgParsers } from './parse.ts';
import { parseNoArgs } from './schema.ts';
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
  /** 'damaged' only when the check found damage (then the rebuild is offered); 'unreadable': it could not check. */
  verdict?: 'sound' | 'damaged' | 'unreadable';
  /** The verdict in one sentence, what to do included (the same words as the CLI's). */
  message?: string;
}

/**
 * The local file being brought up to this version's schema (a new version's first open of a big file can take a
 * minute): the step that runs, or how it ended. Main sends it as the `store:migration` event and answers it to the
 * `store:migration` command (for a window that opens while it runs; null: no update since main started).
 */
export interface StoreMigration {
  phase: 'running' | 'done' | 'failed';
  /** The step running or last run, from 1, of `steps` pending when the update began. */
  step: number;
  steps: number;
  /** The migration's number and name, e.g. '0009 period rollups'. */
  name: string;
  /** Seconds since the update began, when this was sent. */
  seconds: number;
  /** 'failed': what happened, in one sentence (the file keeps every step before this one). */
  error: string | null;
}

export interface AppCommands {
  'app:getState': { args: Record<string, never>; result: AppState };
  'tree:list': { args: Record<string, never>; result: TreeItem[] };
  /**
   * The local file cannot be used: check it, and only when the check finds it damaged, move it aside (never deleted)
   * so the next sync rebuilds the store from the service. `setAsidePath` is where the old file went (null when there was none).
   */
  'store:rebuild': {
    args: Record<string, never>;
    /** `message`: what was done, in one sentence (a sound file is checked and kept, never set aside). */
    result: { setAsidePath: string | null; message?: string };
  };
  /** Checks the active local file (what `feedback-desk status --check` does), off the main thread. */
  'store:check': { args: Record<string, never>; result: StoreCheckResult };
}

/** The data file's update for this version (answered at once, never waiting for the file). */
export interface StoreUpdateCommands {
  /** How it stands: running, done or failed; null when none ran since main started. */
  'store:migration': { args: Record<string, never>; result: StoreMigration | null };
  /** After a failure, tries it once more (a failed update is not retried by itself); answers how it ended. */
  'store:migrate': { args: Record<string, never>; result: StoreMigration | null };
}

export interface AppEvents {
  'store:migration': StoreMigration;
}

export const appEventNames = { 'store:migration': true } as const satisfies Record<keyof AppEvents, true>;

export const appArgs: ArgParsers<AppCommands> = {
  'app:getState': parseNoArgs,
  'tree:list': parseNoArgs,
  'store:rebuild': parseNoArgs,
  'store:check': parseNoArgs,
};

export const storeUpdateArgs: ArgParsers<StoreUpdateCommands> = {
  'store:migration': parseNoArgs,
  'store:migrate': parseNoArgs,
};
