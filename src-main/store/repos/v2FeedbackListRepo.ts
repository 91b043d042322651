// The five v2 feedback lists (follow-ups, texts, demographics, contact details, metadata): one page per transaction
// with its checkpoint, upserted by key (idempotent), a window's old rows removed with the window's first page (only
// those the page does not hold, when that page is the whole window).
import type Database from 'better-sqlite3';
import { prepared, statement } from '../statements.ts';
import type {
  ContactDetailsV2,
  DemographicsV2,
  FeedbackCommonV2,
  FollowupFeedbackV2,
  MetadataV2,
  TextFeedbackV2,
} from '../../core/records/v2Feedback.ts';
import { parseLocalDate, parseLocalTimestamp } from '../../core/localTime.ts';
import { feedbackKey } from './buttonFeedbackRepo.ts';
import type { CheckpointWrite } from './buttonFeedbackRepo.ts';
import type { CheckpointRepo } from './checkpointRepo.ts';
import { createCommentTermIndex } from './commentTermIndex.ts';
import { createFollowupRollup, touch } from './followupRollup.ts';
import { encodeTextCopy } from './textCopy.ts';
import { createTextFeedbackIds } from './textFeedbackId.ts';
import { encodeUi, uiParam } from './uiCode.ts';
import { subtreeCte } from '../treeSql.ts';

export interface FeedbackListRows {
  followup: FollowupFeedbackV2;
  text: TextFeedbackV2;
  demographics: DemographicsV2;
  contact: ContactDetailsV2;
  metadata: MetadataV2;
}
export type FeedbackListKind = keyof FeedbackListRows;

interface ListTable<T> {
  table: string;
  /** Key columns after (experience_point_id, local_time, feedback_id). */
  key: readonly string[];
  /** Other columns after the common ones (`ui` as stored: uiCode.ts). */
  extra: readonly string[];
  values(row: T): unknown[];
  /** A rowid column whose value the store chooses for a new row (text feedback: time-ordered, textFeedbackId.ts). */
  rowid?: string;
}

const bool = (b: boolean): number => (b ? 1 : 0);

export const feedbackListTables: { [K in FeedbackListKind]: ListTable<FeedbackListRows[K]> } = {
  followup: {
    table: 'v2_followup_feedback',
    key: ['followup_question_id', 'followup_option_id'],
    extra: ['position', 'ui', 'option_text'],
    values: (f) => [
      f.followupQuestionId,
      f.followupOptionId,
      f.position,
      encodeUi(f.ui),
      f.followupOptionTextInDefaultLocale,
    ],
  },
  text: {
    table: 'v2_text_feedback',
    rowid: 'text_feedback_id',
    key: ['position'],
    extra: ['ui', 'text', 'masked_text', 'rephrased_text', 'text_in_english', 'spam', 'categories', 'themes'],
    values: (t) => [
      t.position,
      encodeUi(t.ui),
      t.text,
      encodeTextCopy(t.maskedText, t.text),
      encodeTextCopy(t.rephrasedText, t.text),
      t.textInEnglish,
      bool(t.spam),
      t.categories,
      t.themes,
    ],
  },
  demographics: {
    table: 'v2_demographics',
    key: [],
    extra: ['gender', 'age'],
    values: (d) => [d.gender, d.age],
  },
  contact: {
    table: 'v2_contact_details',
    key: [],
    extra: ['position', 'name', 'email', 'phone_number'],
    values: (c) => [c.position, c.name, c.email, c.phoneNumber],
  },
  metadata: {
    table: 'v2_feedback_metadata',
    key: ['key'],
    extra: ['value'],
    values: (m) => [m.key, m.value],
  },
};

const keyHead = ['experience_point_id', 'local_time', 'feedback_id'];
const common = ['utc_offset_min', 'survey_id', 'smiley_id', 'button_index', 'misuse'];
// Columns that may be bound as a byte (uiCode.ts, textCopy.ts): TEXT by a cast, a STRICT TEXT column refuses a BLOB.
const textParams = new Set(['ui', 'masked_text', 'rephrased_text']);

/** The local-date window a page belongs to; with `replace`, rows already stored there are removed first. */
export interface ListWindow {
  /** Local dates `yyyy-MM-dd`, start inclusive, end exclusive. */
  startDate: string;
  endDate: string;
  /** The subtree root the window was fetched for; null = the whole authorised tree. */
  root: number | null;
  /**
   * The page holds every row of the window (its first page, with no next): only the stored rows it does not hold
   * are removed, and rows it holds unchanged are not written again (a re-fetch with nothing new writes nothing).
   */
  whole?: boolean;
}

