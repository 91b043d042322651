// Verification against aggregated counts on a loopback service: equal groups pass, a group missing on either side
// or differing in one button is reported, misuse is left out, a long range is asked for in windows of a month.
import { afterEach, describe, expect, it } from 'vitest';
import { mulberry32 } from '#emulator/world/prng.ts';
import { sendJson, startLoopbackServer } from '../api/testing/loopbackServer.ts';
import type { LoopbackServer } from '../api/testing/loopbackServer.ts';
import { createV2Client } from '../api/v2/client.ts';
import type { ButtonFeedbackV2 } from '../api/v2/records.ts';
import { openStore } from '../store/db.ts';
import { testPress } from '../store/testing/testPress.ts';
import { verifyAgainstAggregates, verifyWindowDays } from './v2Verify.ts';

let server: LoopbackServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const press = (point: number, day: string, button: number, misuse = false, surveyId = 5): ButtonFeedbackV2 =>
  testPress({
    experiencePointId: point,
    localTime: `${day}T12:00:00.000+02:00`,
    buttonIndex: button,
    misuse,
    surveyId,
  });

describe('verifyAgainstAggregates', () => {
  it('reports exactly the groups whose counts differ, per point, survey and day', async () => {
    // The service: point 1 on 05-01 [2,0,0,1] (in two rows, added up); point 1 on 05-02 [0,1,0,0]; point 2 on 05-01
    // [1,0,0,0].
    const service = [
      { time: '2024-05-01T00:00:00.000', groupKeys: ['1', '5'], feedbacks: [1, 0, 0, 1] },
      { time: '2024-05-01T00:00:00.000', groupKeys: ['1', '5'], feedbacks: [1, 0, 0, 0] },
      { time: '2024-05-01T00:00:00.000', groupKeys: ['2', '5'], feedbacks: [1, 0, 0, 0] },
      { time: '2024-05-02T00:00:00.000', groupKeys: ['1', '5'], feedbacks: [0, 1, 0, 0] },
    ];
    server = await startLoopbackServer((_req, res, url) =>
      sendJson(res, 200, url.searchParams.get('startDate') === '2024-05-01' ? service : []),
    );
    const store = openStore(':memory:');
    // The store: point 1 on 05-01 equal (plus a misuse press, left out); point 1 on 05-02 has button 2 instead of 1;
    // point 2 missing; point 3 on 05-03 only here.
    store.buttonFeedback.writePage([
      press(1, '2024-05-01', 0),
      press(1, '2024-05-01', 0),
      press(1, '2024-05-01', 3),
      press(1, '2024-05-01', 3, true),
      press(1, '2024-05-02', 2),
      press(3, '2024-05-03', 1),
    ]);
    const client = createV2Client({ baseUrl: server.url, token: 't' });
    const result = await verifyAgainstAggregates({ store, client, since: '2024-01-01', until: '2025-06-01' });
    store.close();
    const zeros = (set: Record<number, number>): number[] =>
      Array.from({ length: 11 }, (_, b) => set[b] ?? 0);
    expect(result.mismatches).toEqual([
      { experiencePointId: 2, surveyId: 5, day: '2024-05-01', local: zeros({}), service: zeros({ 0: 1 }) },
      {
        experiencePointId: 1,
        surveyId: 5,
        day: '2024-05-02',
        local: zeros({ 2: 1 }),
        service: zeros({ 1: 1 }),
      },
      { experiencePointId: 3, surveyId: 5, day: '2024-05-03', local: zeros({ 1: 1 }), service: zeros({}) },
    ]);
    expect([result.windows, result.groupsCompared, result.localTotal, result.serviceTotal]).toEqual([
      17, 4, 5, 5,
    ]);
    const asked = server.requests.map((r) => r.url.searchParams);
    // Written out by hand: every calendar month of 2024 and the five of 2025 before June, each once (two are asked
    // at a time, so they may arrive in either order).
    expect(asked.map((p) => `${p.get('startDate')}..${p.get('endDate')}`).sort()).toEqual([
      '2024-01-01..2024-02-01',
      '2024-02-01..2024-03-01',
      '2024-03-01..2024-04-01',
      '2024-04-01..2024-05-01',
      '2024-05-01..2024-06-01',
      '2024-06-01..2024-07-01',
      '2024-07-01..2024-08-01',
      '2024-08-01..2024-09-01',
      '2024-09-01..2024-10-01',
      '2024-10-01..2024-11-01',
      '2024-11-01..2024-12-01',
      '2024-12-01..2025-01-01',
      '2025-01-01..2025-02-01',
      '2025-02-01..2025-03-01',
      '2025-03-01..2025-04-01',
      '2025-04-01..2025-05-01',
      '2025-05-01..2025-06-01',
    ]);
    expect(
      asked.every((p) => p.get('precision') === 'day' && p.get('grouping') === 'experience_point,survey'),
    ).toBe(true);
  });

  it("asks for the next window while the one before is on its way (the service's time overlaps the count's)", async () => {
    // The first window's answer is held until the second window is asked for: were the windows asked one after the
    // other, the second request would never come and the test's timeout would say so.
    let secondAsked: () => void = () => undefined;
    const second = new Promise<void>((resolve) => (secondAsked = resolve));
    server = await startLoopbackServer((_req, res, url) => {
      const start = url.searchParams.get('startDate');
      if (start === '2024-01-01') void second.then(() => sendJson(res, 200, []));
      else {
        if (start === '2024-02-01') secondAsked();
        sendJson(res, 200, []);
      }
    });
    const store = openStore(':memory:');
    store.buttonFeedback.writePage([press(1, '2024-03-02', 1)]);
    const client = createV2Client({ baseUrl: server.url, token: 't' });
    const result = await verifyAgainstAggregates({ store, client, since: '2024-01-01', until: '2024-04-01' });
    store.close();
    // Three months, each asked once: the one local press is the one mismatch.
    expect(server.requests.map((r) => r.url.searchParams.get('startDate')).sort()).toEqual([
      '2024-01-01',
      '2024-02-01',
      '2024-03-01',
    ]);
    expect([result.windows, result.mismatches.map((m) => m.day)]).toEqual([3, ['2024-03-02']]);
  }, 10_000);

  it('asks a wide tree for fewer days at a time: about 62,000 (point, survey) day groups a window', async () => {
    // By hand: up to 2,000 pairs a month (31 days); 31,000 pairs: 62,000 / 31,000 = 2 days; 11,911 (xlarge): 5.
    expect([
      verifyWindowDays(10),
      verifyWindowDays(2_000),
      verifyWindowDays(31_000),
      verifyWindowDays(11_911),
    ]).toEqual([31, 31, 2, 5]);
    expect(verifyWindowDays(100_000)).toBe(1);
    server = await startLoopbackServer((_req, res) => sendJson(res, 200, []));
    const store = openStore(':memory:');
    const pair = store.db.prepare(
      'INSERT INTO v2_survey_experience_point (survey_id, experience_point_id) VALUES (?, ?)',
    );
    store.db.transaction(() => {
      for (let p = 0; p < 31_000; p++) pair.run(5, p);
    })();
    const client = createV2Client({ baseUrl: server.url, token: 't' });
    const result = await verifyAgainstAggregates({ store, client, since: '2024-05-01', until: '2024-05-08' });
    store.close();
    const asked = server.requests.map(
      (r) => `${r.url.searchParams.get('startDate')}..${r.url.searchParams.get('endDate')}`,
    );
    expect(asked.sort()).toEqual([
      '2024-05-01..2024-05-03',
      '2024-05-03..2024-05-05',
      '2024-05-05..2024-05-07',
      '2024-05-07..2024-05-08',
    ]);
    expect(result.windows).toBe(4);
  });
  it('finds a difference that keeps every count a point has in a window: two presses that swapped their days', async () => {
    // Point 1 holds as many presses, of the same buttons and on the same days, as the service counts (the buttons 0
    // and 3 on 05-01 and 05-02), but each on the other's day: only the per-point fingerprints can tell, and then the
    // count press by press names both groups. Point 2 agrees and is not named.
    const service = [
      { time: '2024-05-01T00:00:00.000', groupKeys: ['1', '5'], feedbacks: [1, 0, 0, 0] },
      { time: '2024-05-02T00:00:00.000', groupKeys: ['1', '5'], feedbacks: [0, 0, 0, 1] },
      { time: '2024-05-02T00:00:00.000', groupKeys: ['2', '5'], feedbacks: [0, 2, 0, 0] },
    ];
    server = await startLoopbackServer((_req, res) => sendJson(res, 200, service));
    const store = openStore(':memory:');
    store.buttonFeedback.writePage([
      press(1, '2024-05-01', 3),
      press(1, '2024-05-02', 0),
      press(2, '2024-05-02', 1),
      press(2, '2024-05-02', 1),
    ]);
    const client = createV2Client({ baseUrl: server.url, token: 't' });
    const result = await verifyAgainstAggregates({ store, client, since: '2024-05-01', until: '2024-05-03' });
    store.close();
    const counts = (b: number): number[] => Array.from({ length: 11 }, (_, i) => (i === b ? 1 : 0));
    expect(result.mismatches).toEqual([
      { experiencePointId: 1, surveyId: 5, day: '2024-05-01', local: counts(3), service: counts(0) },
      { experiencePointId: 1, surveyId: 5, day: '2024-05-02', local: counts(0), service: counts(3) },
    ]);
    expect([result.groupsCompared, result.localTotal, result.serviceTotal]).toEqual([3, 4, 4]);
  });

  it('names the same groups as a plain comparison of two tallies, on 3,000 seeded presses with a few changed', async () => {
    // The service counts `truth`; the store holds it with presses dropped, added, moved to another button, day or
    // survey, and misuse (left out on both sides). The expected mismatches come from a second, plain route: a Map per
    // side from `point|survey|day` to 11 counts, compared key by key.
    const next = mulberry32(24);
    const pick = (k: number): number => Math.floor(next() * k);
    const dayOf = (i: number): string => new Date(Date.UTC(2024, 4, 1 + i)).toISOString().slice(0, 10);
    const truth = Array.from({ length: 3_000 }, () =>
      press(1 + pick(7), dayOf(pick(45)), pick(4), next() < 0.05, 5 + pick(2)),
    );
    const stored = truth.filter(() => next() > 0.002);
    for (let k = 0; k < 3; k++) stored.push(press(1 + pick(7), dayOf(pick(45)), pick(4), false, 5));
    const changes = [
      (p: ButtonFeedbackV2) => ({ ...p, buttonIndex: (p.buttonIndex + 1) % 4 }),
      (p: ButtonFeedbackV2) => ({ ...p, localTime: `${dayOf(pick(45))}T12:00:00.000+02:00` }),
      (p: ButtonFeedbackV2) => ({ ...p, surveyId: p.surveyId === 5 ? 6 : 5 }),
    ];
    for (let k = 0; k < 6; k++) {
      const at = pick(stored.length);
      const was = stored[at];
      if (was) stored[at] = (changes[k % 3] ?? ((p: ButtonFeedbackV2) => p))(was);
    }
    const tally = (presses: readonly ButtonFeedbackV2[]): Map<string, number[]> => {
      const groups = new Map<string, number[]>();
      for (const p of presses) {
        if (p.misuse) continue;
        const key = `${p.experiencePointId}|${p.surveyId}|${p.localTime.slice(0, 10)}`;
        const c = groups.get(key) ?? new Array<number>(11).fill(0);
        c[p.buttonIndex] = (c[p.buttonIndex] ?? 0) + 1;
        groups.set(key, c);
      }
      return groups;
    };
    const serviceTally = tally(truth);
    const storeTally = tally(stored);
    const zeros = new Array<number>(11).fill(0);
    const expected = [...new Set([...serviceTally.keys(), ...storeTally.keys()])]
      .filter((k) => String(storeTally.get(k) ?? zeros) !== String(serviceTally.get(k) ?? zeros))
      .map((k) => {
        const [point, survey, day] = k.split('|');
        return `${day} ${point} ${survey} ${String(storeTally.get(k) ?? zeros)} / ${String(serviceTally.get(k) ?? zeros)}`;
      })
      .sort();
    expect(expected.length).toBeGreaterThan(0);
    server = await startLoopbackServer((_req, res, url) => {
      const [from, to] = [url.searchParams.get('startDate') ?? '', url.searchParams.get('endDate') ?? ''];
      const rows = [...serviceTally]
        .map(([k, c]) => ({ k: k.split('|'), c }))
        .filter(({ k }) => (k[2] ?? '') >= from && (k[2] ?? '') < to)
        .map(({ k, c }) => ({
          time: `${k[2]}T00:00:00.000`,
          groupKeys: [k[0], k[1]],
          feedbacks: c.slice(0, 4),
        }));
      sendJson(res, 200, rows);
    });
    const store = openStore(':memory:');
    store.buttonFeedback.writePage(stored);
    const client = createV2Client({ baseUrl: server.url, token: 't' });
    const result = await verifyAgainstAggregates({ store, client, since: '2024-05-01', until: '2024-06-15' });
    store.close();
    const named = result.mismatches
      .map((m) => `${m.day} ${m.experiencePointId} ${m.surveyId} ${String(m.local)} / ${String(m.service)}`)
      .sort();
    expect(named).toEqual(expected);
    const sum = (t: Map<string, number[]>): number => [...t.values()].flat().reduce((a, b) => a + b, 0);
    expect([result.localTotal, result.serviceTotal]).toEqual([sum(storeTally), sum(serviceTally)]);
  });
});
