// v1 open feedback and follow-up results over real HTTP. Expected items and counts are an independent tally
// over the press columns (flags) and the world's derived press content (followupOf, textOf); percentages are
// recomputed from the returned counts as api-v1.md §2.8 describes (per side, per button).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '#emulator/index.ts';
import { followupOf, textOf } from '#emulator/world/pressContent.ts';
import type { Assignment } from '#emulator/world/types.ts';
import {
  type Cursor,
  NOW,
  expectError,
  localTs,
  midnightParam,
  pagesOf,
  pressesOf,
  smallPageServer,
  v1,
  v1Assignments,
  v1Json,
  zoneOf,
} from './emulator-v1-support.ts';

interface OpenFeedback {
  ts: string;
  r: number;
  relevance?: number;
  spam?: boolean;
  f?: { key: number; name: string };
  text: string;
}
interface FollowUpResult {
  key: number;
  name: string;
  data: number[];
  percentages: number[];
}
interface FollowUps {
  meta: Record<string, never>;
  data: { painPoints: FollowUpResult[]; highlights: FollowUpResult[] };
}

const TEXT = 8;
const FOLLOWUP = 4;
const SPAM = 128;
let emu: RunningEmulator;
let web: Assignment;
let terminal: Assignment;

beforeAll(async () => {
  emu = await startEmulator({ seed: 5, size: 'small', now: NOW });
  const all = v1Assignments(emu.world);
  const pick = (kind: string): Assignment => {
    const a = all.find((x) => x.kind === kind);
    if (!a) throw new Error(`no ${kind} survey`);
    return a;
  };
  web = pick('WEB');
  terminal = pick('TERMINAL');
});
afterAll(async () => {
  await emu.close();
});

describe('v1 open feedback', () => {
  it('lists every press with a text, earliest first: ts, r, relevance, spam, f when chosen, text', async () => {
    const w = emu.world;
    const z = zoneOf(w, web);
    const want = pressesOf(w, web)
      .filter((i) => (w.presses.flags[i] ?? 0) & TEXT)
      .map((i) => {
        const f = (w.presses.flags[i] ?? 0) & FOLLOWUP ? followupOf(w, i)?.option : undefined;
        return {
          ts: localTs(z, w.presses.ts[i] ?? 0),
          r: w.presses.button[i],
          spam: ((w.presses.flags[i] ?? 0) & SPAM) !== 0,
          ...(f && { f: { key: f.id, name: f.text } }),
          text: textOf(w, i)?.text,
        };
      });
    expect(want.length).toBeGreaterThan(1000);
    expect(want.some((x) => x.spam)).toBe(true);
    const got = await v1Json<Cursor<OpenFeedback>>(emu.url, `surveys/${web.key}/openfeedback`);
    expect(got.meta).toEqual({}); // fewer than 10000
    for (const item of got.data) {
      expect(item.relevance).toBeGreaterThanOrEqual(0);
      expect(item.relevance).toBeLessThanOrEqual(1);
    }
    expect(got.data.map(({ relevance: _, ...rest }) => rest)).toEqual(want);
  });

  it('bounds by date_start/date_end, pages by the cursor rule, and answers 400 and 404', async () => {
    const w = emu.world;
    const z = zoneOf(w, web);
    const q = `date_start=${midnightParam(z, '2026-01-01')}&date_end=${midnightParam(z, '2026-07-01')}`;
    const whole = await v1Json<Cursor<OpenFeedback>>(emu.url, `surveys/${web.key}/openfeedback?${q}`);
    const from = Date.parse('2026-01-01T00:00:00+01:00');
    const to = Date.parse('2026-07-01T00:00:00+02:00');
    expect(whole.data.length).toBe(
      pressesOf(w, web).filter((i) => {
        const t = w.presses.ts[i] ?? 0;
        return (w.presses.flags[i] ?? 0) & TEXT && t >= from && t < to;
      }).length,
    );
    const server = await smallPageServer(w, { openFeedback: 100 });
    try {
      const pages = await pagesOf<OpenFeedback>(server.url, `surveys/${web.key}/openfeedback?${q}`);
      expect(pages.length).toBe(Math.ceil(whole.data.length / 100));
      expect(pages.flatMap((p) => p.data)).toEqual(whole.data);
      for (const [k, p] of pages.entries())
        if (pages[k + 1]) expect(p.meta.moreResultsAfter).toBe(pages[k + 1]?.data[0]?.ts);
    } finally {
      await server.close();
    }
    const path = `surveys/${web.key}/openfeedback`;
    await expectError(
      await v1(emu.url, `${path}?date_start=2026-02-01T00:00:00Z&date_end=2026-01-01T00:00:00Z`),
      400,
      'date_end',
    );
    await expectError(await v1(emu.url, `${path}?date_end=tomorrow`), 400, 'date_end');
    await expectError(await v1(emu.url, 'surveys/1/openfeedback'), 404);
    expect(
      (await v1Json<Cursor<OpenFeedback>>(emu.url, `surveys/${terminal.key}/openfeedback`)).data,
    ).toEqual([]);
  });
});

