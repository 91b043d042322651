// The three alert types of the API documents, read from their parameters, and the sliding-window sweep that raises
// them over one (experience point, survey) pair's presses, written from DECISIONS.md "How alerts are raised".
import { parseAlertParameters } from '../core/alertParameters.ts';

export type AlertRuleType = 'negative' | 'indexThreshold' | 'feedbackCount';
export const alertRuleTypes = ['negative', 'indexThreshold', 'feedbackCount'] as const;

/** A specification's rule, as the sweep needs it. */
export interface AlertRule {
  type: AlertRuleType;
  windowMin: number;
  /** negative: the negative share in percent to reach; indexThreshold: the positive share in percent. */
  threshold: number;
  /** negative and feedbackCount: `countThreshold`; indexThreshold: `minResponses` (`countThreshold` when absent). */
  countThreshold: number;
  /** indexThreshold only. */
  thresholdType: 'under' | 'over';
  /** feedbackCount: the buttons counted; null: negative answers when `negative=true`, else every press. */
  responseFilter: number[] | null;
  negative: boolean;
}

/** Why a specification cannot be replayed (an unknown type, a missing or unreadable parameter). */
export class AlertRuleError extends Error {
  override name = 'AlertRuleError';
}

function number(values: string[] | undefined, key: string, required: boolean): number | null {
  const v = values?.[0];
  if (v === undefined) {
    if (required) throw new AlertRuleError(`the parameter ${key} is missing`);
    return null;
  }
  const n = Number(v);
  if (!Number.isFinite(n) || !/^-?\d+(\.\d+)?$/.test(v))
    throw new AlertRuleError(`the parameter ${key}=${v} is not a number`);
  return n;
}

/** The rule of a specification's type and parameter text; throws AlertRuleError when it cannot be read. */
export function readAlertRule(type: string, parameters: string): AlertRule {
  if (!(alertRuleTypes as readonly string[]).includes(type))
    throw new AlertRuleError(`the alert type '${type}' is not one of ${alertRuleTypes.join(', ')}`);
  const p = parseAlertParameters(parameters);
  const windowMin = number(p.windowMin, 'windowMin', true) ?? 0;
  if (!Number.isInteger(windowMin) || windowMin < 1)
    throw new AlertRuleError(`the parameter windowMin=${windowMin} is not a whole number of minutes`);
  const ruleType = type as AlertRuleType;
  const negative = p.negative?.[0] === 'true';
  const filter = p.responseFilter;
  if (filter?.some((v) => !/^\d{1,2}$/.test(v)))
    throw new AlertRuleError(`the parameter responseFilter=${filter.join(',')} is not a list of buttons`);
  const count =
    ruleType === 'indexThreshold'
      ? (number(p.minResponses, 'minResponses', false) ??
        number(p.countThreshold, 'countThreshold', false) ??
        1)
      : (number(p.countThreshold, 'countThreshold', ruleType === 'feedbackCount') ?? 1);
  const thresholdType = p.thresholdType?.[0] ?? 'under';
  if (thresholdType !== 'under' && thresholdType !== 'over')
    throw new AlertRuleError(`the parameter thresholdType=${thresholdType} is neither under nor over`);
  return {
    type: ruleType,
    windowMin,
    threshold: number(p.threshold, 'threshold', ruleType !== 'feedbackCount') ?? 0,
    countThreshold: count,
    thresholdType,
    responseFilter: filter && filter.length > 0 ? filter.map(Number) : null,
    negative,
  };
}

/** One pair's presses (misuse excluded), in time order: the instant (epoch ms), its own UTC offset, the button. */
export interface PressSeries {
  utc: Float64Array;
  offsetMin: Int16Array;
  button: Uint8Array;
}

/** An alert the sweep raised. Indexes point into the series; `end` is null while it still holds at the present. */
export interface SweptAlert {
  /** The press that made the condition hold (its instant is the begin time). */
  beginPress: number;
  beginUtc: number;
  /** The instant a press left the window and the condition no longer held; null: still holding at the present. */
  endUtc: number | null;
  /** Counted responses in the window when it began (feedbackCount: the presses in the filter). */
  responses: number;
  /** negative: negative share, indexThreshold: positive share, in percent to one decimal; null for feedbackCount. */
  actual: number | null;
  /** negative only. */
  negativeResponses: number | null;
}

/** Negative answers: buttons 0–1 on four and five buttons, 0–6 on NPS (DECISIONS.md). */
export function isNegative(button: number, nps: boolean): boolean {
  return nps ? button <= 6 : button <= 1;
}

