// The aggregates of a day or longer come from the world's day counts (dayCounts.ts), those of an hour press by press:
// each day-precision answer here is checked against the same request by hour, summed by the date of each hour (the
// press-by-press route), over real HTTP. The integration test checks both against the button-feedback list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../index.ts';
import { worldFromFixture } from '../world/fixture.ts';
import { oneTerminalFixture } from '../world/oneTerminalFixture.ts';
import { generateWorld } from '../world/world.ts';

interface AggRow {
  time: string;
  groupKeys: string[];
  feedbacks: number[];
}

async function agg(emu: RunningEmulator, query: string): Promise<AggRow[]> {
  const res = await fetch(`${emu.url}/v2/results/aggregated-feedbacks.json?${query}`, {
    headers: { 'X-Svc-API-Token': 'demo-v2-token' },
  });
  expect(res.status, query).toBe(200);
  return (await res.json()) as AggRow[];
}

/** Rows keyed by their day (the first ten characters of their time) and group, counts summed. */
function byDay(rows: AggRow[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const r of rows) {
    const key = JSON.stringify([r.time.slice(0, 10), ...r.groupKeys]);
    const sum = out.get(key) ?? [];
    r.feedbacks.forEach((n, b) => (sum[b] = (sum[b] ?? 0) + n));
    out.set(key, sum);
  }
  return out;
}

/** The request by day against the same by hour summed per day; the number of presses compared. */
async function sameByDayAndHour(emu: RunningEmulator, query: string): Promise<number> {
  const days = await agg(emu, `precision=day&${query}`);
  const hours = await agg(emu, `precision=hour&${query}`);
  expect(
    days.every((r) => r.time.slice(10) === 'T00:00:00.000'),
    query,
  ).toBe(true);
  expect(byDay(days), query).toEqual(byDay(hours));
  return days.reduce((s, r) => s + r.feedbacks.reduce((a, b) => a + b, 0), 0);
}

describe('aggregates from the day counts', () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({
      world: generateWorld({ seed: 5, size: 'small', now: new Date('2026-11-21T14:00:00Z') }),
    });
  });
  afterAll(() => emu.close());

  it('answers as the presses do, for windows, period words, subtrees, a survey and every grouping', async () => {
    const tree = (await (
      await fetch(`${emu.url}/v2/experience-points.json`, { headers: { 'X-Svc-API-Token': 'demo-v2-token' } })
    ).json()) as { experiencePointId: number; parent: number | null; type?: string }[];
    const group = tree.find((t) => t.parent !== null && tree.some((c) => c.parent === t.experiencePointId));
    const surveys = (await (
      await fetch(`${emu.url}/v2/surveys.json`, { headers: { 'X-Svc-API-Token': 'demo-v2-token' } })
    ).json()) as { surveyId: number }[];
    let compared = 0;
    for (const query of [
      'grouping=experience_point,survey&startDate=2026-03-01&endDate=2026-05-01', // across Europe's DST change
      'grouping=survey,experience_point&startDate=2025-10-20&endDate=2025-11-05',
      'grouping=survey&period=this-week,last-month', // each zone's own calendar
      'grouping=day_of_week,survey&startDate=2026-01-01&endDate=2026-02-01',
      `grouping=experience_point&surveyId=${surveys[0]?.surveyId}&startDate=2026-06-01&endDate=2026-07-01`,
      `grouping=experience_point,survey&experiencePointIds=${group?.experiencePointId}&period=2026-q2`,
    ])
      compared += await sameByDayAndHour(emu, query);
    expect(compared).toBeGreaterThan(1000); // the windows hold presses: the comparison is not of empty answers
  });

  it('answers weeks, months and the whole window as the sum of its days', async () => {
    const window = 'grouping=experience_point,survey&startDate=2026-02-01&endDate=2026-04-01';
    const days = await agg(emu, `precision=day&${window}`);
    const total = (rows: AggRow[]) => rows.reduce((s, r) => s + r.feedbacks.reduce((a, b) => a + b, 0), 0);
    for (const precision of ['week', 'month', 'none'])
      expect(total(await agg(emu, `precision=${precision}&${window}`)), precision).toBe(total(days));
  });
});

describe('a DST change at local midnight', () => {
  // Havana goes back from 01:00 to 00:00 on 2025-11-02 (05:00 UTC): the hour after midnight comes twice, and both of
  // its presses are of 2 November (the day starts at the first midnight, 04:00 UTC), by hour as by day.
  const world = worldFromFixture(
    oneTerminalFixture({
      now: '2025-12-01T00:00:00Z',
      pointName: 'Habana',
      zone: 'America/Havana',
      locale: 'es_ES',
      questionText: '¿Qué tal?',
      period: { startDate: '2025-01-01', endDate: '2026-01-01' },
      presses: {
        // 23:30 on 1 November (−04:00); 00:30 (−04:00), the first pass; 00:30 (−05:00), the second; a misuse
        time: [
          '2025-11-02T03:30:00Z',
          '2025-11-02T04:30:00Z',
          '2025-11-02T05:30:00Z',
          '2025-11-02T04:40:00Z',
        ],
        button: [0, 1, 2, 3],
        flags: [0, 0, 0, 1],
      },
    }),
  );
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ world });
  });
  afterAll(() => emu.close());

  it('puts each press where the press-by-press count does', async () => {
    const first = await agg(emu, 'precision=day&grouping=survey&startDate=2025-11-01&endDate=2025-11-02');
    expect(first).toEqual([{ time: '2025-11-01T00:00:00.000', groupKeys: ['20'], feedbacks: [1, 0, 0, 0] }]);
    const second = await agg(emu, 'precision=day&grouping=survey&startDate=2025-11-02&endDate=2025-11-03');
    expect(second).toEqual([{ time: '2025-11-02T00:00:00.000', groupKeys: ['20'], feedbacks: [0, 1, 1, 0] }]);
    for (const window of [
      'startDate=2025-11-01&endDate=2025-11-02',
      'startDate=2025-10-30&endDate=2025-11-04',
    ])
      expect(await sameByDayAndHour(emu, `grouping=survey&${window}`)).toBeGreaterThan(0);
  });
});
