// The alert replay domain of the contract: the alert specifications replayed over the stored presses, matched with
// the alerts the service raised, and "what if" a threshold or window were different (alerts per week); its check.
import * as v from 'valibot';
import type { ArgParsers } from './parse.ts';
import { bool, optionalArgs, parserOf, whole } from './schema.ts';

const alertReplayFields = optionalArgs({
  /** One specification; absent: every one. The overrides below need it. */
  specificationId: whole('specificationId', 1, Number.MAX_SAFE_INTEGER),
  /** What if: `threshold` (percent) for negative and indexThreshold, `countThreshold` for feedbackCount. */
  threshold: whole('threshold', 0, 100_000),
  /** What if: `countThreshold` (negative, feedbackCount) or `minResponses` (indexThreshold). */
  countThreshold: whole('countThreshold', 1, 100_000),
  /** What if: the window in minutes. */
  windowMin: whole('windowMin', 1, 525_600),
  /**
   * Leave the rows out: the agreement per specification and the weeks only. Without a what-if change this is read
   * from what was computed after the last sync (one read), so a table of every specification stays quick.
   */
  summary: bool('summary'),
});
const alertReplayArgsSchema = v.pipe(
  alertReplayFields,
  v.check(
    (a: v.InferOutput<typeof alertReplayFields>) =>
      a.specificationId !== undefined ||
      (a.threshold === undefined && a.countThreshold === undefined && a.windowMin === undefined),
    'threshold, countThreshold and windowMin change one specification: give specificationId too',
  ),
);
export type AlertReplayArgs = v.InferOutput<typeof alertReplayArgsSchema>;

/** How one specification's replay went. */
export interface AlertReplaySpecification {
  alertSpecificationId: number;
  type: string;
  experiencePointId: number;
  /** Untrusted: render as text. */
  experiencePointName: string | null;
  surveyId: number;
  scale: string | null;
  /** As configured at the service (untrusted text). */
  parameters: string;
  /** The values replayed: the configured ones with any what-if change (`key=value …`). */
  replayedWith: string;
  /** True when a what-if value differs from the configured one. */
  changed: boolean;
  serviceAlerts: number;
  replayed: number;
  matched: number;
  /** matched / serviceAlerts; null without service alerts. */
  matchedShare: number | null;
  /** Why it could not be replayed (an unknown type, an unreadable parameter, an unknown scale); else null. */
  problem: string | null;
}

/** One alert: raised by both (matched), by the service only, or by the replay only. */
export interface AlertReplayRow {
  alertSpecificationId: number;
  kind: 'matched' | 'service' | 'replay';
  serviceAlertId: number | null;
  /** As the service sent them (local with offset); null for a replay-only row. */
  serviceBegin: string | null;
  serviceEnd: string | null;
  /** The replayed alert's begin and end, local time with the press's offset; end null while holding at the present. */
  replayedBegin: string | null;
  replayedEnd: string | null;
  /** Replayed begin − service begin, in minutes (matched rows only). */
  beginDifferenceMin: number | null;
  /** The replayed alert's values when it began (responses, actual share, negative responses). */
  responses: number | null;
  actual: number | null;
}

/** Alerts that began in one local week (Monday), the service's and the replayed ones. */
export interface AlertReplayWeek {
  week: string;
  service: number;
  replayed: number;
}

export interface AlertReplay {
  /** The instant nothing is replayed after: the newest press of any specification's pair (ISO, UTC); null if none. */
  present: string | null;
  specifications: AlertReplaySpecification[];
  serviceAlerts: number;
  replayed: number;
  matched: number;
  /** matched / serviceAlerts (null without service alerts). */
  matchedShare: number | null;
  /** (replayed − serviceAlerts) / serviceAlerts (null without service alerts). */
  extraShare: number | null;
  /** Oldest first (by the earlier of the two begins). */
  rows: AlertReplayRow[];
  /** Every week from the first to the last alert of either side, oldest first. */
  weeks: AlertReplayWeek[];
}

export interface AlertReplayCommands {
  'alerts:replay': { args: AlertReplayArgs; result: AlertReplay };
}

/** The check of `alerts:replay` (the CLI runs it on its flags too). */
export const parseAlertReplayArgs = parserOf(alertReplayArgsSchema);

export const alertReplayArgs: ArgParsers<AlertReplayCommands> = { 'alerts:replay': parseAlertReplayArgs };
