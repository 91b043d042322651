// Aggregated counts over real HTTP: every precision × grouping rule, 400s and 403s, and the counts
// recomputed independently from the button-feedback list (misuse excluded) by slicing localTime text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '#emulator/index.ts';

const NOW = new Date('2026-11-21T14:00:00Z');
const TOKEN = 'demo-v2-token';
const WINDOW = 'startDate=2026-03-01&endDate=2026-05-01'; // spans the European DST change
let emu: RunningEmulator;

interface Feedback {
  localTime: string;
  surveyId: number;
  experiencePointId: number;
  buttonIndex: number;
  misuse: boolean;
}
interface AggRow {
  time: string;
  groupKeys: string[];
  feedbacks: number[];
}

async function get(path: string, token = TOKEN): Promise<Response> {
  return fetch(`${emu.url}/v2/${path}`, { headers: { 'X-Svc-API-Token': token } });
}
async function agg(query: string): Promise<AggRow[]> {
  const res = await get(`results/aggregated-feedbacks.json?${query}`);
  expect(res.status, query).toBe(200);
  return (await res.json()) as AggRow[];
}
async function feedbacks(query: string): Promise<Feedback[]> {
  const out: Feedback[] = [];
  for (let offset = 0; ; offset += 10000) {
    const res = await get(`results/button-feedbacks.json?${query}&limit=10000&offset=${offset}`);
    out.push(...((await res.json()) as Feedback[]));
    if (res.headers.get('x-more-available') !== 'true') return out;
  }
}

