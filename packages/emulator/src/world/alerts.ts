// Alert specifications, and the alerts they raise when evaluated over the press stream (plus acks and comments).
import { historyDaysOf } from './catalog.ts';
import { hash32, keyedRng } from './prng.ts';
import { isNegativeAnswer } from './pressContent.ts';
import { PRESS_MISUSE, type World } from './types.ts';
import { pressesByAssignment } from './world.ts';

export type AlertType = 'negative' | 'feedbackCount' | 'indexThreshold';
type ParamValue = number | string | boolean | number[];

export interface AlertSpecification {
  index: number;
  id: number;
  assignmentIndex: number;
  epIndex: number;
  surveyIndex: number;
  type: AlertType;
  windowMin: number;
  /** Configured parameters, in the order they are written. */
  params: Record<string, ParamValue>;
}

export interface Alert {
  index: number;
  id: number;
  specIndex: number;
  /** UTC ms; `end` is null while the alert is open. */
  begin: number;
  end: number | null;
  /** Values calculated when the alert opened (responses, actual, negativeResponses). */
  calculated: Record<string, number>;
  acknowledged: boolean;
  acknowledgedByUserIndex: number | null;
  acknowledgedTime: number | null;
}

export interface AlertComment {
  index: number;
  id: number;
  alertIndex: number;
  userIndex: number;
  time: number;
  comment: string;
}

export interface WorldAlerts {
  specifications: AlertSpecification[];
  /** Sorted by begin time. */
  alerts: Alert[];
  /** Sorted by time. */
  comments: AlertComment[];
}

const COMMENTS = [
  'Called the store manager.',
  'Staff shortage today – sorry!',
  'Cleaning crew informed 🧽',
  'False alarm? Kids pressing buttons <again>',
  '"Fixed" – let\'s watch it',
  'Ticket #4711 & follow-up planned',
  'Kassensystem war ausgefallen, jetzt behoben.',
];

