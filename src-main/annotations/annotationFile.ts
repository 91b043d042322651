// The analyst's annotations, kept in a JSON file of their own beside the store (`<store>.annotations.json`), so a
// rebuild or a new sync of the cache never touches them: versioned, written atomically (a temporary file, then a
// rename), and a damaged file set aside (never deleted) with one sentence.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Annotation } from '#shared/contract.ts';
import { failures } from '../core/failures.ts';

export type { Annotation } from '#shared/contract.ts';

/** The file format's version; a newer one is never overwritten by this version. */
export const annotationsVersion = 1;

export interface AnnotationsRead {
  annotations: Annotation[];
  /** Set when the file was damaged and set aside: the sentence to show once. */
  warning?: string;
}

/** Why an annotations file cannot be used as it is, in one sentence. */
export class AnnotationFileError extends Error {
  override name = 'AnnotationFileError';
}

export function annotationsPath(storePath: string): string {
  return `${storePath}.annotations.json`;
}

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: unknown): v is string =>
  typeof v === 'string' && dayPattern.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/** One annotation from JSON, or the reason it is not one. */
export function parseAnnotation(value: unknown, at: string): Annotation | string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return `${at} is not an object`;
  const v = value as Record<string, unknown>;
  if (typeof v.id !== 'string' || v.id === '' || v.id.length > 100) return `${at}.id must be a short text`;
  const point = v.experiencePointId;
  if (point !== null && !(typeof point === 'number' && Number.isSafeInteger(point) && point >= 0))
    return `${at}.experiencePointId must be an id or null`;
  if (!isDay(v.from) || !isDay(v.to)) return `${at}.from and .to must be dates yyyy-MM-dd`;
  if (v.to < v.from) return `${at}.to is before its .from`;
  if (typeof v.text !== 'string' || v.text.trim() === '' || v.text.length > 2000)
    return `${at}.text must be 1 to 2000 characters`;
  if (typeof v.createdAt !== 'string' || !Number.isFinite(Date.parse(v.createdAt)))
    return `${at}.createdAt must be an ISO time`;
  return { id: v.id, experiencePointId: point, from: v.from, to: v.to, text: v.text, createdAt: v.createdAt };
}

/** The annotations of a file's JSON text: a version and a list (throws the reason it is not). */
export function parseAnnotationsJson(text: string): { version: number; annotations: Annotation[] } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new AnnotationFileError('it is not JSON');
  }
  if (!data || typeof data !== 'object' || Array.isArray(data))
    throw new AnnotationFileError('it is not an object');
  const d = data as Record<string, unknown>;
  if (typeof d.version !== 'number' || !Number.isInteger(d.version) || d.version < 1)
    throw new AnnotationFileError('it has no version');
  if (d.version > annotationsVersion) return { version: d.version, annotations: [] };
  if (!Array.isArray(d.annotations)) throw new AnnotationFileError('it has no list of annotations');
  const annotations: Annotation[] = [];
  for (const [i, item] of d.annotations.entries()) {
    const parsed = parseAnnotation(item, `annotations[${i}]`);
    if (typeof parsed === 'string') throw new AnnotationFileError(parsed);
    annotations.push(parsed);
  }
  return { version: d.version, annotations };
}

/** The file's text for a list: what is written beside the store, and what an export holds. */
export function annotationsJson(annotations: readonly Annotation[]): string {
  return `${JSON.stringify({ version: annotationsVersion, annotations }, null, 2)}\n`;
}

/**
 * Reads the annotations beside `storePath` (none when there is no file). A file that cannot be read as annotations
 * is set aside as `<file>.damaged-<time>` and an empty list is returned with the sentence; a newer version's file
 * is left alone and refused.
 */
export function readAnnotations(storePath: string, now: () => Date = () => new Date()): AnnotationsRead {
  const path = annotationsPath(storePath);
  if (!existsSync(path)) return { annotations: [] };
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new AnnotationFileError(
      failures.unreadable(path, error instanceof Error ? error.message : String(error)),
    );
  }
  let parsed: { version: number; annotations: Annotation[] };
  try {
    parsed = parseAnnotationsJson(text);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    const aside = `${path}.damaged-${now().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(path, aside);
    return { annotations: [], warning: failures.annotationsDamaged(path, why, aside) };
  }
  if (parsed.version > annotationsVersion)
    throw new AnnotationFileError(failures.annotationsNewer(path, parsed.version));
  return { annotations: parsed.annotations };
}

/** Writes the list beside `storePath`, whole or not at all (a temporary file in the same folder, then a rename). */
export function writeAnnotations(storePath: string, annotations: readonly Annotation[]): void {
  const path = annotationsPath(storePath);
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.part`);
  try {
    writeFileSync(temp, annotationsJson(annotations), { flag: 'wx' });
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
