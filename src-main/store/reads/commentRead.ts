// The comment search's reads: its pages of ids (best first, by offset, newest first), counts, the rows and highlights
// of a page, the word rows of a one-word query, the store's version (for orders kept per connection), whether the word
// rows are current (migration 0013), and what bm25 knows about the index and a word. Composed from commentSql.ts.
import type Database from 'better-sqlite3';
import { named, statement } from '../statements.ts';
import { distinctKeysCte, withSelectedPoint } from '../treeSql.ts';
import { type Built, ftsId } from './commentSql.ts';
import { uiOf } from '../repos/uiCode.ts';
import { textCopyOf } from '../repos/textCopy.ts';

export { buildComments, ftsId, literalQuery, singleTerm, type Built } from './commentSql.ts';

const reads = {
  dataVersion: named('store.dataVersion', 'PRAGMA data_version'),
  ownChanges: named('store.ownChanges', 'SELECT total_changes()'),
  termsCurrent: named(
    'comments.termsCurrent',
    'SELECT NOT EXISTS (SELECT 1 FROM v2_comment_term_pending) AND NOT EXISTS (SELECT 1 FROM v2_comment_term_gone)',
  ),
  averages: named('comments.ftsAverages', 'SELECT block FROM v2_text_feedback_fts_data WHERE id = 1'),
  termHits: named('comments.termHits', 'SELECT count(*) FROM v2_comment_term WHERE term = ?'),
  idf: named('comments.idf', 'SELECT ln((@rows - @hits + 0.5) / (@hits + 0.5))'),
  labelSets: named(
    'comments.labelSets',
    'SELECT label_set_id AS id, categories, themes FROM v2_comment_label_set',
  ),
  frequencies: named(
    'comments.termFrequencies',
    `WITH RECURSIVE ${distinctKeysCte('c', 'tf', 'v2_comment_term', 'term = @term')}
     SELECT tf FROM c WHERE tf IS NOT NULL`,
  ),
};

/** Changes when anything in the file changed since: another connection's commit or a write through this one. */
export function storeVersion(db: Database.Database): string {
  const data = statement(db, reads.dataVersion).pluck().get();
  const own = statement(db, reads.ownChanges).pluck().get();
  return `${String(data)}.${String(own)}`;
}

/**
 * Whether the word rows are current: the writer tokenizes what it wrote, and drops the rows of what it changed or
 * deleted, before it commits (commentTermIndex.ts).
 */
export const termsCurrent = (db: Database.Database): boolean =>
  statement(db, reads.termsCurrent).pluck().get() === 1;

/** The FTS index's averages record (id 1): varints of rows, then tokens per column; null when absent. */
export function ftsAverages(db: Database.Database): Buffer | null {
  const block = statement(db, reads.averages).pluck().get();
  return block instanceof Buffer ? block : null;
}

/** How many comments hold the word. */
export const termHits = (db: Database.Database, term: string): number =>
  Number(statement(db, reads.termHits).pluck().get(term));

/** ln((rows − hits + 0.5) / (hits + 0.5)) through SQLite's ln() (the C library's log, as FTS5's). */
export const idfOf = (db: Database.Database, rows: number, hits: number): number =>
  statement(db, reads.idf).pluck().get({ rows, hits }) as number;

/** The term frequencies the word has, ascending (a seek each). */
export const termFrequencies = (db: Database.Database, term: string): number[] =>
  statement(db, reads.frequencies).pluck().all({ term }) as number[];

/** A stored pair of label lists (comma-separated) and its id. */
export interface LabelSet {
  id: number;
  categories: string;
  themes: string;
}

/** Every stored pair of label lists. */
export const labelSets = (db: Database.Database): LabelSet[] =>
  statement(db, reads.labelSets).all() as LabelSet[];

/** How many matches of `b` carry each of the label sets `ids`, in that order (one row, a column each). */
export function countsPerLabelSetAsColumns(
  db: Database.Database,
  b: Built,
  ids: readonly number[],
): number[] {
  const columns = ids.map((id) => `count(*) FILTER (WHERE f.label_set_id = ${id})`).join(', ') || '0';
  return statement(db, `${b.with}${b.select(columns, [], true)}`)
    .raw()
    .get(b.params) as number[];
}

/** A label set's count and its labels. */
export interface SetCount {
  categories: string;
  themes: string;
  n: number;
}

/**
 * How many comments of `b` carry each label set (sets without any left out): from the word's rows when `viaTerms`
 * (a one-word query whose rows are current), else the full-text matches, else (no query) the facet rows alone.
 */
