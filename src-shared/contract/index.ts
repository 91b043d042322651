// The one typed contract between the renderer and main, merged from its domains (app, analytics, sync, …):
// commands with their argument and result types and argument checks, and events. Both bridges (Electron IPC and
// the loopback HTTP bridge of web mode) carry exactly these. A command's arguments are declared once, as a valibot
// schema (building blocks in schema.ts) whose `v.InferOutput` is the argument type; `parserOf` makes it the check.
// A new domain adds its command map to `Commands`, its checks to `parsers` and its names follow; a command without a
// check fails the typecheck.
import { alertArgs, type AlertCommands } from './alerts.ts';
import { annotationArgs, type AnnotationCommands } from './annotations.ts';
import { alertReplayArgs, type AlertReplayCommands } from './alertReplay.ts';
import { anomalyArgs, type AnomalyCommands } from './anomalies.ts';
import { analyticsArgs, type AnalyticsCommands } from './analytics.ts';
import {
  appArgs,
  appEventNames,
  storeUpdateArgs,
  type AppCommands,
  type AppEvents,
  type StoreUpdateCommands,
} from './app.ts';
import { explainArgs, type ExplainCommands } from './explain.ts';
import { exportArgs, type ExportCommands } from './export.ts';
import {
  connectionsArgs,
  shellEventNames,
  type ConnectionsCommands,
  type ShellEvents,
} from './connections.ts';
import { commentArgs, type CommentCommands } from './comments.ts';
import { coverageArgs, type CoverageCommands } from './coverage.ts';
import { followupArgs, type FollowupCommands } from './followups.ts';
import type { Parsed } from './parse.ts';
import { peopleArgs, type PeopleCommands } from './people.ts';
import { rankingArgs, type RankingCommands } from './ranking.ts';
import { reconciliationArgs, type ReconciliationCommands } from './reconciliation.ts';
import type { Result } from './result.ts';
import { syncArgs, syncEventNames, type SyncCommands, type SyncEvents } from './sync.ts';

export * from './alerts.ts';
export * from './annotations.ts';
export * from './alertReplay.ts';
export * from './anomalies.ts';
export * from './analytics.ts';
export * from './app.ts';
export * from './explain.ts';
export * from './export.ts';
export * from './comments.ts';
export * from './coverage.ts';
export * from './feedbackFilter.ts';
export * from './followups.ts';
export * from './people.ts';
export * from './ranking.ts';
export * from './reconciliation.ts';
export * from './connections.ts';
export * from './result.ts';
export * from './sync.ts';
export type { Parsed } from './parse.ts';

/** Command name → argument and result types, every domain's. */
export interface Commands
  extends
    AppCommands,
    StoreUpdateCommands,
    AnalyticsCommands,
    SyncCommands,
    CoverageCommands,
    FollowupCommands,
    CommentCommands,
    AlertCommands,
    AlertReplayCommands,
    PeopleCommands,
    ReconciliationCommands,
    RankingCommands,
    ExplainCommands,
    AnnotationCommands,
    AnomalyCommands,
    ConnectionsCommands,
    ExportCommands {}

export type CommandName = keyof Commands;
export type CommandArgs<K extends CommandName> = Commands[K]['args'];
export type CommandResult<K extends CommandName> = Commands[K]['result'];

/** Event name → payload. */
export type Events = SyncEvents & ShellEvents & AppEvents; // & AlertsEvents & … as domains add events
export type EventName = keyof Events;

/** Every command's argument check; complete by construction (a command without one fails the typecheck). */
const parsers: { [K in CommandName]: (value: unknown) => Parsed<CommandArgs<K>> } = {
  ...appArgs,
  ...storeUpdateArgs,
  ...analyticsArgs,
  ...syncArgs,
  ...coverageArgs,
  ...exportArgs,
  ...followupArgs,
  ...commentArgs,
  ...alertArgs,
  ...alertReplayArgs,
  ...peopleArgs,
  ...reconciliationArgs,
  ...rankingArgs,
  ...explainArgs,
  ...annotationArgs,
  ...anomalyArgs,
  ...connectionsArgs,
};

export const commandNames = Object.keys(parsers) as CommandName[];
export const eventNames = Object.keys({
  ...syncEventNames,
  ...shellEventNames,
  ...appEventNames,
} satisfies Record<EventName, true>) as EventName[];

export function isCommandName(value: unknown): value is CommandName {
  return typeof value === 'string' && Object.hasOwn(parsers, value);
}

/** Narrows `value` to the arguments of `command`, or says in one phrase what is wrong with it. */
export function checkCommandArgs<K extends CommandName>(command: K, value: unknown): Parsed<CommandArgs<K>> {
  const parse: (value: unknown) => Parsed<CommandArgs<K>> = parsers[command];
  return parse(value);
}

/** Every handler of main, typed by the contract. Both bridges dispatch into one object of this type. */
export type Handlers = {
  [K in CommandName]: (args: CommandArgs<K>) => Promise<Result<CommandResult<K>>>;
};

/** The handlers of one domain's commands (each domain module in src-main/handlers builds one). */
export type DomainHandlers<C> = Pick<Handlers, keyof C & CommandName>;

/** What the preload exposes as `window.feedbackDesk`, and what the web bridge implements the same way. */
export interface Bridge {
  invoke<K extends CommandName>(command: K, args: CommandArgs<K>): Promise<Result<CommandResult<K>>>;
  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void;
}
