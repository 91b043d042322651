// syncV1 against the real emulator (small world) into a real SQLite file: counts against an independent v2 route,
// summed results, hourly sums, pre-2020 split open feedback, idempotent window replacement, faults.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateWorld, startEmulator } from '#emulator/index.ts';
import type { RunningEmulator, World } from '#emulator/index.ts';
import { openStore } from '../../src-main/store/db.ts';
import { createV2Client } from '../../src-main/api/v2/client.ts';
import { syncV1 } from '../../src-main/sync/syncV1.ts';
import { syncV2 } from '../../src-main/sync/syncV2.ts';
import type { SyncV1Options, SyncV1Result } from '../../src-main/sync/syncV1.ts';
import { listTree, runQuery } from '../../src-main/analytics/query.ts';
import type { GroupDimension, QueryFilter, QueryRow } from '#shared/contract.ts';
import {
  rekey,
  since,
  sorted,
  storePressCounts,
  storeSummedCounts,
  v1Client,
  v1Dump,
  v2Counts,
  worldNow,
} from './sync-v1-support.ts';
import { tempDir } from './syncFixtures.ts';

let world: World;
let emulator: RunningEmulator;
let dir: string;
let first: SyncV1Result;
/** v2 counts (the independent route), fetched once: misuse included by hour, misuse excluded by day. */
let withMisuseByHour: Map<string, number>;
let withoutMisuse: Map<string, number>;
const fullPath = (): string => join(dir, 'full.sqlite');

async function sync(
  path: string,
  extra: Partial<SyncV1Options> = {},
  url = emulator.url,
): Promise<SyncV1Result> {
  const store = openStore(path);
  try {
    return await syncV1({ store, client: v1Client(url), since, now: () => worldNow, ...extra });
  } finally {
    store.close();
  }
}

beforeAll(async () => {
  world = generateWorld({ seed: 4, size: 'small', now: worldNow });
  emulator = await startEmulator({ world });
  dir = tempDir('fd-v1-');
  first = await sync(fullPath());
  withMisuseByHour = await v2Counts(emulator.url, { includeMisuse: true, byHour: true });
  withoutMisuse = await v2Counts(emulator.url, { includeMisuse: false });
});
afterAll(async () => {
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a full v1 sync of the small world', () => {
  it('stores every press once: per v1 survey, local hour and button equal to v2 button feedbacks with misuse', async () => {
    expect(first.status).toBe('done');
    // A v1 survey is (folder, v2 survey); its question tells the v2 survey apart at one point — nearly always: in this
    // world one folder runs two web surveys with the same question, which are then compared as their sum.
    const store = openStore(fullPath());
    const pairs = store.db
      .prepare(`SELECT count(*) AS n, count(DISTINCT folder_key || '|' || question_key) AS d FROM v1_survey`)
      .get() as { n: number; d: number };
    store.close();
    expect(pairs.n).toBeGreaterThan(50);
    expect(pairs.d).toBeGreaterThanOrEqual(pairs.n - 1);
    // Independent route: every v2 button feedback (misuse included, as raw results include it) of four-button
    // surveys, keyed by the local hour written in localTime. Equal per hour means equal per day, across DST too.
    const expected = withMisuseByHour;
    const got = storePressCounts(fullPath(), true);
    expect(sorted(got)).toEqual(sorted(expected));
    const total = [...expected.values()].reduce((a, b) => a + b, 0);
    expect(first.pressTotal).toBe(total);
    expect(total).toBeGreaterThan(100_000);
  });

  it('expands hourly sums into the right number of presses', () => {
    const store = openStore(fullPath());
    const hourly = store.db
      .prepare(
        'SELECT count(*) AS rows, sum(presses) AS presses, max(presses) AS most FROM v1_press WHERE hourly_sum = 1',
      )
      .get() as { rows: number; presses: number; most: number };
    store.close();
    // Hourly-sum devices exist and report several presses per hour and button; the per-hour equality above
    // (v2 lists each such press on its own) shows the counts are right.
    expect(hourly.rows).toBeGreaterThan(100);
    expect(hourly.most).toBeGreaterThan(1);
    expect(hourly.presses).toBeGreaterThan(hourly.rows);
  });

  it('stores summed results equal to v2 counts without misuse, the first day of every window included', async () => {
    // Each window's summed results start at its first local midnight: without the client's compensation of the
    // day-truncate defect every window would lack its first day, and this comparison would fail.
    const expected = withoutMisuse;
    expect(sorted(storeSummedCounts(fullPath()))).toEqual(sorted(expected));
    expect(first.windows).toBeGreaterThan(first.surveys);
  });

  it('replaces windows idempotently: an incremental run and a second full run give identical rows', async () => {
    const before = v1Dump(fullPath());
    const again = await sync(fullPath());
    expect(v1Dump(fullPath())).toEqual(before);
    // Incremental: only the trailing days of surveys whose periods reach them.
    expect(again.windows).toBeGreaterThan(0);
    expect(again.windows).toBeLessThanOrEqual(again.surveys);
    expect(again.windows).toBeLessThan(first.windows / 4);
    const fresh = join(dir, 'fresh.sqlite');
    await sync(fresh, { windowDays: 45 }); // another window grid: the same rows
    const a = v1Dump(fresh);
    const b = v1Dump(fullPath());
    for (const table of Object.keys(a).filter((t) => t !== 'checkpoints'))
      expect([table, a[table]]).toEqual([table, b[table]]);
  });

  it('ends identical under 20 % injected faults (5xx, 429, truncated and invalid bodies, resets)', async () => {
    const faulty = join(dir, 'faulty.sqlite');
    emulator.setFaults({
      kinds: ['500', '502', '503', '429', 'truncate', 'reset', 'invalid-json'],
      rate: 0.2,
      seed: 11,
      retryAfterSeconds: 0,
    });
    try {
      const result = await sync(faulty);
      expect(result.status).toBe('done');
    } finally {
      emulator.setFaults(null);
    }
    expect(v1Dump(faulty)).toEqual(v1Dump(fullPath()));
  });
});

