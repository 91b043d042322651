// v1 summed results over real HTTP. Expected buckets are an independent, simpler computation: every press of
// the survey found by scanning the press columns, misuse dropped, local times from Intl, buckets keyed by
// slicing the local timestamp text. Windows, defaults, maxima and the day defect are worked out by hand from
// api-v1.md §4.5 and DECISIONS.md; the v2 cross-check reads the aggregated counts of the same server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '#emulator/index.ts';
import type { Assignment } from '#emulator/world/types.ts';
import {
  NOW,
  addDays,
  expectError,
  intlOffset,
  localMidnight,
  localTs,
  midnightParam,
  pressesOf,
  v1,
  v1Assignments,
  v1Json,
  zoneOf,
} from './emulator-v1-support.ts';

interface Bucket {
  ts: string;
  data: number[];
}
type Key = (local: string, t: number) => string;

let emu: RunningEmulator;
let berlin: Assignment; // a busy Europe/Berlin terminal survey (DST in late March and October)
let zone = '';
const HOUR = 3_600_000;
const enc = encodeURIComponent;

/** The instant of a local wall time `yyyy-MM-ddTHH:mm:ss.SSS` in a zone. */
function wallToUtc(z: string, wall: string): number {
  const asUtc = Date.parse(`${wall}Z`);
  const first = asUtc - intlOffset(z, asUtc) * 60_000;
  return asUtc - intlOffset(z, first) * 60_000;
}
function monday(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return addDays(date, -((d.getUTCDay() + 6) % 7));
}
const byDay =
  (z: string): Key =>
  (l) =>
    localTs(z, localMidnight(z, l.slice(0, 10)));
const byWeek =
  (z: string): Key =>
  (l) =>
    localTs(z, localMidnight(z, monday(l.slice(0, 10))));
const byMonth =
  (z: string): Key =>
  (l) =>
    localTs(z, localMidnight(z, `${l.slice(0, 7)}-01`));
const byYear =
  (z: string): Key =>
  (l) =>
    localTs(z, localMidnight(z, `${l.slice(0, 4)}-01-01`));
/** The local hour start as an instant: the press minus its local minutes, seconds and milliseconds. */
const byHour =
  (z: string): Key =>
  (l, t) =>
    localTs(
      z,
      t - (Number(l.slice(14, 16)) * 60_000 + Number(l.slice(17, 19)) * 1000 + Number(l.slice(20, 23))),
    );

/** Counts per bucket of the survey's non-misuse presses in [from, to). */
function expected(a: Assignment, from: number, to: number, key: Key): Map<string, number[]> {
  const w = emu.world;
  const z = zoneOf(w, a);
  const out = new Map<string, number[]>();
  for (const i of pressesOf(w, a)) {
    const t = w.presses.ts[i] ?? 0;
    if (t < from || t >= to || (w.presses.flags[i] ?? 0) & 1) continue;
    const k = key(localTs(z, t), t);
    const c = out.get(k) ?? [0, 0, 0, 0];
    c[w.presses.button[i] ?? 0] = (c[w.presses.button[i] ?? 0] ?? 0) + 1;
    out.set(k, c);
  }
  return new Map([...out].sort((x, y) => Date.parse(x[0]) - Date.parse(y[0])));
}
async function results(a: Assignment, query: string): Promise<Map<string, number[]>> {
  const list = await v1Json<Bucket[]>(emu.url, `surveys/${a.key}/results?${query}`);
  for (const b of list) expect(b.data.reduce((s, n) => s + n, 0)).toBeGreaterThan(0); // empty buckets omitted
  return new Map(list.map((b) => [b.ts, b.data]));
}

beforeAll(async () => {
  emu = await startEmulator({ seed: 5, size: 'small', now: NOW });
  const found = v1Assignments(emu.world).find((a) => zoneOf(emu.world, a) === 'Europe/Berlin');
  if (!found) throw new Error('no Berlin survey');
  berlin = found;
  zone = zoneOf(emu.world, berlin);
});
afterAll(async () => {
  await emu.close();
});