describe('v1 follow-up results', () => {
  it('counts each option per button, pain points from the negative question and highlights from the positive one', async () => {
    const w = emu.world;
    // Only web devices ask follow-ups on four-button surveys (touch devices run five-button and NPS ones).
    for (const a of [web]) {
      const z = zoneOf(w, a);
      const [from, to] = [Date.parse('2026-03-01T00:00:00Z'), Date.parse('2026-09-01T00:00:00Z')];
      const tally = new Map<number, { positive: boolean; data: number[] }>();
      for (const i of pressesOf(w, a)) {
        const t = w.presses.ts[i] ?? 0;
        if (t < from || t >= to || !((w.presses.flags[i] ?? 0) & FOLLOWUP)) continue;
        const chosen = followupOf(w, i);
        if (!chosen) continue;
        const row = tally.get(chosen.option.id) ?? { positive: chosen.question.positive, data: [0, 0, 0, 0] };
        row.data[w.presses.button[i] ?? 0] = (row.data[w.presses.button[i] ?? 0] ?? 0) + 1;
        tally.set(chosen.option.id, row);
      }
      const got = await v1Json<FollowUps>(
        emu.url,
        `surveys/${a.key}/followup?date_start=${encodeURIComponent(localTs(z, from))}&date_end=${encodeURIComponent(localTs(z, to))}`,
      );
      expect(got.meta).toEqual({});
      for (const [side, positive] of [
        [got.data.painPoints, false],
        [got.data.highlights, true],
      ] as const) {
        expect(side.length).toBeGreaterThan(1);
        expect(new Map(side.map((r) => [r.key, r.data]))).toEqual(
          new Map([...tally].filter(([, r]) => r.positive === positive).map(([k, r]) => [k, r.data])),
        );
        // Pain points answer the red buttons, highlights the green ones.
        for (const r of side) expect(positive ? r.data[0]! + r.data[1]! : r.data[2]! + r.data[3]!).toBe(0);
        for (let b = 0; b < 4; b++) {
          const sum = side.reduce((s, r) => s + (r.data[b] ?? 0), 0);
          for (const r of side)
            expect(r.percentages[b]).toBeCloseTo(sum === 0 ? 0 : (100 * (r.data[b] ?? 0)) / sum, 2);
          if (sum > 0) expect(side.reduce((s, r) => s + (r.percentages[b] ?? 0), 0)).toBeCloseTo(100, 0);
        }
        for (const r of side) expect(r.name.length).toBeGreaterThan(0);
      }
    }
  });

  it('gives two empty arrays when no follow-up was answered; 400 for a reversed range; 404 for an unknown survey', async () => {
    expect(await v1Json<FollowUps>(emu.url, `surveys/${terminal.key}/followup`)).toEqual({
      meta: {},
      data: { painPoints: [], highlights: [] },
    });
    expect(
      await v1Json<FollowUps>(
        emu.url,
        `surveys/${web.key}/followup?date_start=2010-01-01T00:00:00Z&date_end=2010-02-01T00:00:00Z`,
      ),
    ).toEqual({ meta: {}, data: { painPoints: [], highlights: [] } });
    await expectError(
      await v1(
        emu.url,
        `surveys/${web.key}/followup?date_start=2026-02-01T00:00:00Z&date_end=2026-01-01T00:00:00Z`,
      ),
      400,
      'date_end',
    );
    await expectError(await v1(emu.url, 'surveys/1/followup'), 404);
  });
});
