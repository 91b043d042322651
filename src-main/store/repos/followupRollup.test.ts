// Follow-up rollups (migration 0009): after pages, a re-sent page, a later misuse decision, a replaced window, a
// tree change and the migration itself, each equal to a count straight from the follow-up facts by plain SQL —
// per point and day, and per node (every proper ancestor and -1) and period (day, ISO week, month, computed with
// SQLite's own date functions, not the rollup's arithmetic). Days include a DST change, a year end in ISO week 53
// and 29 February.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FollowupFeedbackV2 } from '../../core/records/v2Feedback.ts';
import type { FeedbackFilter, FollowupSide, TrendGrain } from '#shared/contract.ts';
import { followupSummary, followupTrend } from '../../analytics/followups.ts';
import { openStore, type Store } from '../db.ts';
import { rollupTree } from './testing/rollupTree.ts';
import { rollBackSql } from './testing/rollBack.ts';
import { expectEqualToFacts, storedFollowups } from './testing/followupCounts.ts';

let store: Store;
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'followup-rollup-'));
  store = openStore(join(dir, 'store.sqlite'));
  store.tree.replace(tree);
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

// 1 → 2 → 21, 22; 1 → 3; 4 (a second root) → 41. Point 99 is in no tree.
const tree = rollupTree;

/** Local times over awkward days: Berlin's fall-back hour twice, spring-forward, 2020-W53, 29 February. */
const awkwardTimes = [
  '2020-12-31T23:10:00.000+01:00',
  '2021-01-01T00:20:00.000+01:00',
  '2021-01-03T12:00:00.000+01:00',
  '2021-01-04T09:00:00.000+01:00',
  '2024-02-28T18:00:00.000+01:00',
  '2024-02-29T08:30:00.000+01:00',
  '2024-03-01T11:00:00.000+01:00',
  '2024-03-31T01:30:00.000+01:00',
  '2024-03-31T03:30:00.000+02:00',
  '2024-10-26T22:00:00.000+02:00',
  '2024-10-27T02:30:00.000+02:00',
  '2024-10-27T02:30:00.000+01:00',
  '2024-10-28T07:45:00.000+01:00',
];

// Survey 1: questions 101 (negative: options 1011, 1012) and 102 (positive: 1021); survey 2: 201 (2011), 202 (2021).
const questions = [
  [101, 1, [1011, 1012]],
  [102, 1, [1021]],
  [201, 2, [2011]],
  [202, 2, [2021]],
] as const;

let next = 0;
/**
 * Deterministic follow-up rows: each feedback answers one question with one option, every fifth with two options of
 * it; some without the option's text, some misuse.
 */
function followups(n: number, seed = 1): FollowupFeedbackV2[] {
  let s = seed;
  const r = (k: number): number => ((s = (s * 48271) % 2147483647), s % k);
  const points = [21, 22, 3, 41, 99];
  const out: FollowupFeedbackV2[] = [];
  for (let i = 0; i < n; i++) {
    const [question, survey, options] = questions[r(questions.length)] ?? questions[0];
    const common = {
      feedbackId: `00000000-0000-4000-8000-${String(++next).padStart(12, '0')}`,
      smileyId: 1,
      localTime: awkwardTimes[r(awkwardTimes.length)] ?? '',
      surveyId: survey,
      experiencePointId: points[r(points.length)] ?? 21,
      buttonIndex: r(4),
      misuse: r(6) === 0,
      position: 1,
      ui: 'physical',
      followupQuestionId: question,
    };
    const chosen = options.length > 1 && r(5) === 0 ? [...options] : [options[r(options.length)] ?? 0];
    for (const option of chosen)
      out.push({
        ...common,
        followupOptionId: option,
        followupOptionTextInDefaultLocale: r(8) === 0 ? null : `Option ${option}`,
      });
  }
  return out;
}