describe('v1 results: buckets', () => {
  it('sums days in the survey zone from the day after date_start (the defect), misuse excluded', async () => {
    const got = await results(
      berlin,
      `truncate=day&date_start=${midnightParam(zone, '2026-10-01')}&date_end=${midnightParam(zone, '2026-11-01')}`,
    );
    const want = expected(
      berlin,
      localMidnight(zone, '2026-10-02'),
      localMidnight(zone, '2026-11-01'),
      byDay(zone),
    );
    expect(want.size).toBeGreaterThan(20);
    expect(got).toEqual(want);
    expect([...got.keys()][0]?.startsWith('2026-10-02T00:00:00.000+02:00')).toBe(true);
  });

  it('leaves a press on the start day out with truncate=day but counts it with truncate=hour', async () => {
    const w = emu.world;
    const i = pressesOf(w, berlin).find(
      (p) => (w.presses.ts[p] ?? 0) > Date.parse('2026-11-02T00:00:00Z') && !((w.presses.flags[p] ?? 0) & 1),
    );
    const t = w.presses.ts[i ?? -1] ?? 0;
    const day = localTs(zone, t).slice(0, 10);
    const q = `date_start=${enc(localTs(zone, t))}&date_end=${midnightParam(zone, addDays(day, 2))}`;
    const hour = await results(berlin, `truncate=hour&${q}`);
    const daily = await results(berlin, `truncate=day&${q}`);
    const startHour = byHour(zone)(localTs(zone, t), t);
    expect(hour.get(startHour)?.[w.presses.button[i ?? -1] ?? 0]).toBeGreaterThanOrEqual(1);
    expect(hour).toEqual(expected(berlin, t, localMidnight(zone, addDays(day, 2)), byHour(zone)));
    expect([...daily.keys()].some((k) => k.startsWith(day))).toBe(false);
    expect(daily).toEqual(
      expected(
        berlin,
        localMidnight(zone, addDays(day, 1)),
        localMidnight(zone, addDays(day, 2)),
        byDay(zone),
      ),
    );
  });

  it('sums hours as instants across the October DST change (offsets switch from +02:00 to +01:00)', async () => {
    const [from, to] = [localMidnight(zone, '2026-10-22'), localMidnight(zone, '2026-10-28')];
    const got = await results(
      berlin,
      `truncate=hour&date_start=${enc(localTs(zone, from))}&date_end=${enc(localTs(zone, to))}`,
    );
    expect(got).toEqual(expected(berlin, from, to, byHour(zone)));
    const keys = [...got.keys()];
    expect(keys.some((k) => k.endsWith('+02:00')) && keys.some((k) => k.endsWith('+01:00'))).toBe(true);
  });

  it('sums weeks from Monday, months and years in the survey zone', async () => {
    const q = (from: string, to: string): string =>
      `date_start=${midnightParam(zone, addDays(from, -1))}&date_end=${midnightParam(zone, to)}`;
    expect(await results(berlin, `truncate=week&${q('2026-03-02', '2026-06-01')}`)).toEqual(
      expected(berlin, localMidnight(zone, '2026-03-02'), localMidnight(zone, '2026-06-01'), byWeek(zone)),
    );
    expect(await results(berlin, `truncate=month&${q('2025-12-01', '2026-11-01')}`)).toEqual(
      expected(berlin, localMidnight(zone, '2025-12-01'), localMidnight(zone, '2026-11-01'), byMonth(zone)),
    );
    const years = await results(berlin, 'truncate=year');
    expect(years).toEqual(expected(berlin, -Infinity, Infinity, byYear(zone)));
    expect(years.size).toBeGreaterThanOrEqual(2);
  });

  it('reads truncate case-insensitively and the three zone forms of a timestamp alike', async () => {
    const base = `date_start=${midnightParam(zone, '2026-11-01')}&date_end=${midnightParam(zone, '2026-11-08')}`;
    const day = await results(berlin, `truncate=day&${base}`);
    expect(await results(berlin, `truncate=DAY&${base}`)).toEqual(day);
    expect(await results(berlin, `truncate=Day&${base}`)).toEqual(day);
    expect(await results(berlin, `truncate=hOuR&${base}`)).toEqual(
      await results(berlin, `truncate=hour&${base}`),
    );
    // 2026-11-01T00:00+01:00 = 2026-10-31T23:00Z
    const forms = [
      '2026-10-31T23:00:00.000Z',
      '2026-11-01T00:00:00.000+0100',
      '2026-11-01T00:00:00.000+01:00',
      '2026-10-31T18:00:00.000-05:00',
    ];
    for (const f of forms)
      expect(
        await results(
          berlin,
          `truncate=hour&date_start=${enc(f)}&date_end=${midnightParam(zone, '2026-11-03')}`,
        ),
      ).toEqual(
        expected(berlin, Date.parse('2026-10-31T23:00:00Z'), localMidnight(zone, '2026-11-03'), byHour(zone)),
      );
  });
});