export function countsPerLabelSet(db: Database.Database, b: Built, viaTerms: boolean): SetCount[] {
  const perSet =
    viaTerms && b.terms
      ? `${b.terms('t.label_set_id AS id, count(*) AS n')} GROUP BY t.label_set_id`
      : b.fts
        ? `${b.select('f.label_set_id AS id, count(*) AS n', [], true)} GROUP BY f.label_set_id`
        : `${b.scan('f.label_set_id AS id, count(*) AS n')} GROUP BY f.label_set_id`;
  // The subtree CTE (if any) first, then the counts per label set, then their labels.
  const ctes = b.with ? `${b.with.replace(/^WITH RECURSIVE /, '').trimEnd()}, ` : '';
  const sql = `WITH RECURSIVE ${ctes}counted AS (${perSet})
      SELECT s.categories, s.themes, c.n FROM counted c JOIN v2_comment_label_set s ON s.label_set_id = c.id`;
  return statement(db, sql).all(b.params) as SetCount[];
}

/** How many comments match `b` (from the word's rows when `viaTerms`). */
export const matchCount = (db: Database.Database, b: Built, viaTerms: boolean): number =>
  Number(
    statement(
      db,
      viaTerms && b.terms
        ? `${b.with}${b.terms('count(*)')}`
        : b.fts
          ? b.sql('count(*)')
          : `${b.with}${b.scan('count(*)')}`,
    )
      .pluck()
      .get(b.params),
  );

/** Best match first (bm25; ties: newest first). */
const rankedSql = (b: Built): string =>
  `${b.sql(`${ftsId} AS id`)} ORDER BY v2_text_feedback_fts.rank, ${ftsId} DESC`;

/** The ids of the best `limit` matches, best first (ranking keeps only those while it reads). */
export const bestIds = (db: Database.Database, b: Built, limit: number): number[] =>
  statement(db, `${rankedSql(b)} LIMIT @limit`)
    .pluck()
    .all({ ...b.params, limit }) as number[];

/** Every match's id, best first: the whole order (commentOrder.ts keeps it for the pages after the first). */
export const rankedIds = (db: Database.Database, b: Built): number[] =>
  statement(db, rankedSql(b)).pluck().all(b.params) as number[];

/** `limit` ids newest first after skipping `offset` (a virtual list's jump). */
export const idsAtOffset = (db: Database.Database, b: Built, limit: number, offset: number): number[] =>
  statement(
    db,
    b.fts
      ? `${b.sql(`${ftsId} AS id`)} ORDER BY ${ftsId} DESC LIMIT @limit OFFSET @offset`
      : `${b.facets('f.text_feedback_id')} ORDER BY f.text_feedback_id DESC LIMIT @limit OFFSET @offset`,
  )
    .pluck()
    .all({ ...b.params, limit, offset }) as number[];

/** `limit` ids newest first, below the id `before` when given (keyset paging). */
export function newestIds(db: Database.Database, b: Built, limit: number, before: number | null): number[] {
  const after = before !== null;
  const sql = b.fts
    ? `${b.sql(`${ftsId} AS id`, after ? [`${ftsId} < @cid`] : [])} ORDER BY ${ftsId} DESC LIMIT @limit`
    : `${b.facets('f.text_feedback_id', after ? ['f.text_feedback_id < @cid'] : [])} ORDER BY f.text_feedback_id DESC LIMIT @limit`;
  return statement(db, sql)
    .pluck()
    .all({ ...b.params, limit, ...(after ? { cid: before } : {}) }) as number[];
}

/** Private-use characters around each match in FTS5's highlight(): checked absent from the text before trusting. */
export const markOpen = '\uE000';
export const markClose = '\uE001';

/** A comment of a page with its highlights (null without a query). */
export interface HitRow {
  id: number;
  feedback_id: Buffer | string;
  experience_point_id: number;
  survey_id: number;
  local_time: number;
  utc_offset_min: number;
  button_index: number;
  misuse: number;
  spam: number;
  text: string;
  text_in_english: string | null;
  categories: string | null;
  themes: string | null;
  h_text: string | null;
  h_english: string | null;
}

const hitColumns = `t.text_feedback_id AS id, t.feedback_id, t.experience_point_id, t.survey_id, t.local_time,
    t.utc_offset_min, t.button_index, t.misuse, t.spam, t.text, t.text_in_english, t.categories, t.themes`;

/**
 * The comments `ids` (any order), each column's matches of `textMatch` marked with markOpen/markClose. The ids go in
 * as a set: FTS5 takes `rowid = ?` beside MATCH as a starting point, not as the row (a lookup per id returned another
 * row's highlights).
 */