describe('follow-up rollups', () => {
  it('are kept current by pages, a re-sent page, a later misuse decision and a replaced window', () => {
    const lists = store.v2Resources.feedbackLists;
    const all = followups(400);
    lists.writePage('followup', all.slice(0, 250));
    expectEqualToFacts(store);
    lists.writePage('followup', all.slice(200)); // 50 rows seen before
    expectEqualToFacts(store);
    // The service judged some feedbacks misuse later.
    lists.writePage(
      'followup',
      all.filter((_, i) => i % 7 === 0).map((f) => ({ ...f, misuse: !f.misuse })),
    );
    expectEqualToFacts(store);
    // The window 2024-10-26 .. 2024-10-28 fetched again: its rows replaced by fewer, and new ones.
    const window = all.filter(
      (f) => f.localTime.startsWith('2024-10-2') && !f.localTime.startsWith('2024-10-28'),
    );
    const again = [...window.slice(0, Math.floor(window.length / 2)), ...followups(30, 5)].filter((f) =>
      /^2024-10-2[67]/.test(f.localTime),
    );
    lists.writePage('followup', again, {
      replaceWindow: { startDate: '2024-10-26', endDate: '2024-10-28', root: null },
    });
    expectEqualToFacts(store);
    // And the window of subtree 2 only, emptied.
    lists.writePage('followup', [], {
      replaceWindow: { startDate: '2024-02-01', endDate: '2024-03-01', root: 2 },
    });
    expectEqualToFacts(store);
  });

  it('are kept current by a whole window written as what differs, and end as the replaced window ends', () => {
    const all = followups(400);
    const other = openStore(join(dir, 'other.sqlite'));
    other.tree.replace(tree);
    try {
      for (const s of [store, other]) s.v2Resources.feedbackLists.writePage('followup', all);
      const inWindow = all.filter((f) => /^2024-10-2[67]/.test(f.localTime));
      // The service now: a third of the window's rows gone, some judged misuse, some new.
      const again = [
        ...inWindow
          .filter((_, i) => i % 3 !== 0)
          .map((f, i) => (i % 4 === 0 ? { ...f, misuse: !f.misuse } : f)),
        ...followups(30, 5).filter((f) => /^2024-10-2[67]/.test(f.localTime)),
      ];
      const window = { startDate: '2024-10-26', endDate: '2024-10-28', root: null };
      const whole = store.v2Resources.feedbackLists.writePage('followup', again, {
        replaceWindow: { ...window, whole: true },
      });
      other.v2Resources.feedbackLists.writePage('followup', again, { replaceWindow: window });
      expectEqualToFacts(store);
      const facts = (s: Store): unknown[] =>
        s.db.prepare('SELECT * FROM v2_followup_feedback ORDER BY 1, 2, 3, 4, 5').all();
      expect(facts(store)).toEqual(facts(other));
      expect(storedFollowups(store)).toEqual(storedFollowups(other));
      // Counted apart: the keys of the window's rows left out (i % 3 === 0) that no kept row has, of points in the
      // tree (point 99 is in none: a window of the whole tree does not remove its rows).
      const keyOf = (f: FollowupFeedbackV2): string =>
        [f.experiencePointId, f.localTime, f.feedbackId, f.followupQuestionId, f.followupOptionId].join('|');
      const kept = new Set(again.map(keyOf));
      const gone = new Set(inWindow.filter((f, i) => i % 3 === 0 && f.experiencePointId !== 99).map(keyOf));
      expect(whole.deleted).toBe([...gone].filter((k) => !kept.has(k)).length);
      // The same page again: nothing differs, nothing is written or removed, the rollups stay as they are.
      const before = { facts: facts(store), rollups: storedFollowups(store) };
      expect(
        store.v2Resources.feedbackLists.writePage('followup', again, {
          replaceWindow: { ...window, whole: true },
        }),
      ).toEqual({ written: 0, deleted: 0 });
      expect({ facts: facts(store), rollups: storedFollowups(store) }).toEqual(before);
    } finally {
      other.close();
    }
  });

  it('written unsettled, are noted and left as they were until settled, then equal a count of the facts', () => {
    const lists = store.v2Resources.feedbackLists;
    const all = followups(400);
    lists.writePage('followup', all.slice(0, 100));
    const settled = storedFollowups(store);
    const noted = (): unknown[] =>
      store.db.prepare('SELECT * FROM v2_followup_rollup_pending ORDER BY 1').raw().all();
    // Pages, a re-sent page, a misuse decision and a replaced window, none settled: the rollups do not move.
    lists.writePage('followup', all.slice(100, 250), { settle: false });
    lists.writePage('followup', all.slice(200), { settle: false });
    lists.writePage(
      'followup',
      all.filter((_, i) => i % 7 === 0).map((f) => ({ ...f, misuse: !f.misuse })),
      { settle: false },
    );
    lists.writePage('followup', [], {
      replaceWindow: { startDate: '2024-02-01', endDate: '2024-03-01', root: 2 },
      settle: false,
    });
    expect(storedFollowups(store)).toEqual(settled);
    // Every point the pages wrote is noted (21, 22, 3, 41, 99: the rows' points, see `followups`).
    expect(noted().map((r) => (r as number[])[0])).toEqual([3, 21, 22, 41, 99]);
    lists.settle();
    expect(noted()).toEqual([]);
    expectEqualToFacts(store);
  });

  it('noted by a run that stopped, are recounted by the next settle, after a tree change too', () => {
    const path = join(dir, 'store.sqlite');
    const all = followups(300);
    store.v2Resources.feedbackLists.writePage('followup', all.slice(0, 150), { settle: false });
    store.close(); // a sync killed between two settles
    store = openStore(path);
    store.tree.replace(tree.map((t) => (t.experiencePointId === 22 ? { ...t, parent: 4 } : t)));
    // The next run's first page settles its own days and the ones left noted.
    store.v2Resources.feedbackLists.writePage('followup', all.slice(150));
    expectEqualToFacts(store);
    expect(store.db.prepare('SELECT count(*) FROM v2_followup_rollup_pending').pluck().get()).toBe(0);
  });

  it('are counted again when the tree changes (a point moves to another group)', () => {
    store.v2Resources.feedbackLists.writePage('followup', followups(300));
    store.tree.replace(tree.map((t) => (t.experiencePointId === 22 ? { ...t, parent: 4 } : t)));
    expectEqualToFacts(store);
  });

  it('built by migration 0009 for a store synced before equal the ones built live', () => {
    store.v2Resources.feedbackLists.writePage('followup', followups(500));
    const live = storedFollowups(store);
    // The file as version 0008 left it: none of the tables of 0009 and later (0011's v1 rollups, 0012's facets).
    store.db.exec(rollBackSql(9));
    store.close();
    store = openStore(join(dir, 'store.sqlite'));
    expect(storedFollowups(store)).toEqual(live);
    expectEqualToFacts(store);
  });
});