describe('v1 results: defaults, maxima and errors', () => {
  it('defaults to day over the previous 14 days; hour 24 hours; week 2 months; month this year; year all', async () => {
    const now = NOW.getTime();
    const wallNow = localTs(zone, now).slice(0, 23);
    expect(await results(berlin, '')).toEqual(
      expected(berlin, wallToUtc(zone, `2026-11-07${wallNow.slice(10)}`), now, byDay(zone)),
    );
    expect(await results(berlin, 'truncate=hour')).toEqual(
      expected(berlin, now - 24 * HOUR, now, byHour(zone)),
    );
    expect(await results(berlin, 'truncate=week')).toEqual(
      expected(berlin, wallToUtc(zone, `2026-09-21${wallNow.slice(10)}`), now, byWeek(zone)),
    );
    expect(await results(berlin, 'truncate=month')).toEqual(
      expected(berlin, localMidnight(zone, '2026-01-01'), now, byMonth(zone)),
    );
    // With only date_end, the default period ends there.
    const end = localMidnight(zone, '2026-06-15');
    expect(await results(berlin, `date_end=${enc(localTs(zone, end))}`)).toEqual(
      expected(berlin, localMidnight(zone, '2026-06-01'), end, byDay(zone)),
    );
  });

  it('allows 7 days for hour and 12 months (counted from the day after date_start) for day, week and month; no maximum for year', async () => {
    const ok = async (q: string): Promise<void> =>
      expect((await v1(emu.url, `surveys/${berlin.key}/results?${q}`)).status).toBe(200);
    const bad = async (q: string): Promise<void> =>
      expectError(await v1(emu.url, `surveys/${berlin.key}/results?${q}`), 400, 'date_');
    await ok('truncate=hour&date_start=2026-06-01T00:00:00.000Z&date_end=2026-06-08T00:00:00.000Z');
    await bad('truncate=hour&date_start=2026-06-01T00:00:00.000Z&date_end=2026-06-08T00:00:00.001Z');
    await bad('truncate=hour'.concat(`&date_start=${enc('2026-06-01T00:00:00.000Z')}`)); // to now: months
    for (const t of ['day', 'week', 'month']) {
      await ok(
        `truncate=${t}&date_start=${midnightParam(zone, '2025-11-30')}&date_end=${midnightParam(zone, '2026-12-01')}`,
      );
      await bad(
        `truncate=${t}&date_start=${midnightParam(zone, '2025-11-30')}&date_end=${midnightParam(zone, '2026-12-02')}`,
      );
    }
    await ok(`truncate=year&date_start=2010-01-01T00:00:00Z&date_end=2030-01-01T00:00:00Z`);
  });

  it('answers 400 for date_end before date_start, an unknown truncate and unparsable timestamps; 404 for an unknown survey', async () => {
    const path = `surveys/${berlin.key}/results`;
    await expectError(
      await v1(emu.url, `${path}?date_start=2026-11-02T00:00:00Z&date_end=2026-11-01T00:00:00Z`),
      400,
      'date_end',
    );
    await expectError(await v1(emu.url, `${path}?truncate=quarter`), 400, 'truncate');
    await expectError(await v1(emu.url, `${path}?date_start=yesterday`), 400, 'date_start');
    await expectError(await v1(emu.url, `${path}?date_end=2026-13-01T00:00:00Z`), 400, 'date_end');
    await expectError(await v1(emu.url, `${path}?date_start=2026-11-01T00:00:00.000`), 400, 'date_start'); // no zone
    await expectError(await v1(emu.url, `${path}?date_start=2026-11-01T00:00:00.000+01:00`), 400, '%2B'); // '+' not encoded
    expect(
      await v1Json(emu.url, `${path}?date_start=2026-11-01T00:00:00Z&date_end=2026-11-01T00:00:00Z`),
    ).toEqual([]);
    await expectError(await v1(emu.url, 'surveys/1/results'), 404);
  });
});

describe('v1 results against v2 aggregated counts', () => {
  it('equal per survey and bucket (day, week, month), misuse excluded on both sides', async () => {
    const w = emu.world;
    const picks = v1Assignments(w).filter(
      (a, k) => k < 3 || a.kind === 'WEB' || w.smileys[a.smileyIndexes[1] ?? -1]?.hourlySums,
    );
    expect(picks.length).toBeGreaterThanOrEqual(4);
    for (const a of picks.slice(0, 6)) {
      const z = zoneOf(w, a);
      const ep = w.experiencePoints[a.epIndex]?.id;
      const survey = w.surveys[a.surveyIndex]?.id;
      for (const [precision, from, to] of [
        ['day', '2026-09-01', '2026-11-21'],
        ['week', '2026-03-02', '2026-10-19'],
        ['month', '2025-12-01', '2026-11-01'],
      ] as const) {
        const res = await fetch(
          `${emu.url}/v2/results/aggregated-feedbacks.json?precision=${precision}&grouping=experience_point,survey&experiencePointIds=${ep}&surveyId=${survey}&startDate=${from}&endDate=${to}`,
          { headers: { 'X-Svc-API-Token': 'demo-v2-token' } },
        );
        const v2 = (await res.json()) as { time: string; groupKeys: string[]; feedbacks: number[] }[];
        const mine = await results(
          a,
          `truncate=${precision}&date_start=${midnightParam(z, addDays(from, -1))}&date_end=${midnightParam(z, to)}`,
        );
        expect(new Map([...mine].map(([ts, d]) => [`${ts.slice(0, 10)}T00:00:00.000`, d]))).toEqual(
          new Map(v2.map((r) => [r.time, r.feedbacks])),
        );
        expect(v2.every((r) => r.groupKeys.join() === `${ep},${survey}`)).toBe(true);
      }
    }
  });
});