export interface V2FeedbackListRepo {
  /**
   * Writes a page (insert, or update when a stored row differs, e.g. misuse judged later) and the checkpoint, in
   * one transaction. With `replaceWindow`, first deletes the rows of that window (of the root's subtree per the
   * stored tree): the first page of a re-fetched window replaces what was there. Returns rows inserted or changed.
   */
  writePage<K extends FeedbackListKind>(
    kind: K,
    items: readonly FeedbackListRows[K][],
    options?: PageOptions,
  ): { written: number; deleted: number };
  /**
   * Recounts the follow-up rollups of the days pages written with `settle: false` noted (followupRollup.ts), in one
   * transaction. Idempotent; cheap when nothing is noted.
   */
  settle(): void;
  count(kind: FeedbackListKind): number;
}

export interface PageOptions {
  replaceWindow?: ListWindow;
  checkpoint?: CheckpointWrite;
  /**
   * False: a follow-up page's days are only noted (in the same transaction), for a later page or `settle` to
   * recount into the follow-up rollups once for many pages (a sync's history). Default true: recounted before the
   * page commits.
   */
  settle?: boolean;
}

type WindowScope = 'All' | 'Tree' | 'Subtree';

interface Statements {
  upsert: Database.Statement;
  /**
   * Over a window's rows of a scope (every row; the tree's points; an id's subtree in the stored tree, an id missing
   * from the tree matching its own rows), with `unseen` only those whose key the page does not hold
   * (temp.list_page_key): deletes them, or lists their points (and days) for the follow-up rollup's recount.
   */
  window(scope: WindowScope, op: 'delete' | 'points' | 'pointDays', unseen: boolean): Database.Statement;
}

