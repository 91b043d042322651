// The sync domain of the contract: syncing (the demo today), cancelling, and the progress events.
import { parseEmpty, type ArgParsers } from './parse.ts';

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
}

export interface SyncSummary {
  feedbackCount: number;
  experiencePointCount: number;
  seconds: number;
}

export interface SyncCommands {
  /** Start the built-in emulator on loopback and sync its demo world into the local store. */
  'demo:explore': { args: Record<string, never>; result: SyncSummary };
  'sync:cancel': { args: Record<string, never>; result: { cancelled: boolean } };
}

export interface SyncEvents {
  'sync:progress': SyncProgress;
}

export const syncArgs: ArgParsers<SyncCommands> = {
  'demo:explore': parseEmpty,
  'sync:cancel': parseEmpty,
};

export const syncEventNames = { 'sync:progress': true } as const satisfies Record<keyof SyncEvents, true>;