/** `key=value` pairs separated by spaces; list values comma-separated (DECISIONS.md). */
export function parametersText(params: Record<string, ParamValue>): string {
  return Object.entries(params)
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : String(v)}`)
    .join(' ');
}

function specifications(world: World, lists: Uint32Array[]): AlertSpecification[] {
  const rng = keyedRng(world.seed, 0xa1e);
  const days = historyDaysOf(world.size);
  const candidates = world.assignments.filter((a) => (lists[a.index]?.length ?? 0) > 20);
  const wanted = Math.min(candidates.length, Math.max(6, Math.round(candidates.length * 0.1)));
  const step = Math.max(1, Math.floor(candidates.length / wanted));
  const types: AlertType[] = ['negative', 'feedbackCount', 'indexThreshold'];
  const specs: AlertSpecification[] = [];
  let id = 3_000 + Math.floor(rng() * 100);
  for (let k = 0; k < candidates.length && specs.length < wanted; k += step) {
    const a = candidates[k];
    const survey = a && world.surveys[a.surveyIndex];
    if (!a || !survey) continue;
    const type = types[specs.length % 3] ?? 'negative';
    const perDay = (lists[a.index]?.length ?? 0) / days;
    // Windows and thresholds follow the point's traffic, so alerts are neither constant nor absent.
    const fitted = Math.min(10_080, Math.max(60, Math.ceil((5 * 720) / perDay / 60) * 60));
    const windowMin: number = type === 'negative' ? Math.min(140, fitted) : fitted;
    const expected = (perDay * windowMin) / 720;
    const negatives = Array.from({ length: survey.buttons }, (_, b) => b).filter((b) =>
      isNegativeAnswer(survey.buttons, b),
    );
    const params: Record<string, ParamValue> =
      type === 'negative'
        ? {
            negative: true,
            windowMin,
            threshold: 60,
            countThreshold: Math.max(3, Math.round(expected * 1.5)),
          }
        : type === 'feedbackCount'
          ? {
              negative: true,
              windowMin,
              responseFilter: negatives.slice(0, 2),
              countThreshold: Math.max(3, Math.ceil(expected * 0.6)),
            }
          : {
              negative: false,
              windowMin,
              thresholdType: 'under',
              threshold: 35,
              minResponses: Math.max(4, Math.round(expected * 0.7)),
            };
    specs.push({
      index: specs.length,
      id,
      assignmentIndex: a.index,
      epIndex: a.epIndex,
      surveyIndex: a.surveyIndex,
      type,
      windowMin,
      params,
    });
    id += 1 + Math.floor(rng() * 6);
  }
  return specs;
}

interface Evaluated {
  begin: number;
  end: number | null;
  calculated: Record<string, number>;
}

/** Slides the window over the spec's presses (misuse excluded); an alert spans the time its condition holds. */
// eslint-disable-next-line max-lines-per-function -- the sliding window's running counts and the open alert are the loop's state; split, they would travel through every helper
function evaluate(world: World, spec: AlertSpecification, presses: Uint32Array): Evaluated[] {
  const survey = world.surveys[spec.surveyIndex];
  const buttons = survey?.buttons ?? 4;
  const { ts, button, flags } = world.presses;
  const windowMs = spec.windowMin * 60_000;
  const list = presses.filter((i) => !((flags[i] ?? 0) & PRESS_MISUSE));
  const filter = new Set(Array.isArray(spec.params.responseFilter) ? spec.params.responseFilter : []);
  let n = 0;
  let neg = 0;
  let pos = 0;
  let filtered = 0;
  const calc = (): Record<string, number> => {
    if (spec.type === 'negative')
      return { responses: n, actual: Math.round((neg / n) * 1000) / 10, negativeResponses: neg };
    if (spec.type === 'feedbackCount') return { responses: filtered };
    return { responses: n, actual: Math.round((pos / n) * 1000) / 10 };
  };
  const holds = (): boolean => {
    if (spec.type === 'negative')
      return n >= Number(spec.params.countThreshold) && (neg / n) * 100 >= Number(spec.params.threshold);
    if (spec.type === 'feedbackCount') return filtered >= Number(spec.params.countThreshold);
    return n >= Number(spec.params.minResponses) && (pos / n) * 100 < Number(spec.params.threshold);
  };
  const change = (i: number, d: number): void => {
    const b = button[i] ?? 0;
    n += d;
    if (isNegativeAnswer(buttons, b)) neg += d;
    else if (buttons === 11 ? b >= 9 : true) pos += d;
    if (filter.has(b)) filtered += d;
  };
  const out: Evaluated[] = [];
  let open: Evaluated | null = null;
  let tail = 0;
  const expireUntil = (t: number): void => {
    while (tail < list.length && (ts[list[tail] ?? 0] ?? 0) + windowMs <= t) {
      const at = (ts[list[tail] ?? 0] ?? 0) + windowMs;
      change(list[tail] ?? 0, -1);
      tail++;
      if (open && !holds()) {
        open.end = at;
        out.push(open);
        open = null;
      }
    }
  };
  for (const i of list) {
    const t = ts[i] ?? 0;
    expireUntil(t);
    change(i, 1);
    if (!open && holds()) {
      // An alert that clears and fires again within two windows is one continuing alert.
      const last = out[out.length - 1];
      if (last && last.end !== null && t - last.end < 2 * windowMs) {
        out.pop();
        last.end = null;
        open = last;
      } else open = { begin: t, end: null, calculated: calc() };
    }
  }
  expireUntil(world.now);
  if (open) out.push(open);
  return out;
}

const cache = new WeakMap<World, WorldAlerts>();

/** Every specification, alert and comment of the world; computed once on first use. */
// eslint-disable-next-line max-lines-per-function -- the order of its random draws (ids, acknowledgements, comments) defines every generated world's alerts; moved into helpers, a reordering would change them all
export function worldAlerts(world: World): WorldAlerts {
  const hit = cache.get(world);
  if (hit) return hit;
  const lists = pressesByAssignment(world);
  const specs = specifications(world, lists);
  const raw = specs.flatMap((s) =>
    evaluate(world, s, lists[s.assignmentIndex] ?? new Uint32Array()).map((e) => ({
      ...e,
      specIndex: s.index,
    })),
  );
  raw.sort((a, b) => a.begin - b.begin || a.specIndex - b.specIndex);
  const rng = keyedRng(world.seed, 0xa1e7);
  let id = 50_000 + Math.floor(rng() * 1000);
  const alerts: Alert[] = [];
  const comments: AlertComment[] = [];
  let commentId = 700 + Math.floor(rng() * 50);
  const users = world.users.length;
  for (const e of raw) {
    const index = alerts.length;
    const h = hash32(world.seed, id, 0xac) / 4294967296;
    const acknowledged = e.end !== null ? h < 0.6 : h < 0.2;
    const latest = Math.min(world.now - 1000, e.end ?? world.now);
    const ackTime = acknowledged
      ? Math.min(latest, e.begin + 300_000 + Math.floor(rng() * 172_800_000))
      : null;
    alerts.push({
      index,
      id,
      specIndex: e.specIndex,
      begin: e.begin,
      end: e.end,
      calculated: e.calculated,
      acknowledged,
      acknowledgedByUserIndex: acknowledged ? Math.floor(rng() * users) : null,
      acknowledgedTime:
        ackTime !== null && ackTime > e.begin ? ackTime : acknowledged ? e.begin + 1000 : null,
    });
    if (hash32(world.seed, id, 0xc0) / 4294967296 < 0.3) {
      const count = 1 + Math.floor(rng() * 3);
      let t = e.begin;
      for (let k = 0; k < count; k++) {
        t += 60_000 + Math.floor(rng() * 86_400_000);
        if (t >= world.now) break;
        comments.push({
          index: 0,
          id: commentId,
          alertIndex: index,
          userIndex: Math.floor(rng() * users),
          time: t,
          comment: COMMENTS[Math.floor(rng() * COMMENTS.length)] ?? '',
        });
        commentId += 1 + Math.floor(rng() * 3);
      }
    }
    id += 1 + Math.floor(rng() * 4);
  }
  comments.sort((a, b) => a.time - b.time || a.id - b.id);
  comments.forEach((c, k) => (c.index = k));
  const result = { specifications: specs, alerts, comments };
  cache.set(world, result);
  return result;
}
