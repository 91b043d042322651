// The annotations domain of the contract: the analyst's notes on a day or range and a node (kept beside the store),
// each with its before/after estimate of the score; list, add, update, remove, export and import; and their checks.
import * as v from 'valibot';
import { localDatePattern, type ArgParsers } from './parse.ts';
import { args, localDate, optionalArgs, parseNoArgs, parserOf } from './schema.ts';

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

const annotationListSchema = optionalArgs({
  /** Only the notes on this node and on the whole tree (absent: every note). */
  experiencePointId: v.optional(
    v.pipe(
      v.number('experiencePointId must be an id'),
      v.safeInteger('experiencePointId must be an id'),
      v.minValue(0, 'experiencePointId must be an id'),
    ),
  ),
  /** Only the notes that overlap [from, to) (`to` exclusive). */
  from: localDate('from'),
  to: localDate('to'),
});
export type AnnotationListArgs = v.InferOutput<typeof annotationListSchema>;

const pointOrNull = 'experiencePointId must be an id or null';
/** What a note says and where: the same fields to add one and to change one. */
const annotationFields = {
  /** The node the note is about (its subtree), or null for the whole tree. */
  experiencePointId: v.nullable(
    v.pipe(v.number(pointOrNull), v.safeInteger(pointOrNull), v.minValue(0, pointOrNull)),
  ),
  from: v.pipe(
    v.string('from must be a date yyyy-MM-dd'),
    v.regex(localDatePattern, 'from must be a date yyyy-MM-dd'),
  ),
  /** The last day (default: from). */
  to: localDate('to'),
  text: v.string('text must be a text'),
};
const annotationAddSchema = args(annotationFields);
export type AnnotationAddArgs = v.InferOutput<typeof annotationAddSchema>;

const annotationUpdateSchema = args({ id: v.string('id must be a text'), ...annotationFields });
export type AnnotationUpdateArgs = v.InferOutput<typeof annotationUpdateSchema>;

const annotationRemoveSchema = args({ id: v.string('id must be a text') });
const annotationImportSchema = args({
  json: v.pipe(v.string('json must be a text'), v.maxLength(5_000_000, 'json must be under 5 MB')),
});

export interface AnnotationCommands {
  'annotations:list': {
    args: AnnotationListArgs;
    /** `warning`: the sentence when the file was damaged and set aside (shown once). */
    result: { annotations: AnnotatedNote[]; warning?: string };
  };
  'annotations:add': { args: AnnotationAddArgs; result: Annotation };
  /** Replaces a note's node, days and text; its id and createdAt stay. */
  'annotations:update': { args: AnnotationUpdateArgs; result: Annotation };
  'annotations:remove': { args: { id: string }; result: Annotation };
  /** Every note as the JSON text of an export file. */
  'annotations:export': { args: Record<string, never>; result: { json: string } };
  'annotations:import': { args: { json: string }; result: { added: number; skipped: number } };
}

export const annotationArgs: ArgParsers<AnnotationCommands> = {
  'annotations:list': parserOf(annotationListSchema),
  'annotations:add': parserOf(annotationAddSchema),
  'annotations:update': parserOf(annotationUpdateSchema),
  'annotations:remove': parserOf(annotationRemoveSchema),
  'annotations:export': parseNoArgs,
  'annotations:import': parserOf(annotationImportSchema),
};