/** The stored follow-up questions and options of the sample (survey 1 and 2, one question per side each). */
function defineQuestions(s: Store, extra: { id: number; survey: number; positive: boolean }[] = []): void {
  s.v2Resources.structure.replace('followupQuestions', [
    ...questions.map(([id, survey]) => ({
      followupQuestionId: id,
      surveyId: survey,
      positive: id % 2 === 0,
      questionTextInDefaultLocale: `Question ${id}`,
    })),
    ...extra.map((q) => ({
      followupQuestionId: q.id,
      surveyId: q.survey,
      positive: q.positive,
      questionTextInDefaultLocale: `Question ${q.id}`,
    })),
  ]);
  s.v2Resources.structure.replace(
    'followupOptions',
    questions.flatMap(([id, , options]) =>
      options.map((o) => ({
        followupOptionId: o,
        followupQuestionId: id,
        optionTextInDefaultLocale: `Defined ${o}`,
      })),
    ),
  );
}

/**
 * A side's answer by plain SQL over the facts: rows of the side's questions in the filter (subtrees by a recursive
 * walk down the stored tree; no subtree: every row), counted per label (the row's text, else the option's, else its
 * id), and the distinct feedbacks.
 */
function sideFromFacts(s: Store, filter: FeedbackFilter, side: FollowupSide): unknown {
  const where = [`q.positive = ${side === 'highlight' ? 1 : 0}`];
  if (filter.from) where.push(`f.local_time >= ${Date.parse(filter.from)}`);
  if (filter.to) where.push(`f.local_time < ${Date.parse(filter.to)}`);
  if (!filter.includeMisuse) where.push('f.misuse = 0');
  if (filter.surveyIds) where.push(`f.survey_id IN (${filter.surveyIds.join(',')})`);
  if (filter.experiencePointIds) where.push('f.experience_point_id IN (SELECT id FROM sub)');
  const sql = `WITH RECURSIVE sub(id) AS (SELECT value FROM json_each(?)
      UNION SELECT e.experience_point_id FROM experience_point e JOIN sub ON e.parent_id = sub.id),
    f AS (SELECT f.*, coalesce(f.option_text, o.option_text, CAST(f.followup_option_id AS TEXT)) AS label
      FROM v2_followup_feedback f JOIN v2_followup_question q ON q.followup_question_id = f.followup_question_id
      LEFT JOIN v2_followup_option o ON o.followup_option_id = f.followup_option_id WHERE ${where.join(' AND ')})`;
  const ids = JSON.stringify(filter.experiencePointIds ?? []);
  const options = s.db
    .prepare(`${sql} SELECT label, count(*) AS n FROM f GROUP BY 1 ORDER BY 2 DESC, 1`)
    .raw(true)
    .all(ids) as [string, number][];
  const feedbacks = s.db
    .prepare(
      `${sql} SELECT count(*) FROM (SELECT DISTINCT experience_point_id, local_time, feedback_id FROM f)`,
    )
    .pluck()
    .get(ids);
  return { options, feedbacks, selections: options.reduce((t, o) => t + o[1], 0) };
}

