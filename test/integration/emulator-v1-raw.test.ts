// v1 raw results over real HTTP. Expected items are an independent, simpler computation over the press columns
// (a survey's presses found by scanning for its devices, hourly-sum devices grouped by device and instant,
// local times from Intl); the split form and the cursor rule come from api-v1.md §2.9/§4.8 and DECISIONS.md.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '#emulator/index.ts';
import type { Assignment } from '#emulator/world/types.ts';
import {
  type Cursor,
  NOW,
  type RawItem,
  expectError,
  localMidnight,
  localTs,
  midnightParam,
  pagesOf,
  pressCount,
  pressesOf,
  smallPageServer,
  v1Assignments,
  v1Json,
  zoneOf,
} from './emulator-v1-support.ts';

const MISUSE = 1;
const FOLLOWUP = 4;
const TEXT = 8;
let emu: RunningEmulator;
let mixed: Assignment; // a terminal survey with an hourly-sum device and a single-press device
let legacy: Assignment; // the web survey of 2019-12-01 .. 2020-06-01
let web: Assignment; // the busiest web survey (more than 10000 raw items with open feedback)
const enc = encodeURIComponent;

const raw = (a: Assignment, query = ''): Promise<Cursor<RawItem>> =>
  v1Json<Cursor<RawItem>>(emu.url, `surveys/${a.key}/rawresults?${query}`);
const total = (items: RawItem[]): number => items.reduce((n, i) => n + pressCount(i), 0);

beforeAll(async () => {
  emu = await startEmulator({ seed: 5, size: 'small', now: NOW });
  const w = emu.world;
  const all = v1Assignments(w);
  const hourly = (a: Assignment): boolean[] => a.smileyIndexes.map((s) => w.smileys[s]?.hourlySums ?? false);
  const find = (f: (a: Assignment) => boolean): Assignment => {
    const a = all.find(f);
    if (!a) throw new Error('the small world lacks a survey this test needs');
    return a;
  };
  mixed = find((a) => hourly(a).includes(true) && hourly(a).includes(false));
  legacy = find(
    (a) =>
      a.kind === 'WEB' && w.surveys[a.surveyIndex]?.periods[0]?.endDay === Date.UTC(2020, 5, 1) / 86_400_000,
  );
  web = find((a) => a.kind === 'WEB');
});
afterAll(async () => {
  await emu.close();
});