export function hitRows(db: Database.Database, ids: readonly number[], textMatch: string | null): HitRow[] {
  const sql = textMatch
    ? `SELECT ${hitColumns}, highlight(v2_text_feedback_fts, 0, '${markOpen}', '${markClose}') AS h_text,
         highlight(v2_text_feedback_fts, 1, '${markOpen}', '${markClose}') AS h_english
       FROM v2_text_feedback_fts JOIN v2_text_feedback t ON t.text_feedback_id = v2_text_feedback_fts.rowid
       WHERE v2_text_feedback_fts MATCH @match AND v2_text_feedback_fts.rowid IN (SELECT value FROM json_each(@ids))`
    : `SELECT ${hitColumns}, NULL AS h_text, NULL AS h_english FROM v2_text_feedback t
       WHERE t.text_feedback_id IN (SELECT value FROM json_each(@ids))`;
  return statement(db, sql).all({
    ids: JSON.stringify(ids),
    ...(textMatch ? { match: textMatch } : {}),
  }) as HitRow[];
}

/**
 * For the one-word query of `b`: per term frequency `tf`, the `reach` shortest comments holding the word that often
 * (ties: newest first) as [id, length in tokens]. The statement is prepared once for every frequency asked.
 */
export function termRowsByFrequency(
  db: Database.Database,
  b: Built,
  reach: number,
): (tf: number) => [number, number][] {
  if (!b.terms) throw new Error('termRowsByFrequency needs a one-word query');
  const perFrequency = statement(
    db,
    `${b.with}${b.terms('t.text_feedback_id, t.dl', ['t.tf = @tf'])} ORDER BY t.dl, t.text_feedback_id DESC LIMIT @reach`,
  ).raw();
  return (tf) => perFrequency.all({ ...b.params, tf, reach }) as [number, number][];
}

/** A comment as searchComments reads it (every stored column the search shows). */
export interface CommentRecord {
  feedback_id: Buffer | string;
  experience_point_id: number;
  survey_id: number;
  smiley_id: number;
  local_time: number;
  utc_offset_min: number;
  button_index: number;
  misuse: number;
  spam: number;
  position: number;
  ui: string | null;
  text: string;
  masked_text: string | null;
  rephrased_text: string | null;
  text_in_english: string | null;
  categories: string | null;
  themes: string | null;
}

/** What searchComments asks: an FTS5 match, local wall-clock ms bounds, subtrees and flags. */
export interface CommentRecordSearch {
  match: string;
  /** Local wall-clock ms: `from` inclusive, `to` exclusive. */
  from?: number;
  to?: number;
  /** Each id stands for its whole subtree. */
  pointIds?: readonly number[];
  includeSpam?: boolean;
  includeMisuse?: boolean;
  limit: number;
}

/** The best `limit` comments matching, best first (ties: newest first, then by id). */
export function commentRecords(db: Database.Database, s: CommentRecordSearch): CommentRecord[] {
  const params: Record<string, unknown> = { match: s.match, limit: s.limit };
  const where = ['v2_text_feedback_fts MATCH @match'];
  if (s.from !== undefined) {
    params.from = s.from;
    where.push('t.local_time >= @from');
  }
  if (s.to !== undefined) {
    params.to = s.to;
    where.push('t.local_time < @to');
  }
  if (s.pointIds) {
    params.pointIds = JSON.stringify(s.pointIds);
    where.push('t.experience_point_id IN (SELECT id FROM selected_point)');
  }
  if (s.includeSpam === false) where.push('t.spam = 0');
  if (s.includeMisuse === false) where.push('t.misuse = 0');
  const sql = `${
    s.pointIds ? withSelectedPoint() : ''
  }SELECT t.feedback_id, t.experience_point_id, t.survey_id, t.smiley_id, t.local_time, t.utc_offset_min,
      t.button_index, t.misuse, t.spam, t.position, ${uiOf('t.ui')} AS ui, t.text,
      ${textCopyOf('t.masked_text', 't.text')} AS masked_text, ${textCopyOf('t.rephrased_text', 't.text')} AS rephrased_text,
      t.text_in_english, t.categories, t.themes
    FROM v2_text_feedback_fts JOIN v2_text_feedback t ON t.text_feedback_id = v2_text_feedback_fts.rowid
    WHERE ${where.join(' AND ')}
    ORDER BY v2_text_feedback_fts.rank, t.local_time DESC, t.text_feedback_id
    LIMIT @limit`;
  return statement(db, sql).all(params) as CommentRecord[];
}