describe('follow-up summary from the rollups', () => {
  const filters: FeedbackFilter[] = [
    {},
    { includeMisuse: true },
    { from: '2024-02-01', to: '2024-11-01' }, // whole months (March … October), weeks and days around them
    { from: '2020-12-28', to: '2021-01-04' }, // ISO week 2020-W53 across the year end
    { from: '2024-02-29', to: '2024-03-01' },
    { from: '2024-10-27', to: '2024-10-28' }, // the 25-hour day
    { experiencePointIds: [2], from: '2024-01-01', to: '2025-01-01' },
    { experiencePointIds: [2, 21, 41], surveyIds: [1] }, // 21 lies inside 2: counted once
    { experiencePointIds: [22, 99] }, // a point, and one missing from the tree (its own rows)
  ];

  it('equals a plain count of the facts, per side, after pages, a window replace and a tree change', () => {
    defineQuestions(store);
    const lists = store.v2Resources.feedbackLists;
    lists.writePage('followup', followups(600, 3));
    lists.writePage('followup', followups(40, 9), {
      replaceWindow: { startDate: '2024-10-27', endDate: '2024-10-28', root: null },
    });
    store.tree.replace(tree.map((t) => (t.experiencePointId === 3 ? { ...t, parent: 2 } : t)));
    for (const filter of filters)
      for (const side of ['painPoint', 'highlight'] as const) {
        const got = followupSummary(store.db, { filter, side, limit: 100 }).sides[0];
        const answer = {
          options: got?.options.map((o) => [o.optionText, o.count]),
          feedbacks: got?.feedbacks,
          selections: got?.selections,
        };
        expect(answer, JSON.stringify({ filter, side })).toEqual(sideFromFacts(store, filter, side));
      }
  });

  it('reads the facts instead when a survey has two questions on one side (feedbacks would count twice)', () => {
    defineQuestions(store, [{ id: 103, survey: 1, positive: false }]);
    const f = followups(50, 4);
    // A feedback answering both negative questions of survey 1: one feedback, two selections.
    const both = f.filter((x) => x.followupQuestionId === 101).slice(0, 1);
    store.v2Resources.feedbackLists.writePage('followup', [
      ...f,
      ...both.map((x) => ({ ...x, followupQuestionId: 103, followupOptionId: 1031 })),
    ]);
    const got = followupSummary(store.db, { filter: { includeMisuse: true }, side: 'painPoint', limit: 100 });
    expect({
      options: got.sides[0]?.options.map((o) => [o.optionText, o.count]),
      feedbacks: got.sides[0]?.feedbacks,
      selections: got.sides[0]?.selections,
    }).toEqual(sideFromFacts(store, { includeMisuse: true }, 'painPoint'));
  });
});