describe('v1 raw results: items', () => {
  it('gives every press once, misuse included: {ts, r} per press, {ts, data} per hourly device and hour', async () => {
    const w = emu.world;
    const z = zoneOf(w, mixed);
    const want: string[] = [];
    const sums = new Map<string, number[]>();
    let misuse = 0;
    for (const i of pressesOf(w, mixed)) {
      const ts = localTs(z, w.presses.ts[i] ?? 0);
      const b = w.presses.button[i] ?? 0;
      if ((w.presses.flags[i] ?? 0) & MISUSE) misuse++;
      if (!w.smileys[w.presses.smiley[i] ?? 0]?.hourlySums) {
        want.push(JSON.stringify({ ts, r: b }));
        continue;
      }
      const key = `${w.presses.smiley[i]}|${ts}`;
      const c = sums.get(key) ?? [0, 0, 0, 0];
      c[b] = (c[b] ?? 0) + 1;
      sums.set(key, c);
    }
    for (const [key, data] of sums) want.push(JSON.stringify({ ts: key.split('|')[1], data }));
    expect(misuse).toBeGreaterThan(0);
    expect(sums.size).toBeGreaterThan(100);
    const got = await raw(mixed);
    expect(got.meta).toEqual({});
    expect(got.data.map((i) => JSON.stringify(i)).sort()).toEqual(want.sort());
    for (let k = 1; k < got.data.length; k++)
      expect(Date.parse(got.data[k]?.ts ?? '')).toBeGreaterThanOrEqual(Date.parse(got.data[k - 1]?.ts ?? ''));
    for (const item of got.data.filter((i) => i.data))
      expect(item.ts).toMatch(/T\d{2}:00:00\.000[+-]\d{2}:\d{2}$/);
  });

  it('bounds by date_start (inclusive) and date_end (exclusive); empty data when the end is not after the start', async () => {
    const w = emu.world;
    const z = zoneOf(w, web);
    const i = pressesOf(w, web)[500] ?? 0;
    const t = w.presses.ts[i] ?? 0;
    const at = (ms: number): string => enc(localTs(z, ms));
    const exact = await raw(web, `date_start=${at(t)}&date_end=${at(t + 1)}`);
    expect(exact.data.map((x) => x.ts)).toEqual([localTs(z, t)]);
    expect((await raw(web, `date_start=${at(t + 1)}&date_end=${at(t + 2)}`)).data).toEqual([]);
    expect(await raw(web, `date_start=${at(t)}&date_end=${at(t)}`)).toEqual({ meta: {}, data: [] });
    expect(await raw(web, `date_start=${at(t)}&date_end=${at(t - 60_000)}`)).toEqual({ meta: {}, data: [] });
    await expectError(
      await fetch(`${emu.url}/v1/surveys/${web.key}/rawresults?date_start=soon`, {
        headers: { 'X-Svc-Client-Id': 'demo-client', 'X-Svc-API-Token': 'demo-token' },
      }),
      400,
      'date_start',
    );
    await expectError(
      await fetch(`${emu.url}/v1/surveys/1/rawresults`, {
        headers: { 'X-Svc-Client-Id': 'demo-client', 'X-Svc-API-Token': 'demo-token' },
      }),
      404,
    );
  });

  it('adds f only with followup=true, exactly for presses with a follow-up, from the survey options', async () => {
    const w = emu.world;
    const survey = w.surveys[web.surveyIndex];
    const options = new Set(
      (w.followupsBySurvey[survey?.index ?? -1] ?? []).flatMap((q) =>
        (w.followupQuestions[q]?.optionIndexes ?? []).map((o) => w.followupOptions[o]?.id),
      ),
    );
    const flagged = pressesOf(w, web).filter((i) => (w.presses.flags[i] ?? 0) & FOLLOWUP).length;
    const plain = await raw(web);
    expect(plain.data.some((i) => i.f)).toBe(false);
    const withF = await raw(web, 'followup=true');
    const fs = withF.data.filter((i) => i.f);
    expect(fs.length).toBe(flagged);
    expect(flagged).toBeGreaterThan(100);
    for (const i of fs) expect(options.has(i.f?.key)).toBe(true);
    expect(withF.data.map((i) => i.ts)).toEqual(plain.data.map((i) => i.ts));
  });

  it('splits digital open feedback before 2020-03-01 into {ts, r} and {ts, o: {r, text}}; one {ts, r, o} from then on', async () => {
    const w = emu.world;
    const z = zoneOf(w, legacy);
    const split = localMidnight(z, '2020-03-01');
    const presses = pressesOf(w, legacy);
    const texts = presses.filter((i) => (w.presses.flags[i] ?? 0) & TEXT);
    const early = texts.filter((i) => (w.presses.ts[i] ?? 0) < split).length;
    expect(early).toBeGreaterThan(20);
    expect(texts.length - early).toBeGreaterThan(20);
    const plain = (await raw(legacy)).data;
    const open = (await raw(legacy, 'openfeedback=true')).data;
    expect(plain.length).toBe(presses.length);
    expect(open.length).toBe(presses.length + early);
    // Button totals are the same with and without open feedback (the split text item carries no root r).
    expect(total(open)).toBe(total(plain));
    expect(total(open)).toBe(presses.length);
    const before = open.filter((i) => i.o && Date.parse(i.ts) < split);
    const after = open.filter((i) => i.o && Date.parse(i.ts) >= split);
    expect(before.length).toBe(early);
    for (const i of before) {
      expect(i.r).toBeUndefined();
      expect(i.o?.r).toBeTypeOf('number');
      expect(i.o?.text.length).toBeGreaterThan(0);
      // Its button press is a separate item at the same timestamp with the same button.
      expect(open.some((p) => p.ts === i.ts && p.r === i.o?.r && !p.o)).toBe(true);
    }
    expect(after.length).toBe(texts.length - early);
    for (const i of after) {
      expect(i.r).toBeTypeOf('number');
      expect(i.o?.r).toBeUndefined();
      expect(i.o?.text.length).toBeGreaterThan(0);
    }
  });
});

