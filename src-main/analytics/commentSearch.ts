// Full-text search over text feedback (FTS5 index of migration 0004), filtered by subtrees and local dates. The
// query is user input: a malformed one becomes a CommentSearchError whose message says how to write it.
import type Database from 'better-sqlite3';
import { parseLocalDate } from '../core/localTime.ts';
import { feedbackIdText } from '../store/repos/buttonFeedbackRepo.ts';
import { commentRecords, literalQuery } from '../store/reads/commentRead.ts';

export { literalQuery } from '../store/reads/commentRead.ts';

export interface CommentSearch {
  /**
   * With `syntax: 'fts'` (default) FTS5 query syntax: words (all must occur), "exact phrases", OR, NOT, AND,
   * prefix*, NEAR(...). With `syntax: 'words'` every word is searched literally (no operators, never an error).
   * Matching ignores case and accents (`ärgerlich` = `Argerlich`).
   */
  query: string;
  syntax?: 'fts' | 'words';
  /** Experience points or groups; each id stands for its whole subtree. Absent: everywhere. */
  experiencePointIds?: readonly number[];
  /** Local dates `yyyy-MM-dd`: `from` inclusive, `to` exclusive. */
  from?: string;
  to?: string;
  /** Spam and misuse are included (and flagged) unless false. */
  includeSpam?: boolean;
  includeMisuse?: boolean;
  /** At most this many rows (default 200, at most 10000), best matches first. */
  limit?: number;
}

export interface CommentRow {
  feedbackId: string;
  experiencePointId: number;
  surveyId: number;
  smileyId: number;
  /** `yyyy-MM-ddTHH:mm:ss.SSS±HH:MM`, as the service wrote it. */
  localTime: string;
  buttonIndex: number;
  misuse: boolean;
  spam: boolean;
  position: number;
  ui: string | null;
  /** Untrusted text: render as text only. */
  text: string;
  maskedText: string | null;
  rephrasedText: string | null;
  textInEnglish: string | null;
  categories: string | null;
  themes: string | null;
}

/** A search that cannot run as asked; `message` is for the user. */
export class CommentSearchError extends Error {
  override name = 'CommentSearchError';
}

const syntaxHelp =
  'Use words (all must occur), "quoted phrases", OR, NOT, and word* for a prefix; put characters such as < & : ( ) - inside double quotes.';

/**
 * Runs a statement built from user text. Everything else in it is ours and validated: an SQLITE_ERROR (other than a
 * missing table) is the query's syntax, and becomes a sentence on how to write the query.
 */
export function runSearch<T>(raw: string, body: () => T): T {
  try {
    return body();
  } catch (error) {
    const code = error && typeof error === 'object' && 'code' in error ? String(error.code) : '';
    const reason = (error instanceof Error ? error.message : '').replace(/^fts5: /, '');
    if (code !== 'SQLITE_ERROR' || reason.startsWith('no such table')) throw error;
    throw new CommentSearchError(
      `The search ${JSON.stringify(raw.slice(0, 80))} cannot be read (${reason}). ${syntaxHelp}`,
    );
  }
}

/** `yyyy-MM-ddTHH:mm:ss.SSS±HH:MM` from local wall-clock ms and the offset in minutes. */
export function formatLocalTimestamp(localMs: number, offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${new Date(localMs).toISOString().slice(0, 23)}${sign}${hh}:${mm}`;
}

export function searchComments(db: Database.Database, spec: CommentSearch): CommentRow[] {
  const raw = spec.query.trim();
  if (!raw) throw new CommentSearchError('Type a word to search the comments for.');
  // Kept to the two text columns: the index's third column holds facets (migration 0010), never words.
  const match = `{text text_in_english} : (${spec.syntax === 'words' ? literalQuery(raw) : raw})`;
  const bounds: { from?: number; to?: number } = {};
  for (const [name, value] of [
    ['from', spec.from],
    ['to', spec.to],
  ] as const) {
    if (value === undefined) continue;
    const day = parseLocalDate(value);
    if (day === null) throw new CommentSearchError(`'${value.slice(0, 40)}' is not a date like 2024-03-31.`);
    bounds[name] = day * 86_400_000;
  }
  const ids = spec.experiencePointIds;
  if (ids && !ids.every((id) => Number.isSafeInteger(id)))
    throw new CommentSearchError('Experience point ids must be whole numbers.');
  const rows = runSearch(raw, () =>
    commentRecords(db, {
      match,
      ...bounds,
      ...(ids ? { pointIds: ids } : {}),
      ...(spec.includeSpam === undefined ? {} : { includeSpam: spec.includeSpam }),
      ...(spec.includeMisuse === undefined ? {} : { includeMisuse: spec.includeMisuse }),
      limit: Math.min(Math.max(1, spec.limit ?? 200), 10_000),
    }),
  );
  return rows.map((r) => ({
    feedbackId: feedbackIdText(r.feedback_id),
    experiencePointId: r.experience_point_id,
    surveyId: r.survey_id,
    smileyId: r.smiley_id,
    localTime: formatLocalTimestamp(r.local_time, r.utc_offset_min),
    buttonIndex: r.button_index,
    misuse: r.misuse === 1,
    spam: r.spam === 1,
    position: r.position,
    ui: r.ui,
    text: r.text,
    maskedText: r.masked_text,
    rephrasedText: r.rephrased_text,
    textInEnglish: r.text_in_english,
    categories: r.categories,
    themes: r.themes,
  }));
}