/** ISO week of a date written out: the week's Thursday decides the year; week 1 holds 4 January. */
function isoWeekLabel(date: string): string {
  const t = Date.parse(date);
  const weekday = (new Date(t).getUTCDay() + 6) % 7; // Monday 0
  const thursday = new Date(t + (3 - weekday) * 86_400_000);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * 86_400_000)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}
const periodLabel: Record<TrendGrain, (date: string) => string> = {
  day: (d) => d,
  week: isoWeekLabel,
  month: (d) => d.slice(0, 7),
  quarter: (d) => `${d.slice(0, 4)}-Q${Math.ceil(Number(d.slice(5, 7)) / 3)}`,
  year: (d) => d.slice(0, 4),
};

describe('follow-up trend from the rollups', () => {
  it('counts each label per period as a plain count of the facts does (days, ISO weeks, months, quarters)', () => {
    defineQuestions(store);
    store.v2Resources.feedbackLists.writePage('followup', followups(700, 11));
    for (const grain of ['day', 'week', 'month', 'quarter', 'year'] as const)
      for (const filter of [{}, { from: '2020-12-29', to: '2024-03-31' }, { experiencePointIds: [2] }]) {
        // Facts per local date, side and label (plain SQL), folded into periods here.
        const facts = store.db
          .prepare(
            `SELECT date(f.local_time / 1000, 'unixepoch') AS date, q.positive,
               coalesce(f.option_text, o.option_text, CAST(f.followup_option_id AS TEXT)) AS label, count(*) AS n
             FROM v2_followup_feedback f JOIN v2_followup_question q ON q.followup_question_id = f.followup_question_id
             LEFT JOIN v2_followup_option o ON o.followup_option_id = f.followup_option_id
             WHERE f.misuse = 0 AND f.local_time >= ? AND f.local_time < ?
               AND (? IS NULL OR f.experience_point_id IN (21, 22))
             GROUP BY 1, 2, 3`,
          )
          .all(
            Date.parse(filter.from ?? '1970-01-01'),
            Date.parse(filter.to ?? '2100-01-01'),
            filter.experiencePointIds ? 1 : null,
          ) as { date: string; positive: number; label: string; n: number }[];
        const expected = new Map<string, number>();
        for (const f of facts) {
          const key = `${periodLabel[grain](f.date)}|${f.positive ? 'highlight' : 'painPoint'}|${f.label}`;
          expected.set(key, (expected.get(key) ?? 0) + f.n);
        }
        const rows = followupTrend(store.db, { filter, grain, top: 100 });
        const got = new Map(
          rows.filter((r) => r.count > 0).map((r) => [`${r.period}|${r.side}|${r.optionText}`, r.count]),
        );
        expect(got, `${grain} ${JSON.stringify(filter)}`).toEqual(expected);
      }
  });
});