// eslint-disable-next-line max-lines-per-function -- a repository factory: it prepares its statements once and returns the short methods that share them
export function createV2FeedbackListRepo(
  db: Database.Database,
  checkpoints: CheckpointRepo,
): V2FeedbackListRepo {
  const treeSize = prepared<[], { n: number }>(
    db,
    'feedbackList.treeSize',
    'SELECT count(*) AS n FROM experience_point',
  );
  // A kind's statements, through the connection's one cache (statements.ts): each prepared once per connection.
  const statementsOf = (kind: FeedbackListKind): Statements => {
    const t = feedbackListTables[kind];
    const key = [...keyHead, ...t.key];
    const rest = [...common, ...t.extra];
    const columns = [...(t.rowid ? [t.rowid] : []), ...keyHead, ...t.key, ...common, ...t.extra];
    const range = 'local_time >= @from AND local_time < @to';
    const sub = `WITH RECURSIVE ${subtreeCte('sub', 'SELECT @root')} `;
    const scopes: Record<WindowScope, [string, string]> = {
      All: ['', ''],
      Tree: ['', 'experience_point_id IN (SELECT experience_point_id FROM experience_point) AND '],
      Subtree: [sub, 'experience_point_id IN (SELECT id FROM sub) AND '],
    };
    const unseenSql = ` AND NOT EXISTS (SELECT 1 FROM temp.list_page_key p WHERE ${key
      .map((c, i) => `p.k${i} ${i < keyHead.length ? '=' : 'IS'} ${t.table}.${c}`)
      .join(' AND ')})`;
    const verbs = {
      delete: 'DELETE',
      points: 'SELECT DISTINCT experience_point_id',
      pointDays: `SELECT DISTINCT experience_point_id, local_time / 86400000`,
    };
    const upsert = prepared(
      db,
      `feedbackList.${kind}.upsert`,
      `INSERT INTO ${t.table} (${columns.join(', ')}) VALUES (${columns.map((c) => (textParams.has(c) ? uiParam : '?')).join(', ')})
       ON CONFLICT (${key.join(', ')}) DO UPDATE SET ${rest.map((c) => `${c} = excluded.${c}`).join(', ')}
       WHERE (${rest.join(', ')}) IS NOT (${rest.map((c) => `excluded.${c}`).join(', ')})`,
    );
    const s: Statements = {
      // Only a row that really differs is rewritten (and, for texts, re-indexed by the FTS triggers).
      upsert,
      window(scope, op, unseen) {
        const [withSql, where] = scopes[scope];
        const st = prepared(
          db,
          `feedbackList.${kind}.${scope}.${op}${unseen ? '.unseen' : ''}`,
          `${withSql}${verbs[op]} FROM ${t.table} WHERE ${where}${range}${unseen ? unseenSql : ''}`,
        );
        return op === 'delete' ? st : st.raw(op === 'pointDays').pluck(op === 'points');
      },
    };
    return s;
  };

  const followups = createFollowupRollup(db);
  const textIds = createTextFeedbackIds(db);
  const commentTerms = createCommentTermIndex(db);

  // Typed as the key columns they are compared with: an untyped column's index is not used against an INTEGER one.
  db.exec(`CREATE TEMP TABLE IF NOT EXISTS list_page_key
    (k0 INTEGER NOT NULL, k1 INTEGER NOT NULL, k2 ANY NOT NULL, k3 ANY, k4 ANY) STRICT`);
  db.exec('CREATE INDEX IF NOT EXISTS temp.list_page_key_at ON list_page_key (k0, k1, k2)');
  const clearKeys = prepared(db, 'feedbackList.clearKeys', 'DELETE FROM temp.list_page_key');
  const addKey = prepared(db, 'feedbackList.addKey', 'INSERT INTO temp.list_page_key VALUES (?, ?, ?, ?, ?)');

  /**
   * Deletes a window's rows (with `unseen`, those whose key is not in temp.list_page_key); with `touched`, first
   * notes each point that had such rows there, with the window's days (with `unseen`, with those rows' days).
   */
  function deleteWindow(
    s: Statements,
    w: ListWindow,
    touched: Map<number, [number, number]> | null,
    unseen: boolean,
  ): number {
    const from = parseLocalDate(w.startDate);
    const to = parseLocalDate(w.endDate);
    if (from === null || to === null) throw new Error(`bad window ${w.startDate}..${w.endDate}`);
    const range = { from: from * 86_400_000, to: to * 86_400_000 };
    // Per point (a range seek each) when the tree is known; a plain scan of the window otherwise.
    const scope = w.root !== null ? 'Subtree' : (treeSize.get()?.n ?? 0) > 0 ? 'Tree' : 'All';
    const params = w.root !== null ? { ...range, root: w.root } : range;
    if (touched && unseen)
      for (const [point, day] of s.window(scope, 'pointDays', true).all(params) as [number, number][])
        touch(touched, point, day, day + 1);
    else if (touched)
      for (const point of s.window(scope, 'points', false).all(params) as number[])
        touch(touched, point, from, to);
    return s.window(scope, 'delete', unseen).run(params).changes;
  }

  const writePage = db.transaction(
    (
      kind: FeedbackListKind,
      items: readonly FeedbackCommonV2[],
      options: PageOptions,
    ): { written: number; deleted: number } => {
      const s = statementsOf(kind);
      const values = feedbackListTables[kind].values as (row: FeedbackCommonV2) => unknown[];
      const keyLength = feedbackListTables[kind].key.length;
      const rowid = feedbackListTables[kind].rowid ? textIds : null;
      // Follow-ups: the days each point's rows changed on, recounted into the follow-up rollups below.
      const touched = kind === 'followup' ? new Map<number, [number, number]>() : null;
      // Each row read once: its time, its stored id and its own columns (the page's keys and the upsert use them).
      const rows = items.map((f) => {
        const t = parseLocalTimestamp(f.localTime);
        if (!t) throw new Error(`unreadable localTime '${f.localTime}' reached the store`); // the client validates first
        return { f, t, id: feedbackKey(f.feedbackId), own: values(f) };
      });
      const whole = options.replaceWindow?.whole === true;
      if (whole) {
        clearKeys.run();
        for (const { f, t, id, own } of rows) {
          const k: unknown[] = [f.experiencePointId, t.localMs, id, ...own.slice(0, keyLength)];
          while (k.length < 5) k.push(null);
          addKey.run(k);
        }
      }
      const deleted = options.replaceWindow ? deleteWindow(s, options.replaceWindow, touched, whole) : 0;
      let written = 0;
      for (const { f, t, id, own } of rows) {
        const changes = s.upsert.run(
          ...(rowid ? [rowid(t.localMs)] : []),
          f.experiencePointId,
          t.localMs,
          id,
          ...own.slice(0, keyLength),
          t.offsetMinutes,
          f.surveyId,
          f.smileyId,
          f.buttonIndex,
          bool(f.misuse),
          ...own.slice(keyLength),
        ).changes;
        written += changes;
        // A whole window's rows that came back as stored leave the rollup as it is.
        if (touched && (changes > 0 || !whole)) {
          const day = Math.floor(t.localMs / 86_400_000);
          touch(touched, f.experiencePointId, day, day + 1);
        }
      }
      if (touched) followups.note(touched);
      if (touched && options.settle !== false) followups.settle();
      // Every page: a comment's word rows written for 16 pages at once cost as much (xlarge, docs/BENCHMARKS.md).
      if (kind === 'text') commentTerms.flush();
      if (options.checkpoint) checkpoints.set(options.checkpoint.stream, options.checkpoint.cursor);
      return { written, deleted };
    },
  );

  const settle = db.transaction((): void => {
    followups.settle();
  });

  return {
    writePage: (kind, items, options = {}) => writePage.immediate(kind, items, options),
    settle: () => settle.immediate(),
    count: (kind) =>
      statement<[], { n: number }>(db, `SELECT count(*) AS n FROM ${feedbackListTables[kind].table}`).get()
        ?.n ?? 0,
  };
}