describe('digital open feedback before March 2020', () => {
  it('comes split in two items with openfeedback=true, and the press is counted once either way', async () => {
    const store = openStore(fullPath());
    const web = store.db
      .prepare(
        `SELECT s.survey_key AS survey, s.folder_key AS folder FROM v1_survey s JOIN v1_survey_period p USING (survey_key)
         WHERE s.survey_type = 'WEB' AND p.start_utc < ? ORDER BY 1 LIMIT 1`,
      )
      .get(Date.parse('2020-03-01T00:00:00Z')) as { survey: number; folder: number };
    store.close();
    // Plain fetch: the split form really is there (an `o` with its own `r` and no root `r`).
    const res = await fetch(
      `${emulator.url}/v1/surveys/${web.survey}/rawresults?openfeedback=true&date_end=2020-03-01T00:00:00Z`,
      {
        headers: { 'X-Svc-Client-Id': 'demo-client', 'X-Svc-API-Token': 'demo-token' },
      },
    );
    const body = (await res.json()) as { data: { r?: number; o?: { r?: number } }[] };
    const split = body.data.filter((i) => i.r === undefined && i.o?.r !== undefined).length;
    expect(split).toBeGreaterThan(5);

    const plain = join(dir, 'web-plain.sqlite');
    const withText = join(dir, 'web-text.sqlite');
    await sync(plain, { scope: [web.folder] });
    await sync(withText, { scope: [web.folder], rawOpenFeedback: true });
    const a = v1Dump(plain);
    const b = v1Dump(withText);
    expect(a.v1_press).toEqual(b.v1_press);
    expect(a.v1_press_rollup_daily).toEqual(b.v1_press_rollup_daily);
    // And the count is v2's (misuse included) for that folder: once per press, not once per item.
    const expected = [
      ...rekey(withMisuseByHour, ([p, q, t, b]) => `${p}|${q}|${(t ?? '').slice(0, 10)}|${b}`),
    ].filter(([k]) => k.startsWith(`${web.folder}|`));
    const got = [...storePressCounts(withText)];
    expect(got.sort()).toEqual(expected.sort());
  });
});

