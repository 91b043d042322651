// Annotations for the app, web mode and the command line alike: list them (each with its before/after estimate of
// the score), add, update, remove, export and import as JSON. The notes live beside the store (annotations/annotationFile.ts).
import { randomBytes } from 'node:crypto';
import type { AnnotatedNote, FeedbackScale } from '#shared/contract.ts';
import { annotationEffect } from '../analytics/annotationEffect.ts';
import { listScales } from '../analytics/scales.ts';
import {
  AnnotationFileError,
  annotationsJson,
  annotationsVersion,
  parseAnnotation,
  parseAnnotationsJson,
  readAnnotations,
  writeAnnotations,
  type Annotation,
} from '../annotations/annotationFile.ts';
import { failures } from '../core/failures.ts';
import type { Store } from '../store/db.ts';

export type { AnnotatedNote, Annotation } from '#shared/contract.ts';
export { AnnotationFileError } from '../annotations/annotationFile.ts';

export interface AnnotationList {
  annotations: AnnotatedNote[];
  /** The sentence to show when the file was damaged and set aside. */
  warning?: string;
}

/** The days an annotation list is read for: those that overlap [from, to) (`to` exclusive), all without. */
export interface AnnotationRange {
  from?: string;
  to?: string;
  /** Only the notes on this node or on the whole tree (null: every note). */
  experiencePointId?: number | null;
}

const overlaps = (a: Annotation, r: AnnotationRange): boolean =>
  (r.from === undefined || a.to >= r.from) && (r.to === undefined || a.from < r.to);

function select(notes: readonly Annotation[], range: AnnotationRange): Annotation[] {
  return notes
    .filter(
      (a) =>
        overlaps(a, range) &&
        (range.experiencePointId == null ||
          a.experiencePointId === null ||
          a.experiencePointId === range.experiencePointId),
    )
    .sort((a, b) => a.from.localeCompare(b.from) || a.createdAt.localeCompare(b.createdAt));
}

/**
 * The notes that a chart of `range` shows, oldest first, without estimates (cheap: the file only). `onWarning` is
 * told the sentence when the file was damaged and set aside.
 */
export function annotationsFor(
  storePath: string,
  range: AnnotationRange = {},
  onWarning?: (sentence: string) => void,
): Annotation[] {
  const read = readAnnotations(storePath);
  if (read.warning) onWarning?.(read.warning);
  return select(read.annotations, range);
}

/** Every note with its estimate, read from the open store (the app's connection, or one the CLI opened). */
export function listAnnotations(
  store: Store,
  range: AnnotationRange = {},
  options: { scale?: FeedbackScale } = {},
): AnnotationList {
  const read = readAnnotations(store.path);
  const notes = select(read.annotations, range);
  const scaleOf = (id: number | null): FeedbackScale | undefined =>
    options.scale ?? listScales(store.db, id === null ? undefined : [id]).scales[0]?.scale;
  const annotations = notes.map((a): AnnotatedNote => {
    const scale = scaleOf(a.experiencePointId);
    return {
      ...a,
      effect:
        scale === undefined
          ? null
          : annotationEffect(store.db, {
              experiencePointId: a.experiencePointId,
              from: a.from,
              to: a.to,
              scale,
            }),
    };
  });
  return { annotations, ...(read.warning ? { warning: read.warning } : {}) };
}

export interface NewAnnotation {
  experiencePointId: number | null;
  from: string;
  to?: string;
  text: string;
}

/** Adds a note; the input is checked as the file's own entries are (one sentence when it is not a note). */
export function addAnnotation(
  storePath: string,
  input: NewAnnotation,
  now: () => Date = () => new Date(),
): Annotation {
  const parsed = parseAnnotation(
    {
      id: randomBytes(8).toString('hex'),
      experiencePointId: input.experiencePointId,
      from: input.from,
      to: input.to ?? input.from,
      text: input.text.trim(),
      createdAt: now().toISOString(),
    },
    'the note',
  );
  if (typeof parsed === 'string') throw new AnnotationFileError(`${parsed}; nothing was added.`);
  const { annotations } = readAnnotations(storePath, now);
  writeAnnotations(storePath, [...annotations, parsed]);
  return parsed;
}

/** Replaces a note's node, days and text (its id and createdAt stay); checked as an added note is. */
export function updateAnnotation(storePath: string, id: string, input: NewAnnotation): Annotation {
  const { annotations } = readAnnotations(storePath);
  const found = annotations.find((a) => a.id === id);
  if (!found)
    throw new AnnotationFileError(`There is no annotation with the id '${id}'; nothing was changed.`);
  const parsed = parseAnnotation(
    {
      id,
      experiencePointId: input.experiencePointId,
      from: input.from,
      to: input.to ?? input.from,
      text: input.text.trim(),
      createdAt: found.createdAt,
    },
    'the note',
  );
  if (typeof parsed === 'string') throw new AnnotationFileError(`${parsed}; nothing was changed.`);
  writeAnnotations(
    storePath,
    annotations.map((a) => (a.id === id ? parsed : a)),
  );
  return parsed;
}

/** Removes a note by its id; says so when there is none. */
export function removeAnnotation(storePath: string, id: string): Annotation {
  const { annotations } = readAnnotations(storePath);
  const found = annotations.find((a) => a.id === id);
  if (!found)
    throw new AnnotationFileError(`There is no annotation with the id '${id}'; nothing was removed.`);
  writeAnnotations(
    storePath,
    annotations.filter((a) => a.id !== id),
  );
  return found;
}

/** Every note as an export file's JSON text (the same format as the file beside the store). */
export function exportAnnotations(storePath: string): string {
  return annotationsJson(readAnnotations(storePath).annotations);
}

/** Adds the notes of an export; notes already there (same id) are skipped, never doubled. */
export function importAnnotations(storePath: string, text: string): { added: number; skipped: number } {
  let incoming: Annotation[];
  try {
    const parsed = parseAnnotationsJson(text);
    if (parsed.version > annotationsVersion)
      throw new AnnotationFileError(`it is of a newer format (${parsed.version})`);
    incoming = parsed.annotations;
  } catch (error) {
    throw new AnnotationFileError(
      failures.annotationsImportBad(error instanceof Error ? error.message : String(error)),
      { cause: error },
    );
  }
  const { annotations } = readAnnotations(storePath);
  const known = new Set(annotations.map((a) => a.id));
  const added = incoming.filter((a) => !known.has(a.id));
  writeAnnotations(storePath, [...annotations, ...added]);
  return { added: added.length, skipped: incoming.length - added.length };
}