/** Local calendar fields read straight from the localTime text. */
function monday(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  const back = (d.getUTCDay() + 6) % 7;
  return new Date(d.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}
function weekday(date: string): string {
  return String(((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1);
}

/** Expected rows from feedback records: key → counts per button (buttons = scale size). */
function expected(
  list: Feedback[],
  bucket: (f: Feedback) => string,
  keys: (f: Feedback) => string[],
  buttons: number,
): Map<string, number[]> {
  const m = new Map<string, number[]>();
  for (const f of list) {
    const k = JSON.stringify([bucket(f), ...keys(f)]);
    const counts = m.get(k) ?? new Array<number>(buttons).fill(0);
    counts[f.buttonIndex] = (counts[f.buttonIndex] ?? 0) + 1;
    m.set(k, counts);
  }
  return m;
}
function actual(rows: AggRow[]): Map<string, number[]> {
  return new Map(rows.map((r) => [JSON.stringify([r.time, ...r.groupKeys]), r.feedbacks]));
}

let surveyId = 0;
let buttons = 4;
let list: Feedback[] = [];

beforeAll(async () => {
  emu = await startEmulator({ seed: 5, size: 'small', now: NOW });
  const surveys = (await (await get('surveys.json')).json()) as { surveyId: number; feedbackScale: string }[];
  const four = surveys.find((s) => s.feedbackScale === 'four');
  surveyId = four?.surveyId ?? 0;
  buttons = 4;
  list = await feedbacks(`${WINDOW}&surveyId=${surveyId}`);
});
afterAll(async () => {
  await emu.close();
});

describe('aggregated feedback counts', () => {
  it('counts per local day and experience point equal the button feedbacks of the window (misuse excluded)', async () => {
    expect(list.length).toBeGreaterThan(1000);
    expect(list.some((f) => f.misuse)).toBe(false);
    const rows = await agg(`precision=day&grouping=experience_point&surveyId=${surveyId}&${WINDOW}`);
    expect(actual(rows)).toEqual(
      expected(
        list,
        (f) => `${f.localTime.slice(0, 10)}T00:00:00.000`,
        (f) => [String(f.experiencePointId)],
        buttons,
      ),
    );
  });

  it.each([
    [
      '15-minutes',
      (t: string) =>
        `${t.slice(0, 14)}${String(Math.floor(Number(t.slice(14, 16)) / 15) * 15).padStart(2, '0')}:00.000`,
    ],
    ['hour', (t: string) => `${t.slice(0, 13)}:00:00.000`],
    ['week', (t: string) => `${monday(t.slice(0, 10))}T00:00:00.000`],
    ['month', (t: string) => `${t.slice(0, 7)}-01T00:00:00.000`],
    ['year', (t: string) => `${t.slice(0, 4)}-01-01T00:00:00.000`],
  ])('buckets by %s in each point local calendar', async (precision, bucket) => {
    const rows = await agg(`precision=${precision}&grouping=none&surveyId=${surveyId}&${WINDOW}`);
    expect(actual(rows)).toEqual(
      expected(
        list,
        (f) => bucket(f.localTime),
        () => [],
        buttons,
      ),
    );
  });

  it('groups by hour of day and day of week (1 = Monday) with precision none at the window start', async () => {
    const rows = await agg(`precision=none&grouping=hour_of_day,day_of_week&surveyId=${surveyId}&${WINDOW}`);
    expect(actual(rows)).toEqual(
      expected(
        list,
        () => '2026-03-01T00:00:00.000',
        (f) => [String(Number(f.localTime.slice(11, 13))), weekday(f.localTime.slice(0, 10))],
        buttons,
      ),
    );
  });

  it('gives each survey its own scale when grouped by survey', async () => {
    const rows = await agg(`precision=month&grouping=survey&${WINDOW}`);
    const surveys = (await (await get('surveys.json')).json()) as {
      surveyId: number;
      feedbackScale: string;
    }[];
    const size: Record<string, number> = { four: 4, five: 5, five_reversed: 5, nps: 11 };
    for (const r of rows) {
      const s = surveys.find((x) => String(x.surveyId) === r.groupKeys[0]);
      expect(r.feedbacks).toHaveLength(size[s?.feedbackScale ?? ''] ?? -1);
    }
  });

  it('filters by experiencePointIds (a group stands for its subtree)', async () => {
    const tree = (await (await get('experience-points.json')).json()) as {
      experiencePointId: number;
      parent: number | null;
    }[];
    const root = tree.find((t) => t.parent === null);
    const country = tree.find((t) => t.parent === root?.experiencePointId);
    const inside = new Set([country?.experiencePointId]);
    for (const t of tree) if (t.parent !== null && inside.has(t.parent)) inside.add(t.experiencePointId);
    const rows = await agg(
      `precision=day&grouping=experience_point&surveyId=${surveyId}&experiencePointIds=${country?.experiencePointId}&${WINDOW}`,
    );
    expect(actual(rows)).toEqual(
      expected(
        list.filter((f) => inside.has(f.experiencePointId)),
        (f) => `${f.localTime.slice(0, 10)}T00:00:00.000`,
        (f) => [String(f.experiencePointId)],
        buttons,
      ),
    );
  });

  it('refuses what the rules refuse', async () => {
    const bad = async (query: string, code: number, mention: string): Promise<void> => {
      const res = await get(`results/aggregated-feedbacks.json?${query}`);
      expect(res.status, query).toBe(code);
      const body = (await res.json()) as { status: number; message: string };
      expect(body.status).toBe(code);
      expect(body.message).toContain(mention);
    };
    await bad(`precision=none&grouping=none&surveyId=${surveyId}`, 400, 'none');
    await bad(`precision=fortnight&grouping=none`, 400, 'precision');
    await bad(`grouping=survey`, 400, 'precision');
    await bad(`precision=day`, 400, 'grouping');
    await bad(`precision=day&grouping=store`, 400, 'grouping');
    await bad(`precision=day&grouping=survey,survey`, 400, 'grouping');
    await bad(`precision=day&grouping=experience_point&${WINDOW}`, 400, 'surveyId'); // several scales, no survey grouping
    await bad(`precision=day&grouping=survey&experiencePointIds=1`, 403, 'experiencePointIds');
    await bad(`precision=day&grouping=survey&startDate=2025-01-01&endDate=2026-03-01`, 400, 'endDate');
    expect((await get('results/aggregated-feedbacks.csv?precision=day&grouping=survey')).status).toBe(400);
  });
});
