// The follow-up, comment, alert, people, reconciliation and ranking answers on the emulator's `small` world synced
// through v2 (presses and every other resource) and v1 into a real SQLite file, each checked against a second,
// simpler route: the emulator's own v2 list answers fetched with plain fetch and counted here, or plain SQL over
// the fact tables.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createV1Client } from '../../src-main/api/v1/client.ts';
import { createV2Client } from '../../src-main/api/v2/client.ts';
import { startEmulator, type RunningEmulator } from '#emulator/index.ts';
import { createServices, type Services } from '../../src-main/services.ts';
import { openStore } from '../../src-main/store/db.ts';
import { syncV1 } from '../../src-main/sync/syncV1.ts';
import { syncV2 } from '../../src-main/sync/syncV2.ts';
import { syncV2Resources } from '../../src-main/sync/v2Resources.ts';
import { saveVerification, verifyAgainstAggregates } from '../../src-main/sync/v2Verify.ts';
import type { CommandName, CommandArgs, CommandResult } from '#shared/contract.ts';
import {
  fetchList,
  fetchWindowed as fetchOnce,
  fullToken,
  now,
  since,
  tempDir,
  type Json,
} from './sync-v2-resources-support.ts';

/** The emulator's list, asked again once if a kept-alive connection was reset while the test worked meanwhile. */
const fetchWindowed = (...args: Parameters<typeof fetchOnce>): ReturnType<typeof fetchOnce> =>
  fetchOnce(...args).catch(() => fetchOnce(...args));

let emulator: RunningEmulator;
let dir: string;
let services: Services;
const from = '2025-09-01';
const to = '2026-03-01';