describe('v1 raw results: cursor pages', () => {
  it('cuts pages only between timestamps; moreResultsAfter is the next first timestamp; the pages union to one request', async () => {
    const big = (await raw(legacy, 'openfeedback=true')).data;
    // A nominal page end that falls between the two items of a split (same timestamp).
    const tie = big.findIndex((item, k) => k > 10 && item.ts === big[k - 1]?.ts);
    expect(tie).toBeGreaterThan(0);
    for (const size of [tie, 7]) {
      const server = await smallPageServer(emu.world, { rawOpenFeedback: size, raw: size });
      try {
        for (const query of ['openfeedback=true', '']) {
          const whole = (await raw(legacy, query)).data;
          const pages = await pagesOf<RawItem>(server.url, `surveys/${legacy.key}/rawresults?${query}`);
          expect(pages.length).toBeGreaterThan(1);
          expect(pages.flatMap((p) => p.data)).toEqual(whole);
          pages.forEach((p, k) => {
            const next = pages[k + 1];
            if (!next) return expect(p.meta).toEqual({});
            const last = p.data[p.data.length - 1]?.ts;
            expect(p.data.length).toBeGreaterThanOrEqual(size);
            expect(p.data.slice(size).every((i) => i.ts === last)).toBe(true);
            expect(p.meta.moreResultsAfter).toBe(next.data[0]?.ts);
            expect(next.data[0]?.ts).not.toBe(last);
          });
          if (size === tie && query) expect(pages[0]?.data.length).toBe(tie + 1);
        }
      } finally {
        await server.close();
      }
    }
  });

  it('holds 10000 items per page with openfeedback=true and everything in one page without', async () => {
    const whole = await smallPageServer(emu.world, { rawOpenFeedback: 1e9 });
    try {
      const all = await v1Json<Cursor<RawItem>>(whole.url, `surveys/${web.key}/rawresults?openfeedback=true`);
      expect(all.data.length).toBeGreaterThan(10_000);
      const pages = await pagesOf<RawItem>(emu.url, `surveys/${web.key}/rawresults?openfeedback=true`);
      expect(pages[0]?.data.length).toBe(10_000); // no two web presses share a timestamp here
      expect(pages.flatMap((p) => p.data)).toEqual(all.data);
      const plain = await raw(web);
      expect(plain.meta).toEqual({});
      expect(total(plain.data)).toBe(total(all.data));
    } finally {
      await whole.close();
    }
  });
});

describe('v1 raw results against v2 button feedbacks', () => {
  it('press counts equal v2 button feedbacks with includeMisuse=true per survey', async () => {
    const w = emu.world;
    for (const a of [mixed, web, ...v1Assignments(w).slice(0, 3)]) {
      const z = zoneOf(w, a);
      const [from, to] = ['2026-08-01', '2026-11-22'];
      const v1Items = (await raw(a, `date_start=${midnightParam(z, from)}&date_end=${midnightParam(z, to)}`))
        .data;
      let v2 = 0;
      let v2NoMisuse = 0;
      for (const misuse of [true, false])
        for (let offset = 0; ; offset += 10_000) {
          const res = await fetch(
            `${emu.url}/v2/results/button-feedbacks.json?surveyId=${w.surveys[a.surveyIndex]?.id}&experiencePointId=${w.experiencePoints[a.epIndex]?.id}&startDate=${from}&endDate=${to}&includeMisuse=${misuse}&limit=10000&offset=${offset}`,
            { headers: { 'X-Svc-API-Token': 'demo-v2-token' } },
          );
          const n = ((await res.json()) as unknown[]).length;
          if (misuse) v2 += n;
          else v2NoMisuse += n;
          if (res.headers.get('x-more-available') !== 'true') break;
        }
      expect(total(v1Items)).toBe(v2);
      expect(v2).toBeGreaterThan(0);
      if (a === mixed) expect(v2NoMisuse).toBeLessThan(v2);
    }
  });
});
