// The alert replay domain of the contract: the alert specifications replayed over the stored presses, matched with
// the alerts the service raised, and "what if" a threshold or window were different (alerts per week); its check.
import { bad, isPlainObject, unknownKey, type ArgParsers, type Parsed } from './parse.ts';

export interface AlertReplayArgs {
  /** One specification; absent: every one. The overrides below need it. */
  specificationId?: number;
  /** What if: `threshold` (percent) for negative and indexThreshold, `countThreshold` for feedbackCount. */
  threshold?: number;
  /** What if: `countThreshold` (negative, feedbackCount) or `minResponses` (indexThreshold). */
  countThreshold?: number;
  /** What if: the window in minutes. */
  windowMin?: number;
  /**
   * Leave the rows out: the agreement per specification and the weeks only. Without a what-if change this is read
   * from what was computed after the last sync (one read), so a table of every specification stays quick.
   */
  summary?: boolean;
}

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

function whole(value: unknown, name: string, min: number, max: number): Parsed<number | undefined> {
  if (value === undefined) return { ok: true, args: undefined };
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    return bad(`${name} must be a whole number from ${min} to ${max}`);
  return { ok: true, args: value };
}

export function parseAlertReplayArgs(value: unknown): Parsed<AlertReplayArgs> {
  if (value === undefined) return { ok: true, args: {} };
  if (!isPlainObject(value)) return bad('arguments must be an object');
  const extra = unknownKey(value, ['specificationId', 'threshold', 'countThreshold', 'windowMin', 'summary']);
  if (extra !== undefined) return bad(`unexpected argument '${extra}'`);
  const args: AlertReplayArgs = {};
  const checks = [
    ['specificationId', 1, Number.MAX_SAFE_INTEGER],
    ['threshold', 0, 100_000],
    ['countThreshold', 1, 100_000],
    ['windowMin', 1, 525_600],
  ] as const;
  for (const [key, min, max] of checks) {
    const v = whole(value[key], key, min, max);
    if (!v.ok) return v;
    if (v.args !== undefined) args[key] = v.args;
  }
  if (value.summary !== undefined) {
    if (typeof value.summary !== 'boolean') return bad('summary must be true or false');
    args.summary = value.summary;
  }
  const whatIf =
    args.threshold !== undefined || args.countThreshold !== undefined || args.windowMin !== undefined;
  if (whatIf && args.specificationId === undefined)
    return bad('threshold, countThreshold and windowMin change one specification: give specificationId too');
  return { ok: true, args };
}

export const alertReplayArgs: ArgParsers<AlertReplayCommands> = { 'alerts:replay': parseAlertReplayArgs };