/** Positive answers (indexThreshold): not negative, except on NPS where only 9–10. */
export function isPositive(button: number, nps: boolean): boolean {
  return nps ? button >= 9 : button >= 2;
}

/** Per button 0..10: does a press count in the window (1), and is it the flagged kind (negative or positive)? */
function classes(rule: AlertRule, nps: boolean): { counted: Uint8Array; flagged: Uint8Array } {
  const counted = new Uint8Array(11);
  const flagged = new Uint8Array(11);
  for (let b = 0; b <= 10; b++) {
    if (rule.type === 'feedbackCount')
      counted[b] = rule.responseFilter
        ? rule.responseFilter.includes(b)
          ? 1
          : 0
        : !rule.negative || isNegative(b, nps)
          ? 1
          : 0;
    else counted[b] = 1;
    flagged[b] = rule.type === 'indexThreshold' ? (isPositive(b, nps) ? 1 : 0) : isNegative(b, nps) ? 1 : 0;
  }
  return { counted, flagged };
}

/** The condition over the window's counts, as a closure on numbers (the sweep's hot loop reads no object). */
function conditionOf(rule: AlertRule): (n: number, k: number) => boolean {
  const count = Math.max(1, rule.countThreshold);
  const t = rule.threshold;
  if (rule.type === 'feedbackCount') return (n) => n >= count;
  if (rule.type === 'negative') return (n, k) => n >= count && k * 100 >= t * n;
  return rule.thresholdType === 'under'
    ? (n, k) => n >= count && k * 100 < t * n
    : (n, k) => n >= count && k * 100 > t * n;
}

const oneDecimal = (x: number): number => Math.round(x * 10) / 10;

/**
 * Every alert the rule raises over the series, oldest first. The window at instant t holds the presses of
 * (t − windowMin, t]: a press at p leaves at p + windowMin. At one instant the presses leaving go first, then those
 * arriving, one by one. An alert begins at the arriving press after which the condition holds; it ends at the
 * instant presses leave and the condition no longer holds; one that would begin less than two windows after the
 * previous one ended continues it instead. Nothing after `present` (epoch ms) happens: an alert holding then stays
 * open.
 */
export function sweepAlerts(
  series: PressSeries,
  rule: AlertRule,
  nps: boolean,
  present: number,
): SweptAlert[] {
  const { counted, flagged } = classes(rule, nps);
  const holds = conditionOf(rule);
  const { utc, button } = series;
  const w = rule.windowMin * 60_000;
  const out: SweptAlert[] = [];
  let open: SweptAlert | null = null;
  let [n, k, leave] = [0, 0, 0]; // responses and flagged ones in the window; the next press to leave
  const len = utc.length;
  for (let i = 0; i <= len; i++) {
    const last = i === len;
    const t = last ? present : (utc[i] as number);
    const until = t > present ? present : t; // nothing after the present: the presses leave until it, then stop
    // Every press whose leaving instant is ≤ until leaves, one instant at a time, the condition judged after each.
    while (leave < len) {
      const leaving = (utc[leave] as number) + w;
      if (leaving > until) break;
      do {
        const b = button[leave] as number;
        if (counted[b] === 1) {
          n--;
          k -= flagged[b] as number;
        }
        leave++;
      } while (leave < len && (utc[leave] as number) + w === leaving);
      if (open && !holds(n, k)) {
        open.endUtc = leaving;
        open = null;
      }
    }
    if (last || t > present) break;
    const b = button[i] as number;
    if (counted[b] !== 1) continue;
    n++;
    k += flagged[b] as number;
    if (!open && holds(n, k)) open = begin(out, rule, { press: i, at: t, n, k });
  }
  return out;
}

/** The alert that begins at a press: the previous one continued when it ended less than two windows before. */
function begin(
  out: SweptAlert[],
  rule: AlertRule,
  p: { press: number; at: number; n: number; k: number },
): SweptAlert {
  const previous = out[out.length - 1];
  if (previous && previous.endUtc !== null && p.at - previous.endUtc < 2 * rule.windowMin * 60_000) {
    previous.endUtc = null;
    return previous;
  }
  const alert: SweptAlert = {
    beginPress: p.press,
    beginUtc: p.at,
    endUtc: null,
    responses: p.n,
    actual: rule.type === 'feedbackCount' ? null : oneDecimal((p.k * 100) / p.n),
    negativeResponses: rule.type === 'negative' ? p.k : null,
  };
  out.push(alert);
  return alert;
}
