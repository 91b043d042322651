// The one typed contract between the renderer and main: commands, their arguments and results, and events.
// Both bridges (Electron IPC and the loopback HTTP bridge of web mode) carry exactly these.

export type ErrorCode =
  | 'bad-request' // arguments did not validate
  | 'not-found'
  | 'busy' // e.g. a sync is already running
  | 'cancelled'
  | 'auth' // the service refused the credentials
  | 'network' // the service could not be reached
  | 'service' // the service answered with an error
  | 'credentials' // the keychain could not be used
  | 'store' // the local database could not be used
  | 'internal';

/** An error as the user sees it: `message` is one or two plain sentences saying what happened and what to do. */
export interface AppError {
  code: ErrorCode;
  message: string;
}

/** Handlers return results, not exceptions: Electron's invoke keeps nothing of a thrown error but its message. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

export type TreeItemType = 'GROUP' | 'EXPERIENCE_POINT';

/** One node of the experience-point tree, as v2 lists it (`parent` is absent on the root). */
export interface TreeItem {
  experiencePointId: number;
  name: string;
  parent: number | null;
  type: TreeItemType;
}

export type GroupDimension = 'day' | 'hour' | 'buttonIndex' | 'experiencePointId' | 'surveyId';

/**
 * A survey's answer scale, v2 `feedbackScale` (DECISIONS.md "Button index by scale"): four 0..3, five and
 * five_reversed 0..4, nps 0..10; a higher index is always the more positive answer. An index means a different
 * answer on each scale, so counts per button are only meaningful within one scale.
 */
export type FeedbackScale = 'four' | 'five' | 'five_reversed' | 'nps';
export const feedbackScales = [
  'four',
  'five',
  'five_reversed',
  'nps',
] as const satisfies readonly FeedbackScale[];

export interface QueryFilter {
  /** Experience points or groups; each id stands for its whole subtree. Absent: everything. */
  experiencePointIds?: number[];
  surveyIds?: number[];
  /** Local dates `yyyy-MM-dd`, `from` inclusive, `to` exclusive. */
  from?: string;
  to?: string;
  /** Misuse is left out unless this is true. */
  includeMisuse?: boolean;
  /**
   * Only presses of surveys on this scale (the stored survey definitions, v2 `surveys`; every survey of a v1-only
   * store is four-button). Presses of a survey whose definition is not stored match no scale.
   */
  scale?: FeedbackScale;
}

/** What to count and how to group it. The first slice measures counts only. */
export interface QuerySpec {
  measure: 'counts';
  groupBy: GroupDimension[];
  filter: QueryFilter;
}

/** One result row: the grouping values that were asked for, and the count. */
export interface QueryRow {
  day?: string; // local date yyyy-MM-dd
  hour?: string; // local hour yyyy-MM-ddTHH
  buttonIndex?: number;
  experiencePointId?: number;
  surveyId?: number;
  count: number;
}

/** One survey with presses in the asked subtree. `name` is its question text (untrusted: render as text). */
export interface ScaleSurvey {
  surveyId: number;
  name: string;
  presses: number;
}

/** The presses of one scale in a subtree (misuse left out, all dates), and its surveys, most presses first. */
export interface ScalePresses {
  scale: FeedbackScale;
  presses: number;
  surveys: ScaleSurvey[];
}

export interface ScalesArgs {
  /** Experience points or groups; each id stands for its whole subtree. Absent: everything. */
  experiencePointIds?: number[];
}

export interface ScaleOverview {
  /** Only the scales that have presses in the subtree, most presses first. */
  scales: ScalePresses[];
  /** Surveys with presses whose scale is unknown (definition not synced, or a scale this version does not know). */
  unknown: ScaleSurvey[];
}

export interface SyncInfo {
  source: 'v2';
  baseUrl: string;
  finishedAt: string; // ISO instant
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

/** Command name → argument and result types. */
export interface Commands {
  'app:getState': { args: Record<string, never>; result: AppState };
  'tree:list': { args: Record<string, never>; result: TreeItem[] };
  'analytics:query': { args: QuerySpec; result: QueryRow[] };
  /** Which scales the subtree's presses use, with their counts and surveys (pick one before counting per button). */
  'analytics:scales': { args: ScalesArgs; result: ScaleOverview };
  /** Start the built-in emulator on loopback and sync its demo world into the local store. */
  'demo:explore': { args: Record<string, never>; result: SyncSummary };
  'sync:cancel': { args: Record<string, never>; result: { cancelled: boolean } };
  /**
   * The local file cannot be used (damaged, or not Feedback Desk's): move it aside (never deleted) so the next sync
   * rebuilds the store from the service. `setAsidePath` is where the old file went (null when there was none).
   */
  'store:rebuild': { args: Record<string, never>; result: { setAsidePath: string | null } };
}

export type CommandName = keyof Commands;
export type CommandArgs<K extends CommandName> = Commands[K]['args'];
export type CommandResult<K extends CommandName> = Commands[K]['result'];

/** Event name → payload. */
export interface Events {
  'sync:progress': SyncProgress;
}
export type EventName = keyof Events;

export const commandNames = [
  'app:getState',
  'tree:list',
  'analytics:query',
  'analytics:scales',
  'demo:explore',
  'sync:cancel',
  'store:rebuild',
] as const satisfies readonly CommandName[];

export const eventNames = ['sync:progress'] as const satisfies readonly EventName[];

export function isCommandName(value: unknown): value is CommandName {
  return typeof value === 'string' && (commandNames as readonly string[]).includes(value);
}

/** Every handler of main, typed by the contract. Both bridges dispatch into one object of this type. */
export type Handlers = {
  [K in CommandName]: (args: CommandArgs<K>) => Promise<Result<CommandResult<K>>>;
};

/** What the preload exposes as `window.feedbackDesk`, and what the web bridge implements the same way. */
export interface Bridge {
  invoke<K extends CommandName>(command: K, args: CommandArgs<K>): Promise<Result<CommandResult<K>>>;
  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void;
}

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(code: ErrorCode, message: string): Result<T> {
  return { ok: false, error: { code, message } };
}