describe('analytics over v1 data', () => {
  it('answers the same QuerySpec: days and buttons with and without misuse, hours, a subtree, a survey, the tree', () => {
    const store = openStore(fullPath());
    try {
      const query = (groupBy: GroupDimension[], filter: QueryFilter): QueryRow[] =>
        runQuery(store.db, { measures: ['count'], groupBy, filter });
      const rows = (list: QueryRow[], key: (r: QueryRow) => string): [string, number][] =>
        sorted(new Map(list.map((r) => [key(r), r.count ?? 0])));
      const day = (parts: string[]): string => `${(parts[2] ?? '').slice(0, 10)}|${parts[3]}`;
      // Misuse included: every raw press; left out (the default): the service's summed results.
      expect(
        rows(query(['day', 'buttonIndex'], { includeMisuse: true }), (r) => `${r.day}|${r.buttonIndex}`),
      ).toEqual(sorted(rekey(withMisuseByHour, day)));
      expect(rows(query(['day', 'buttonIndex'], {}), (r) => `${r.day}|${r.buttonIndex}`)).toEqual(
        sorted(rekey(withoutMisuse, day)),
      );
      // By hour v1 has no misuse mark: every press counts (docs/SYNC-SOURCES.md).
      expect(rows(query(['hour'], { includeMisuse: true }), (r) => `${r.hour}`)).toEqual(
        sorted(rekey(withMisuseByHour, (p) => p[2] ?? '')),
      );
      // A country's subtree, by experience point (= folder key), misuse left out.
      const tree = listTree(store.db);
      const country = tree.find(
        (t) => t.parent !== null && tree.some((c) => c.parent === t.experiencePointId),
      );
      if (!country) throw new Error('no country folder');
      const inSubtree = new Set([country.experiencePointId]);
      for (const t of tree)
        if (t.parent !== null && inSubtree.has(t.parent)) inSubtree.add(t.experiencePointId);
      expect(
        rows(
          query(['experiencePointId'], { experiencePointIds: [country.experiencePointId] }),
          (r) => `${r.experiencePointId}`,
        ),
      ).toEqual(
        sorted(
          rekey(
            new Map([...withoutMisuse].filter(([k]) => inSubtree.has(Number(k.split('|')[0])))),
            (p) => p[0] ?? '',
          ),
        ),
      );
      // One v1 survey (survey id = v1 survey key), misuse included.
      const survey = store.db
        .prepare(
          'SELECT survey_key AS key, folder_key AS folder, question_key AS question FROM v1_survey WHERE folder_key = ? LIMIT 1',
        )
        .get(
          [...inSubtree].find(
            (k) => tree.find((t) => t.experiencePointId === k)?.type === 'EXPERIENCE_POINT',
          ),
        ) as { key: number; folder: number; question: number } | undefined;
      if (!survey) throw new Error('no survey in the subtree');
      const [total] = query([], { surveyIds: [survey.key], includeMisuse: true });
      const expected = [...withMisuseByHour].filter(([k]) =>
        k.startsWith(`${survey.folder}|${survey.question}|`),
      );
      expect(total?.count).toBe(expected.reduce((n, [, c]) => n + c, 0));
      // The tree: v1 folders, the root first, folders with surveys as experience points.
      expect(tree).toHaveLength(first.folders);
      expect(tree[0]?.parent).toBeNull();
      expect(tree.find((t) => t.experiencePointId === survey.folder)?.type).toBe('EXPERIENCE_POINT');
      // The root's children, each with its subtree (the v1 node rollups plus its own points), misuse left out:
      // the emulator's v2 counts summed per child's subtree.
      const root = tree[0]?.experiencePointId ?? 0;
      const headOf = new Map<number, number>();
      for (const t of tree)
        if (t.parent !== null)
          headOf.set(
            t.experiencePointId,
            t.parent === root ? t.experiencePointId : (headOf.get(t.parent) ?? 0),
          );
      const children = runQuery(store.db, {
        measures: ['count'],
        groupBy: ['experiencePointId'],
        experiencePointLevel: 'children',
        filter: { experiencePointIds: [root] },
      });
      expect(rows(children, (r) => `${r.experiencePointId}`)).toEqual(
        sorted(rekey(withoutMisuse, (p) => String(headOf.get(Number(p[0])) ?? root))),
      );
    } finally {
      store.close();
    }
  });

  it('counts a company synced through both versions once: v2 presses, the v1 tables kept but not read', async () => {
    const both = join(dir, 'both.sqlite');
    await sync(both);
    const store = openStore(both);
    try {
      const v1Only = runQuery(store.db, {
        measures: ['count'],
        groupBy: [],
        filter: { includeMisuse: true },
      })[0]?.count;
      expect(v1Only).toBe(first.pressTotal);
      const v2 = await syncV2({
        store,
        client: createV2Client({ baseUrl: emulator.url, token: 'demo-v2-token' }),
        since,
        now: () => worldNow,
      });
      const [total] = runQuery(store.db, {
        measures: ['count'],
        groupBy: [],
        filter: { includeMisuse: true },
      });
      // Every v2 press of every scale (v1 lists only the four-button ones), and none of them twice.
      expect(total?.count).toBe(v2.feedbackTotal);
      expect(v2.feedbackTotal).toBeGreaterThan(first.pressTotal);
      expect(store.v1.presses.totalPresses()).toBe(first.pressTotal);
    } finally {
      store.close();
    }
  });
});