beforeAll(async () => {
  emulator = await startEmulator({ size: 'small', seed: 11, port: 0, host: '127.0.0.1', now });
  dir = tempDir();
  const path = join(dir, 'store.sqlite');
  const store = openStore(path);
  try {
    const client = createV2Client({ baseUrl: emulator.url, token: fullToken });
    // The same three-year window as the emulator's lists the tests count (fetchWindowed), not the whole history.
    await syncV2({ store, client, now: () => now, since });
    await syncV2Resources({ store, client, now: () => now, since });
    const v1 = createV1Client({ baseUrl: emulator.url, clientId: 'demo-client', token: 'demo-token' });
    await syncV1({ store, client: v1, since, now: () => now });
  } finally {
    store.close();
  }
  services = createServices({ storePath: path });
}, 180_000);
afterAll(async () => {
  await services?.close();
  await emulator?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function ask<K extends CommandName>(command: K, args: CommandArgs<K>): Promise<CommandResult<K>> {
  const r = await services.handlers[command](args);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** The record's local date (the leading characters of its localTime): no date library. */
const dayOf = (r: Json): string => String(r.localTime ?? r.beginTime).slice(0, 10);
const inRange = (r: Json): boolean => dayOf(r) >= from && dayOf(r) < to;
const tally = <T>(items: T[], key: (t: T) => string): Map<string, number> => {
  const out = new Map<string, number>();
  for (const t of items) out.set(key(t), (out.get(key(t)) ?? 0) + 1);
  return out;
};

describe('follow-ups', () => {
  it('pain points and highlights are the emulator’s follow-up answers counted by side and label', async () => {
    const answers = (await fetchWindowed(emulator.url, fullToken, 'results/follow-up-feedbacks.json')).filter(
      inRange,
    ); // misuse left out: not asked for, as the filter's default
    const questions = await fetchList(emulator.url, fullToken, 'follow-up-questions.json');
    const positive = new Map(questions.map((q) => [q.followupQuestionId, q.positive === true]));
    const expected = tally(
      answers,
      (a) =>
        `${positive.get(a.followupQuestionId) ? 'highlight' : 'painPoint'}|${String(a.followupOptionTextInDefaultLocale)}`,
    );
    const got = await ask('followups:summary', { filter: { from, to }, limit: 1000 });
    const counted = new Map(
      got.sides.flatMap((s) => s.options.map((o) => [`${s.side}|${o.optionText}`, o.count])),
    );
    expect(counted).toEqual(expected);
    for (const s of got.sides) {
      expect(s.options.reduce((n, o) => n + o.share, 0)).toBeCloseTo(1, 9);
      expect(s.selections).toBe(
        [...expected].filter(([k]) => k.startsWith(`${s.side}|`)).reduce((n, [, c]) => n + c, 0),
      );
    }
  });

  it('the monthly trend adds up to the summary, label by label', async () => {
    const summary = await ask('followups:summary', { filter: { from, to }, side: 'painPoint' });
    const labels = summary.sides[0]?.options.slice(0, 3).map((o) => o.optionText) ?? [];
    const trend = await ask('followups:trend', {
      filter: { from, to },
      grain: 'month',
      side: 'painPoint',
      optionTexts: labels,
    });
    expect(new Set(trend.map((r) => r.period))).toEqual(
      new Set(['2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02']),
    );
    for (const label of labels) {
      const sum = trend.filter((r) => r.optionText === label).reduce((n, r) => n + r.count, 0);
      expect(sum).toBe(summary.sides[0]?.options.find((o) => o.optionText === label)?.count);
    }
  });
});

describe('comments', () => {
  let texts: Json[] = [];
  beforeAll(async () => {
    texts = (
      await fetchWindowed(emulator.url, fullToken, 'results/text-feedbacks.json', { includeSpam: true })
    ).filter(
      (t) => t.spam !== true, // the default: spam left out, misuse left out (not asked for)
    );
  });
  const hasWord = (t: Json, word: string): boolean =>
    new RegExp(`(^|[^\\p{L}\\p{N}])${word}([^\\p{L}\\p{N}]|$)`, 'iu').test(
      `${String(t.text)}\n${String(t.textInEnglish)}`,
    );

  it('pages through every match once, newest first, with match ranges that are the word', async () => {
    const expected = texts.filter((t) => hasWord(t, 'staff'));
    expect(expected.length).toBeGreaterThan(20);
    const seen: string[] = [];
    let cursor: string | undefined;
    let last = '9999';
    do {
      const page = await ask('comments:search', { query: 'staff', limit: 7, ...(cursor ? { cursor } : {}) });
      expect(page.total).toBe(expected.length);
      for (const hit of page.hits) {
        seen.push(hit.feedbackId);
        expect(hit.localTime.slice(0, 23) <= last).toBe(true);
        last = hit.localTime.slice(0, 23);
        const ranges = [
          ...hit.matches.map((r) => hit.text.slice(...r)),
          ...hit.englishMatches.map((r) => (hit.textInEnglish ?? '').slice(...r)),
        ];
        expect(ranges.length).toBeGreaterThan(0);
        for (const m of ranges) expect(m.toLowerCase()).toBe('staff');
        // The snippet is text: its pieces joined are a piece of the comment (plus the ellipses).
        const joined = hit.snippet
          .map((s) => s.text)
          .join('')
          .replace(/^…|…$/g, '');
        expect((hit.snippetOf === 'text' ? hit.text : (hit.textInEnglish ?? '')).includes(joined)).toBe(true);
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen.sort()).toEqual(expected.map((t) => String(t.feedbackId)).sort());
  });

  it('gives any page by its offset, the same comments the cursor pages give there (with and without a query)', async () => {
    for (const search of [
      { query: 'staff', order: 'newest' as const },
      { query: 'staff', order: 'best' as const },
      {},
    ]) {
      // The second route: walk the cursor pages of 7 and keep positions 14 … 20 (the third page).
      const walked: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await ask('comments:search', { ...search, limit: 7, ...(cursor ? { cursor } : {}) });
        walked.push(...page.hits.map((h) => h.feedbackId));
        cursor = page.nextCursor ?? undefined;
      } while (cursor && walked.length < 21);
      expect(walked.length).toBeGreaterThanOrEqual(21);
      const jumped = await ask('comments:search', { ...search, limit: 7, offset: 14 });
      expect(jumped.hits.map((h) => h.feedbackId)).toEqual(walked.slice(14, 21));
    }
    const both = await services.handlers['comments:search']({ offset: 7, cursor: 'n1.1' });
    expect(both.ok).toBe(false);
  });

  it('filters by category, button and language, and counts by category and theme', async () => {
    const counts = await ask('comments:counts', {});
    expect(counts.total).toBe(texts.length);
    const labels = (t: Json, key: string): string[] =>
      String(t[key] ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    const expectedCats = new Map<string, number>();
    for (const t of texts)
      for (const c of new Set(labels(t, 'categories'))) expectedCats.set(c, (expectedCats.get(c) ?? 0) + 1);
    expect(new Map(counts.byCategory.map((c) => [c.label, c.count]))).toEqual(expectedCats);
    const staffNegative = texts.filter(
      (t) => labels(t, 'categories').includes('Staff') && Number(t.buttonIndex) <= 1,
    );
    const page = await ask('comments:search', {
      filter: { categories: ['Staff'], buttonIndexes: [0, 1] },
      limit: 200,
    });
    expect(page.total).toBe(staffNegative.length);
    const spam = await ask('comments:search', { filter: { spam: 'only' } });
    expect(spam.hits.every((h) => h.spam)).toBe(true);
    expect((await ask('comments:search', { filter: { languages: ['xx'] } })).total).toBe(0);
    const refused = await services.handlers['comments:search']({ filter: { minRelevance: 0.5 } });
    expect(refused.ok ? '' : refused.error.message).toMatch(
      /Relevance is known only for comments synced through API version 1/,
    );
    const bad = await services.handlers['comments:search']({ query: 'staff AND (' });
    expect(bad.ok ? '' : bad.error.code).toBe('bad-request');
  });
});

describe('alerts', () => {
  it('lists every alert once with its comments, and counts them per day', async () => {
    const byId = (list: Json[], key: string): Json[] => [...new Map(list.map((r) => [r[key], r])).values()];
    const alerts = byId(await fetchWindowed(emulator.url, fullToken, 'alerts.json'), 'alertId');
    const comments = byId(
      await fetchWindowed(emulator.url, fullToken, 'alert-comments.json'),
      'alertCommentId',
    );
    const perDay = await ask('alerts:perDay', {});
    expect(new Map(perDay.map((d) => [d.day, d.count]))).toEqual(
      tally(alerts, (a) => String(a.beginTime).slice(0, 10)),
    );
    expect(perDay.reduce((n, d) => n + d.acknowledged, 0)).toBe(
      alerts.filter((a) => a.acknowledged === true).length,
    );
    const listed = new Map<number, number>();
    let cursor: string | undefined;
    do {
      const page = await ask('alerts:list', { limit: 37, ...(cursor ? { cursor } : {}) });
      for (const a of page.alerts) listed.set(a.alertId, a.comments.length);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect([...listed.keys()].sort()).toEqual(alerts.map((a) => Number(a.alertId)).sort());
    const expectedComments = tally(comments, (c) => String(c.alertId));
    for (const [id, n] of listed) expect(n).toBe(expectedComments.get(String(id)) ?? 0);
  });
});

describe('people', () => {
  it('demographics and contact details are the emulator’s lists counted', async () => {
    const demo = (await fetchWindowed(emulator.url, fullToken, 'results/demographics.json')).filter(inRange);
    const got = await ask('people:demographics', { filter: { from, to } });
    expect(got.feedbacks).toBe(demo.length);
    expect(new Map(got.byGender.map((g) => [g.gender, g.total]))).toEqual(
      tally(demo, (d) => String(d.gender)),
    );
    expect(got.byAge.reduce((n, b) => n + b.total, 0)).toBe(demo.length);
    expect(got.byAge.find((b) => b.label === '25–34')?.total).toBe(
      demo.filter((d) => Number(d.age) >= 25 && Number(d.age) < 35).length,
    );
    const contacts = (await fetchWindowed(emulator.url, fullToken, 'results/contact-details.json')).filter(
      inRange,
    );
    const c = await ask('people:contacts', { filter: { from, to } });
    expect(c.feedbacks).toBe(contacts.length);
    expect(c.withEmail).toBe(contacts.filter((x) => typeof x.email === 'string' && x.email !== '').length);
  });
});

describe('reconciliation and ranking', () => {
  it('v1 summed, v1 raw and v2 agree per day and survey, misuse explaining raw − summed', async () => {
    const r = await ask('reconciliation:daily', { filter: { from, to }, limit: 10_000 });
    expect(r.hasV1 && r.hasV2).toBe(true);
    expect(r.rowCount).toBeGreaterThan(100);
    expect(r.totals.disagreeing).toBe(0);
    expect(r.totals.v1Raw - r.totals.v1Summed).toBe(r.totals.v2Misuse);
    expect(r.totals.v2Misuse).toBeGreaterThan(0);
    // Second route: four-button presses in the range from the emulator's v2 list, misuse included.
    const surveys = await fetchList(emulator.url, fullToken, 'surveys.json');
    const four = new Set(surveys.filter((s) => s.feedbackScale === 'four').map((s) => s.surveyId));
    const presses = (
      await fetchWindowed(emulator.url, fullToken, 'results/button-feedbacks.json', { includeMisuse: true })
    ).filter((p) => inRange(p) && four.has(p.surveyId));
    expect(r.totals.v2All).toBe(presses.length);
    expect(r.totals.v2Misuse).toBe(presses.filter((p) => p.misuse === true).length);
    expect(r.verification).toBeNull(); // no sync has verified this file yet
  });

  it('shows the last verification a sync kept', async () => {
    const store = openStore(join(dir, 'store.sqlite'));
    const client = createV2Client({ baseUrl: emulator.url, token: fullToken });
    const v = await verifyAgainstAggregates({ store, client, now: () => now, since }); // the window synced
    saveVerification(store, v, now);
    store.close();
    const r = await ask('reconciliation:daily', { limit: 1 });
    expect(r.verification).toEqual({
      checkedAt: now.toISOString(),
      from: v.from,
      to: v.to,
      groupsCompared: v.groupsCompared,
      localTotal: v.localTotal,
      serviceTotal: v.serviceTotal,
      mismatchCount: 0,
      mismatches: [],
    });
    expect(v.localTotal).toBe(v.serviceTotal);
  });

  it('ranks points by the shrunk Happy Index, recomputed from the facts by plain SQL', async () => {
    const got = await ask('ranking:rank', {
      filter: { from, to },
      scale: 'four',
      measure: 'happyIndex',
      level: 'points',
      top: 5,
    });
    const db = openStore(join(dir, 'store.sqlite')).db;
    const day = (d: string): number => Date.parse(d);
    const rows = db
      .prepare(
        `SELECT f.experience_point_id AS id, count(*) AS n, sum(f.button_index) AS w FROM v2_button_feedback f
         JOIN v2_survey s ON s.survey_id = f.survey_id AND s.feedback_scale = 'four'
         WHERE f.misuse = 0 AND f.local_time >= ? AND f.local_time < ? GROUP BY 1`,
      )
      .all(day(from), day(to)) as { id: number; n: number; w: number }[];
    db.close();
    const n = rows.reduce((s, r) => s + r.n, 0);
    const parent = (100 * rows.reduce((s, r) => s + r.w, 0)) / (3 * n);
    expect(got.parentValue).toBeCloseTo(parent, 9);
    const expected = rows
      .map((r) => ({
        id: r.id,
        adjusted: (r.n * ((100 * r.w) / (3 * r.n)) + 30 * parent) / (r.n + 30),
        n: r.n,
      }))
      .sort((a, b) => b.adjusted - a.adjusted || b.n - a.n || a.id - b.id);
    expect(got.ranked).toBe(expected.length);
    expect(got.top.map((t) => t.experiencePointId)).toEqual(expected.slice(0, 5).map((e) => e.id));
    expect(got.bottom.map((t) => t.experiencePointId)).toEqual(expected.slice(-5).map((e) => e.id));
    got.top.forEach((t, i) => expect(t.adjusted).toBeCloseTo(expected[i]?.adjusted ?? NaN, 9));
    for (const t of got.top) expect(t.sparkline).toHaveLength(got.periods.length);
  });
});
