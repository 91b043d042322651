// The annotations domain of the contract: the analyst's notes on a day or range and a node (kept beside the store),
// each with its before/after estimate of the score; list, add, remove, export and import; and their argument checks.
import {
  bad,
  isPlainObject,
  localDatePattern,
  parseEmpty,
  unknownKey,
  type ArgParsers,
  type Parsed,
} from './parse.ts';

export interface Annotation {
  id: string;
  /** The node the note is about (its subtree), or null for the whole tree. */
  experiencePointId: number | null;
  /** The local days it covers, yyyy-MM-dd, both included (one day: from = to). */
  from: string;
  to: string;
  /** The analyst's words (untrusted text: shown as text, never as HTML). */
  text: string;
  /** When it was written (ISO instant). */
  createdAt: string;
}

/** A score with its standard error and 95% interval (the shape of metrics/intervals.ts's Estimate). */
export interface ScoreEstimate {
  value: number;
  se: number;
  low: number;
  high: number;
}

export interface AnnotationEffect {
  score: 'happyIndex' | 'nps';
  /** The windows compared (`to` exclusive): before = the days before the note; after = its range, or the days from its day. */
  before: { from: string; to: string };
  after: { from: string; to: string };
  /** The score before, reweighted to the after window's weekday × hour mix, and the score after (matched cells). */
  beforeScore: ScoreEstimate | null;
  afterScore: ScoreEstimate | null;
  /** after − before, with its 95% interval; null when no weekday × hour has presses on both sides. */
  change: ScoreEstimate | null;
  pressesBefore: number;
  pressesAfter: number;
  /** Weekday × hour cells with presses on both sides (the others are left out of the estimate). */
  matchedCells: number;
}

export interface AnnotatedNote extends Annotation {
  /** The before/after estimate (on the node's most pressed scale); null without presses of a known scale. */
  effect: AnnotationEffect | null;
}

export interface AnnotationListArgs {
  /** Only the notes on this node and on the whole tree (absent: every note). */
  experiencePointId?: number;
  /** Only the notes that overlap [from, to) (`to` exclusive). */
  from?: string;
  to?: string;
}

export interface AnnotationAddArgs {
  experiencePointId: number | null;
  from: string;
  /** The last day (default: from). */
  to?: string;
  text: string;
}

export interface AnnotationCommands {
  'annotations:list': {
    args: AnnotationListArgs;
    /** `warning`: the sentence when the file was damaged and set aside (shown once). */
    result: { annotations: AnnotatedNote[]; warning?: string };
  };
  'annotations:add': { args: AnnotationAddArgs; result: Annotation };
  'annotations:remove': { args: { id: string }; result: Annotation };
  /** Every note as the JSON text of an export file. */
  'annotations:export': { args: Record<string, never>; result: { json: string } };
  'annotations:import': { args: { json: string }; result: { added: number; skipped: number } };
}

const isDay = (v: unknown): v is string => typeof v === 'string' && localDatePattern.test(v);
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

function parseList(value: unknown): Parsed<AnnotationListArgs> {
  if (value === undefined) return { ok: true, args: {} };
  if (!isPlainObject(value)) return bad('arguments must be an object');
  const extra = unknownKey(value, ['experiencePointId', 'from', 'to']);
  if (extra !== undefined) return bad(`unexpected argument '${extra}'`);
  const { experiencePointId: point, from, to } = value;
  if (point !== undefined && !isId(point)) return bad('experiencePointId must be an id');
  if (from !== undefined && !isDay(from)) return bad('from must be a date yyyy-MM-dd');
  if (to !== undefined && !isDay(to)) return bad('to must be a date yyyy-MM-dd');
  return {
    ok: true,
    args: {
      ...(point !== undefined ? { experiencePointId: point } : {}),
      ...(from !== undefined ? { from } : {}),
      ...(to !== undefined ? { to } : {}),
    },
  };
}

function parseAdd(value: unknown): Parsed<AnnotationAddArgs> {
  if (!isPlainObject(value)) return bad('arguments must be an object');
  const extra = unknownKey(value, ['experiencePointId', 'from', 'to', 'text']);
  if (extra !== undefined) return bad(`unexpected argument '${extra}'`);
  const { experiencePointId: point, from, to, text } = value;
  if (point !== null && !isId(point)) return bad('experiencePointId must be an id or null');
  if (!isDay(from)) return bad('from must be a date yyyy-MM-dd');
  if (to !== undefined && !isDay(to)) return bad('to must be a date yyyy-MM-dd');
  if (typeof text !== 'string') return bad('text must be a text');
  return { ok: true, args: { experiencePointId: point, from, ...(to !== undefined ? { to } : {}), text } };
}

function parseRemove(value: unknown): Parsed<{ id: string }> {
  if (!isPlainObject(value) || typeof value.id !== 'string') return bad('id must be a text');
  const extra = unknownKey(value, ['id']);
  return extra !== undefined ? bad(`unexpected argument '${extra}'`) : { ok: true, args: { id: value.id } };
}

function parseImport(value: unknown): Parsed<{ json: string }> {
  if (!isPlainObject(value) || typeof value.json !== 'string') return bad('json must be a text');
  if (value.json.length > 5_000_000) return bad('json must be under 5 MB');
  const extra = unknownKey(value, ['json']);
  return extra !== undefined
    ? bad(`unexpected argument '${extra}'`)
    : { ok: true, args: { json: value.json } };
}

export const annotationArgs: ArgParsers<AnnotationCommands> = {
  'annotations:list': parseList,
  'annotations:add': parseAdd,
  'annotations:remove': parseRemove,
  'annotations:export': parseEmpty,
  'annotations:import': parseImport,
};
