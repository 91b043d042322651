// Alert replay folded: each specification's rule (with any what-if change) swept over its pair's presses, the
// replayed alerts matched one to one with the service's, rows per alert and alerts per local week.
import type {
  AlertReplay,
  AlertReplayArgs,
  AlertReplayRow,
  AlertReplaySpecification,
  AlertReplayWeek,
} from '#shared/contract.ts';
import { formatLocalDay, isoWeekStart } from '#shared/calendar.ts';
import { parseLocalTimestamp } from '../core/localTime.ts';
import type { AlertSpecRow, PackedSeries, ServiceAlertRow } from '../store/repos/alertSeriesRepo.ts';
import { AlertRuleError, readAlertRule, sweepAlerts, type AlertRule, type SweptAlert } from './alertRule.ts';

const minuteMs = 60_000;
const dayMs = 86_400_000;
const scales = new Set(['four', 'five', 'five_reversed', 'nps']);

/** What a replay folds: the specifications, a pair's presses on demand, the service's alerts per specification. */
export interface AlertReplayInput {
  specifications: AlertSpecRow[];
  series: (spec: AlertSpecRow) => PackedSeries;
  serviceAlerts: Map<number, ServiceAlertRow[]>;
  /** Epoch ms; null when no pair has presses. */
  present: number | null;
  whatIf: Omit<AlertReplayArgs, 'specificationId'>;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** `yyyy-MM-ddTHH:mm:ss.SSS±HH:MM` of an instant at a given offset (the service's own form). */
export function formatAt(utc: number, offsetMin: number): string {
  const local = new Date(utc + offsetMin * minuteMs).toISOString().slice(0, 23);
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  return `${local}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The rule with the what-if values; `threshold` of a feedbackCount is its countThreshold. */
function withChanges(rule: AlertRule, whatIf: AlertReplayInput['whatIf']): AlertRule {
  const out = { ...rule };
  if (whatIf.windowMin !== undefined) out.windowMin = whatIf.windowMin;
  if (whatIf.countThreshold !== undefined) out.countThreshold = whatIf.countThreshold;
  if (whatIf.threshold !== undefined) {
    if (rule.type === 'feedbackCount') out.countThreshold = whatIf.threshold;
    else out.threshold = whatIf.threshold;
  }
  return out;
}

function ruleText(r: AlertRule): string {
  const count =
    r.type === 'indexThreshold' ? `minResponses=${r.countThreshold}` : `countThreshold=${r.countThreshold}`;
  if (r.type === 'feedbackCount')
    return `windowMin=${r.windowMin} ${r.responseFilter ? `responseFilter=${r.responseFilter.join(',')} ` : ''}${count}`;
  if (r.type === 'negative') return `windowMin=${r.windowMin} threshold=${r.threshold} ${count}`;
  return `windowMin=${r.windowMin} thresholdType=${r.thresholdType} threshold=${r.threshold} ${count}`;
}

/**
 * Pairs the service's alerts with replayed ones of the same specification: a service alert matches the nearest
 * unmatched replayed alert whose begin is within one window of its own (either side), oldest service alert first.
 * Both lists oldest first. Returns, per service alert, the replayed index or -1.
 */
export function matchAlerts(
  service: readonly number[],
  replayed: readonly number[],
  windowMs: number,
): number[] {
  const used = new Uint8Array(replayed.length);
  const out: number[] = [];
  let from = 0;
  for (const begin of service) {
    while (from < replayed.length && (replayed[from] ?? 0) < begin - windowMs) from++;
    let best = -1;
    let bestGap = Infinity;
    for (let j = from; j < replayed.length && (replayed[j] ?? 0) <= begin + windowMs; j++) {
      const gap = Math.abs((replayed[j] ?? 0) - begin);
      if (!used[j] && gap < bestGap) {
        best = j;
        bestGap = gap;
      }
    }
    if (best >= 0) used[best] = 1;
    out.push(best);
  }
  return out;
}

const share = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null;

function weekOfLocal(localMs: number): number {
  return isoWeekStart(Math.floor(localMs / dayMs));
}

/** The specification's rule with the what-if values, or why it cannot be replayed. */
function ruleOf(
  spec: AlertSpecRow,
  whatIf: AlertReplayInput['whatIf'],
): { rule: AlertRule | null; base: AlertRule | null; problem: string | null } {
  try {
    const base = readAlertRule(spec.type, spec.parameters);
    if (spec.scale === null || !scales.has(spec.scale))
      throw new AlertRuleError(`the survey's scale ${spec.scale ?? '(survey not stored)'} is not known`);
    return { rule: withChanges(base, whatIf), base, problem: null };
  } catch (e) {
    if (!(e instanceof AlertRuleError)) throw e;
    return {
      rule: null,
      base: null,
      problem: `Specification ${spec.alertSpecificationId} cannot be replayed: ${e.message}.`,
    };
  }
}

/** One row per alert: each service alert with its match (or none), then each replayed alert left unmatched. */
function alertRows(
  alertSpecificationId: number,
  service: readonly ServiceAlertRow[],
  swept: readonly SweptAlert[],
  match: readonly number[],
  offsetAt: (press: number) => number,
): { rows: (AlertReplayRow & { order: number })[]; taken: Set<number> } {
  const rows: (AlertReplayRow & { order: number })[] = [];
  const replayedText = (
    a: SweptAlert,
  ): Pick<AlertReplayRow, 'replayedBegin' | 'replayedEnd' | 'responses' | 'actual'> => ({
    replayedBegin: formatAt(a.beginUtc, offsetAt(a.beginPress)),
    replayedEnd: a.endUtc === null ? null : formatAt(a.endUtc, offsetAt(a.beginPress)),
    responses: a.responses,
    actual: a.actual,
  });
  const taken = new Set<number>();
  service.forEach((a, i) => {
    const j = match[i] ?? -1;
    const r = j >= 0 ? swept[j] : undefined;
    if (r) taken.add(j);
    rows.push({
      order: Math.min(a.beginUtc, r?.beginUtc ?? Infinity),
      alertSpecificationId: alertSpecificationId,
      kind: r ? 'matched' : 'service',
      serviceAlertId: a.alertId,
      serviceBegin: a.beginTime,
      serviceEnd: a.endTime,
      ...(r
        ? { ...replayedText(r), beginDifferenceMin: Math.round((r.beginUtc - a.beginUtc) / 600) / 100 }
        : {
            replayedBegin: null,
            replayedEnd: null,
            responses: null,
            actual: null,
            beginDifferenceMin: null,
          }),
    });
  });
  swept.forEach((a, j) => {
    if (taken.has(j)) return;
    rows.push({
      order: a.beginUtc,
      alertSpecificationId: alertSpecificationId,
      kind: 'replay',
      serviceAlertId: null,
      serviceBegin: null,
      serviceEnd: null,
      ...replayedText(a),
      beginDifferenceMin: null,
    });
  });
  return { rows, taken };
}

/** One specification replayed: its summary, its rows (with the order key) and its alerts per week (Monday day). */
export interface SpecificationReplay {
  summary: AlertReplaySpecification;
  rows: (AlertReplayRow & { order: number })[];
  /** Per week with either, flat: its Monday's day number, the service's alerts, the replayed ones; Monday, … */
  weeks: number[];
}

/** Replays one specification over its pair's series and matches it with the service's alerts. */
export function replaySpecification(
  spec: AlertSpecRow,
  seriesOf: (spec: AlertSpecRow) => PackedSeries,
  service: readonly ServiceAlertRow[],
  present: number | null,
  whatIf: AlertReplayInput['whatIf'],
): SpecificationReplay {
  const weeks = new Map<number, { service: number; replayed: number }>();
  const count = (week: number, side: 'service' | 'replayed'): void => {
    const w = weeks.get(week) ?? { service: 0, replayed: 0 };
    w[side]++;
    weeks.set(week, w);
  };
  for (const a of service) {
    const t = parseLocalTimestamp(a.beginTime);
    count(weekOfLocal(t ? t.localMs : a.beginUtc), 'service');
  }
  const { rule, base, problem } = ruleOf(spec, whatIf);
  const series = rule ? seriesOf(spec) : null;
  const swept: SweptAlert[] =
    rule && series && present !== null ? sweepAlerts(series, rule, spec.scale === 'nps', present) : [];
  const match = rule
    ? matchAlerts(
        service.map((a) => a.beginUtc),
        swept.map((a) => a.beginUtc),
        rule.windowMin * minuteMs,
      )
    : service.map(() => -1);
  const offsetAt = (i: number): number => series?.offsetMin[i] ?? 0;
  const { rows, taken } = alertRows(spec.alertSpecificationId, service, swept, match, offsetAt);
  for (const a of swept) count(weekOfLocal(a.beginUtc + offsetAt(a.beginPress) * minuteMs), 'replayed');
  const replayedWith = rule ? ruleText(rule) : '';
  return {
    summary: {
      alertSpecificationId: spec.alertSpecificationId,
      type: spec.type,
      experiencePointId: spec.experiencePointId,
      experiencePointName: spec.experiencePointName,
      surveyId: spec.surveyId,
      scale: spec.scale,
      parameters: spec.parameters,
      replayedWith,
      changed: rule !== null && base !== null && replayedWith !== ruleText(base),
      serviceAlerts: service.length,
      replayed: swept.length,
      matched: taken.size,
      matchedShare: share(taken.size, service.length),
      problem,
    },
    rows,
    weeks: [...weeks].flatMap(([w, c]) => [w, c.service, c.replayed]),
  };
}

/** The specifications' replays as one answer: totals, every row oldest first, the weeks summed. */
export function combineReplays(parts: readonly SpecificationReplay[], present: number | null): AlertReplay {
  const totals = { service: 0, replayed: 0, matched: 0 };
  const weeks = new Map<number, { service: number; replayed: number }>();
  const rows: (AlertReplayRow & { order: number })[] = [];
  for (const p of parts) {
    totals.service += p.summary.serviceAlerts;
    totals.replayed += p.summary.replayed;
    totals.matched += p.summary.matched;
    for (let i = 0; i + 2 < p.weeks.length; i += 3) {
      const w = p.weeks[i] ?? 0;
      const service = p.weeks[i + 1] ?? 0;
      const replayed = p.weeks[i + 2] ?? 0;
      const t = weeks.get(w);
      if (t) {
        t.service += service;
        t.replayed += replayed;
      } else weeks.set(w, { service, replayed });
    }
    for (const r of p.rows) rows.push(r);
  }
  rows.sort((a, b) => a.order - b.order || a.alertSpecificationId - b.alertSpecificationId);
  return {
    present: present === null ? null : new Date(present).toISOString(),
    specifications: parts.map((p) => p.summary),
    serviceAlerts: totals.service,
    replayed: totals.replayed,
    matched: totals.matched,
    matchedShare: share(totals.matched, totals.service),
    extraShare: share(totals.replayed - totals.service, totals.service),
    rows: rows.map(({ order: _order, ...r }) => r),
    weeks: weeksOf(weeks),
  };
}

/** Replays every specification of the input and matches the result with the service's alerts. */
export function replayAlerts(input: AlertReplayInput): AlertReplay {
  return combineReplays(
    input.specifications.map((spec) =>
      replaySpecification(
        spec,
        input.series,
        input.serviceAlerts.get(spec.alertSpecificationId) ?? [],
        input.present,
        input.whatIf,
      ),
    ),
    input.present,
  );
}

/** Every week from the first to the last counted one (empty weeks as zeros), oldest first. */
function weeksOf(counts: Map<number, { service: number; replayed: number }>): AlertReplayWeek[] {
  if (counts.size === 0) return [];
  const keys = [...counts.keys()];
  const first = Math.min(...keys);
  const last = Math.max(...keys);
  const out: AlertReplayWeek[] = [];
  for (let w = first; w <= last; w += 7) {
    const c = counts.get(w);
    out.push({ week: formatLocalDay(w), service: c?.service ?? 0, replayed: c?.replayed ?? 0 });
  }
  return out;
}
