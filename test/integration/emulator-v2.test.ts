// Conformance of the emulator's first v2 slice over real HTTP on 127.0.0.1; expectations from api-v2.md and DECISIONS.md.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '#emulator/index.ts';

const NOW = new Date('2026-11-21T14:00:00Z');
const TOKEN = 'demo-v2-token';
let emu: RunningEmulator;

interface Feedback {
  feedbackId: string;
  smileyId: number;
  localTime: string;
  surveyId: number;
  experiencePointId: number;
  buttonIndex: number;
  misuse: boolean;
  smileyType: string;
  position: number;
  ui: string;
}
interface TreeItem {
  experiencePointId: number;
  name: string;
  parent: number | null;
  type: string;
}

async function get(
  path: string,
  token: string | null = TOKEN,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${emu.url}${path}`, {
    headers: { ...(token ? { 'X-Svc-API-Token': token } : {}), ...headers },
  });
}
async function json<T>(path: string, token: string | null = TOKEN): Promise<T> {
  const res = await get(path, token);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}
async function expectError(res: Response, status: number, mentions?: string): Promise<void> {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await res.json()) as { status: number; error: string; message: string };
  expect(body.status).toBe(status);
  expect(typeof body.error).toBe('string');
  expect(body.error.length).toBeGreaterThan(0);
  if (mentions) expect(body.message).toContain(mentions);
}

/** Follows Link headers from `path` and returns every record and the number of pages. */
async function allPages(path: string): Promise<{ records: Feedback[]; pages: number }> {
  const records: Feedback[] = [];
  let url: string | null = `${emu.url}${path}`;
  let pages = 0;
  while (url) {
    const res: Response = await fetch(url, { headers: { 'X-Svc-API-Token': TOKEN } });
    expect(res.status).toBe(200);
    records.push(...((await res.json()) as Feedback[]));
    pages++;
    const more = res.headers.get('x-more-available');
    const link = res.headers.get('link');
    if (more === 'true') {
      const m = /^<([^>]+)>; rel="next"$/.exec(link ?? '');
      expect(m).not.toBeNull();
      url = m?.[1] ?? null;
    } else {
      expect(more).toBe('false');
      expect(link).toBeNull();
      url = null;
    }
  }
  return { records, pages };
}

beforeAll(async () => {
  emu = await startEmulator({ seed: 3, size: 'tiny', now: NOW });
});
afterAll(async () => {
  await emu.close();
});

describe('v2 authentication, errors and rate-limit headers', () => {
  it('answers 401 with the error body and rate-limit headers when the token is missing or unknown', async () => {
    const res = await get('/v2/experience-points.json', null);
    expect(res.headers.get('x-svc-ratelimit-limit')).toMatch(/^\d+$/);
    expect(res.headers.get('x-svc-ratelimit-remaining')).toMatch(/^\d+$/);
    await expectError(res, 401);
    await expectError(await get('/v2/experience-points.json', 'not-a-token'), 401);
  });

  it('accepts the token as the auth query parameter', async () => {
    const res = await fetch(`${emu.url}/v2/experience-points.json?auth=${TOKEN}`);
    expect(res.status).toBe(200);
  });

  it('ignores unknown parameters and refuses unparsable known ones', async () => {
    expect((await get('/v2/results/button-feedbacks.json?whatever=1&startDate=2026-11-01')).status).toBe(200);
    await expectError(await get('/v2/results/button-feedbacks.json?includeMisuse=yes'), 400, 'includeMisuse');
    await expectError(await get('/v2/results/button-feedbacks.json?order=sideways'), 400, 'order');
    await expectError(await get('/v2/results/button-feedbacks.json?surveyId=abc'), 400, 'surveyId');
    await expectError(await get('/v2/results/button-feedbacks.json?offset=-1'), 400, 'offset');
    await expectError(await get('/v2/results/button-feedbacks.json?period=fortnight'), 400, 'period');
    await expectError(await get('/v2/experience-points.json?type=STORE'), 400, 'type');
  });

  it('refuses the limited token outside its country (403) and shows it only that subtree', async () => {
    const all = await json<TreeItem[]>('/v2/experience-points.json');
    const mine = await json<TreeItem[]>('/v2/experience-points.json', 'demo-v2-limited');
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.length).toBeLessThan(all.length);
    const mineIds = new Set(mine.map((i) => i.experiencePointId));
    const outside = all.find((i) => i.type === 'EXPERIENCE_POINT' && !mineIds.has(i.experiencePointId));
    await expectError(
      await get(
        `/v2/results/button-feedbacks.json?experiencePointId=${outside?.experiencePointId}`,
        'demo-v2-limited',
      ),
      403,
      'experiencePointId',
    );
    const list = await json<Feedback[]>(
      '/v2/results/button-feedbacks.json?startDate=2026-01-01&endDate=2026-11-22&limit=10000',
      'demo-v2-limited',
    );
    expect(list.length).toBeGreaterThan(0);
    for (const r of list) expect(mineIds.has(r.experiencePointId)).toBe(true);
  });
});

describe('v2 experience-points', () => {
  it('lists the whole tree: one root group without parent, every parent listed before its children', async () => {
    const items = await json<TreeItem[]>('/v2/experience-points.json');
    const roots = items.filter((i) => i.parent === null);
    expect(roots).toHaveLength(1);
    expect(roots[0]?.type).toBe('GROUP');
    const seen = new Set<number>();
    for (const i of items) {
      if (i.parent !== null) expect(seen.has(i.parent)).toBe(true);
      seen.add(i.experiencePointId);
    }
    expect(new Set(items.map((i) => i.type))).toEqual(new Set(['GROUP', 'EXPERIENCE_POINT']));
  });

  it('filters by type and by rootExperiencePointId (the root and its descendants)', async () => {
    const items = await json<TreeItem[]>('/v2/experience-points.json');
    const points = await json<TreeItem[]>('/v2/experience-points.json?type=EXPERIENCE_POINT');
    expect(points.every((i) => i.type === 'EXPERIENCE_POINT')).toBe(true);
    expect(points).toHaveLength(items.filter((i) => i.type === 'EXPERIENCE_POINT').length);
    const country = items.find((i) => i.parent === roots(items)[0]?.experiencePointId);
    const sub = await json<TreeItem[]>(
      `/v2/experience-points.json?rootExperiencePointId=${country?.experiencePointId}`,
    );
    const expected = descendants(items, country?.experiencePointId ?? -1);
    expect(new Set(sub.map((i) => i.experiencePointId))).toEqual(expected);
  });

  it('writes CSV with RFC 4180 quoting, a header of property names and CRLF line ends', async () => {
    const res = await get('/v2/experience-points.csv');
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = await res.text();
    expect(text.startsWith('experiencePointId,name,parent,type\r\n')).toBe(true);
    expect(text.charCodeAt(0)).not.toBe(0xfeff);
    const items = await json<TreeItem[]>('/v2/experience-points.json');
    const awkward = items.find((i) => i.name.includes('"') && i.name.includes(',') && i.name.includes('\n'));
    expect(awkward).toBeDefined();
    // quoted, inner quotes doubled, the line break kept inside the quotes
    const quoted = `"${awkward?.name.replaceAll('"', '""')}"`;
    expect(text).toContain(
      `\r\n${awkward?.experiencePointId},${quoted},${awkward?.parent},EXPERIENCE_POINT\r\n`,
    );
    // the root's absent parent is an empty cell
    const root = roots(items)[0];
    expect(text).toContain(`\r\n${root?.experiencePointId},${csvQuote(root?.name ?? '')},,GROUP\r\n`);
    const semi = await (await get('/v2/experience-points.csv?csvSeparator=;')).text();
    expect(semi.startsWith('experiencePointId;name;parent;type\r\n')).toBe(true);
    await expectError(await get('/v2/experience-points.csv?csvSeparator=;;'), 400, 'csvSeparator');
  });

  it('answers 403 for a rootExperiencePointId that is not in the tree', async () => {
    await expectError(
      await get('/v2/experience-points.json?rootExperiencePointId=1'),
      403,
      'rootExperiencePointId',
    );
  });
});

describe('v2 button feedbacks', () => {
  const window = 'startDate=2026-05-01&endDate=2026-11-22';

  it('returns records with the common fields plus position and ui, localTime with a colon offset', async () => {
    const list = await json<Feedback[]>(`/v2/results/button-feedbacks.json?${window}&limit=200`);
    expect(list.length).toBe(200);
    for (const r of list) {
      expect(Object.keys(r)).toEqual([
        'feedbackId',
        'smileyId',
        'localTime',
        'surveyId',
        'experiencePointId',
        'buttonIndex',
        'misuse',
        'smileyType',
        'position',
        'ui',
      ]);
      expect(r.feedbackId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(r.localTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/);
      expect(['SMILEY_TERMINAL', 'SMILEY_TOUCH', 'SMILEY_DIGITAL']).toContain(r.smileyType);
      expect(['physical', 'digital', 'touchless', 'qr', 'link', 'email']).toContain(r.ui);
      expect(r.buttonIndex).toBeGreaterThanOrEqual(0);
      expect(r.buttonIndex).toBeLessThanOrEqual(10);
      expect(r.misuse).toBe(false);
    }
  });

  it('keeps every record inside the window by its local date, in time order', async () => {
    const list = await json<Feedback[]>(
      '/v2/results/button-feedbacks.json?startDate=2026-10-01&endDate=2026-11-01&limit=10000',
    );
    expect(list.length).toBeGreaterThan(0);
    for (const r of list) {
      expect(r.localTime.slice(0, 10) >= '2026-10-01').toBe(true);
      expect(r.localTime.slice(0, 10) < '2026-11-01').toBe(true);
    }
    const instants = list.map((r) => Date.parse(r.localTime));
    expect(instants).toEqual([...instants].sort((a, b) => a - b));
    const desc = await json<Feedback[]>(
      '/v2/results/button-feedbacks.json?startDate=2026-10-01&endDate=2026-11-01&limit=10000&order=desc',
    );
    expect(desc.map((r) => r.feedbackId)).toEqual(list.map((r) => r.feedbackId).reverse());
  });

  it('pages with X-More-Available and an absolute Link that advances offset by limit and keeps the rest', async () => {
    const res = await get(`/v2/results/button-feedbacks.json?${window}&limit=25&foo=bar`);
    expect(res.headers.get('x-more-available')).toBe('true');
    const link = /^<([^>]+)>; rel="next"$/.exec(res.headers.get('link') ?? '')?.[1] ?? '';
    const next = new URL(link);
    expect(`${next.protocol}//${next.host}`).toBe(emu.url);
    expect(next.pathname).toBe('/v2/results/button-feedbacks.json');
    expect(next.searchParams.get('offset')).toBe('25');
    expect(next.searchParams.get('limit')).toBe('25');
    expect(next.searchParams.get('startDate')).toBe('2026-05-01');
    expect(next.searchParams.get('endDate')).toBe('2026-11-22');
    expect(next.searchParams.get('foo')).toBe('bar');

    const whole = await json<Feedback[]>(`/v2/results/button-feedbacks.json?${window}&limit=10000`);
    expect(whole.length).toBeLessThan(10000);
    const paged = await allPages(`/v2/results/button-feedbacks.json?${window}&limit=97`);
    expect(paged.pages).toBe(Math.ceil(whole.length / 97));
    expect(paged.records.map((r) => r.feedbackId)).toEqual(whole.map((r) => r.feedbackId));
    expect(new Set(paged.records.map((r) => r.feedbackId)).size).toBe(whole.length);
    // an offset far past the end is an empty page with nothing more
    const past = await get(`/v2/results/button-feedbacks.json?${window}&offset=${whole.length}`);
    expect(await past.json()).toEqual([]);
    expect(past.headers.get('x-more-available')).toBe('false');
  });

  it('accepts limit 0..10000 only; limit=0 is an empty list telling whether anything matches', async () => {
    const zero = await get(`/v2/results/button-feedbacks.json?${window}&limit=0`);
    expect(await zero.json()).toEqual([]);
    expect(zero.headers.get('x-more-available')).toBe('true');
    const none = await get(
      '/v2/results/button-feedbacks.json?startDate=2010-01-01&endDate=2010-02-01&limit=0',
    );
    expect(none.headers.get('x-more-available')).toBe('false');
    for (const bad of ['10001', '-1', 'ten', '1.5'])
      await expectError(await get(`/v2/results/button-feedbacks.json?limit=${bad}`), 400, 'limit');
    expect((await get(`/v2/results/button-feedbacks.json?${window}&limit=10000`)).status).toBe(200);
  });

  it('defaults to 1000 records per page', async () => {
    const list = await json<Feedback[]>(
      '/v2/results/button-feedbacks.json?startDate=2025-11-22&endDate=2026-11-22',
    );
    expect(list).toHaveLength(1000);
  });

  it('refuses windows over 366 days, ends not after the start, and malformed dates', async () => {
    expect(
      (await get('/v2/results/button-feedbacks.json?startDate=2025-01-01&endDate=2026-01-02&limit=1')).status,
    ).toBe(200); // 366 days
    await expectError(
      await get('/v2/results/button-feedbacks.json?startDate=2025-01-01&endDate=2026-01-03'),
      400,
      'endDate',
    );
    await expectError(
      await get('/v2/results/button-feedbacks.json?startDate=2026-03-01&endDate=2026-03-01'),
      400,
      'endDate',
    );
    await expectError(await get('/v2/results/button-feedbacks.json?startDate=2026-02-30'), 400, 'startDate');
    await expectError(await get('/v2/results/button-feedbacks.json?period=2024,2025,2026'), 400, 'period');
  });

  it('uses the named periods (a quarter here) and lets startDate/endDate win over period', async () => {
    const q = await json<Feedback[]>('/v2/results/button-feedbacks.json?period=2026-q2&limit=10000');
    expect(q.length).toBeGreaterThan(0);
    for (const r of q)
      expect(r.localTime.slice(0, 10) >= '2026-04-01' && r.localTime.slice(0, 10) < '2026-07-01').toBe(true);
    const dates = await json<Feedback[]>(
      '/v2/results/button-feedbacks.json?period=2026-q2&startDate=2026-09-01&endDate=2026-09-08&limit=10000',
    );
    for (const r of dates)
      expect(r.localTime.slice(0, 10) >= '2026-09-01' && r.localTime.slice(0, 10) < '2026-09-08').toBe(true);
  });

  it('leaves misuse out unless includeMisuse=true', async () => {
    const base = '/v2/results/button-feedbacks.json?startDate=2025-11-22&endDate=2026-11-22&limit=10000';
    const without = await json<Feedback[]>(base);
    const withMisuse = await json<Feedback[]>(`${base}&includeMisuse=true`);
    expect(without.some((r) => r.misuse)).toBe(false);
    const misused = withMisuse.filter((r) => r.misuse);
    expect(misused.length).toBeGreaterThan(0);
    expect(withMisuse.filter((r) => !r.misuse).map((r) => r.feedbackId)).toEqual(
      without.map((r) => r.feedbackId),
    );
  });

  it('filters by surveyId and by experiencePointId (a group means its subtree)', async () => {
    const items = await json<TreeItem[]>('/v2/experience-points.json');
    const country = items.find((i) => i.parent === roots(items)[0]?.experiencePointId);
    const inside = descendants(items, country?.experiencePointId ?? -1);
    const base = '/v2/results/button-feedbacks.json?startDate=2025-11-22&endDate=2026-11-22&limit=10000';
    const byGroup = await json<Feedback[]>(`${base}&experiencePointId=${country?.experiencePointId}`);
    expect(byGroup.length).toBeGreaterThan(0);
    for (const r of byGroup) expect(inside.has(r.experiencePointId)).toBe(true);
    const surveyId = byGroup[0]?.surveyId;
    const bySurvey = await json<Feedback[]>(`${base}&surveyId=${surveyId}`);
    expect(bySurvey.length).toBeGreaterThan(0);
    for (const r of bySurvey) expect(r.surveyId).toBe(surveyId);
    expect(await json<Feedback[]>(`${base}&surveyId=1`)).toEqual([]);
  });

  it('writes the same records as CSV', async () => {
    const q = 'startDate=2026-10-01&endDate=2026-10-15&limit=300';
    const list = await json<Feedback[]>(`/v2/results/button-feedbacks.json?${q}`);
    const text = await (await get(`/v2/results/button-feedbacks.csv?${q}`)).text();
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      'feedbackId,smileyId,localTime,surveyId,experiencePointId,buttonIndex,misuse,smileyType,position,ui',
    );
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(1, -1)).toEqual(
      list.map((r) =>
        [
          r.feedbackId,
          r.smileyId,
          r.localTime,
          r.surveyId,
          r.experiencePointId,
          r.buttonIndex,
          r.misuse,
          r.smileyType,
          r.position,
          r.ui,
        ].join(','),
      ),
    );
  });

  it('quotes cells that contain the separator (here a colon, which every localTime holds)', async () => {
    const q = 'startDate=2026-10-01&endDate=2026-10-15&limit=20';
    const list = await json<Feedback[]>(`/v2/results/button-feedbacks.json?${q}`);
    const text = await (await get(`/v2/results/button-feedbacks.csv?${q}&csvSeparator=:`)).text();
    const lines = text.split('\r\n');
    expect(lines[1]).toBe(
      [
        list[0]?.feedbackId,
        list[0]?.smileyId,
        `"${list[0]?.localTime}"`,
        list[0]?.surveyId,
        list[0]?.experiencePointId,
        list[0]?.buttonIndex,
        list[0]?.misuse,
        list[0]?.smileyType,
        1,
        list[0]?.ui,
      ].join(':'),
    );
  });

  it('compresses with gzip when asked and the body is over 1400 bytes', async () => {
    const res = await fetch(`${emu.url}/v2/results/button-feedbacks.json?${window}&limit=50`, {
      headers: { 'X-Svc-API-Token': TOKEN, 'Accept-Encoding': 'gzip' },
    });
    expect(res.status).toBe(200);
    // fetch inflates transparently; the header tells what came over the wire
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(((await res.json()) as unknown[]).length).toBe(50);
  });
});

describe('determinism and the request budget', () => {
  it('gives byte-identical answers for the same seed, size and now', async () => {
    const other = await startEmulator({ seed: 3, size: 'tiny', now: NOW });
    try {
      const path = '/v2/results/button-feedbacks.json?startDate=2026-01-01&endDate=2026-11-22&limit=5000';
      const a = await (await get(path)).text();
      const b = await (await fetch(`${other.url}${path}`, { headers: { 'X-Svc-API-Token': TOKEN } })).text();
      expect(b).toBe(a);
    } finally {
      await other.close();
    }
  });

  it('counts down X-Svc-RateLimit-Remaining and answers 429 with Retry-After when the budget is spent', async () => {
    const limited = await startEmulator({ seed: 3, size: 'tiny', now: NOW, rateLimit: 3 });
    try {
      const call = (): Promise<Response> =>
        fetch(`${limited.url}/v2/experience-points.json`, { headers: { 'X-Svc-API-Token': TOKEN } });
      const remaining: (string | null)[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await call();
        expect(res.status).toBe(200);
        expect(res.headers.get('x-svc-ratelimit-limit')).toBe('3');
        remaining.push(res.headers.get('x-svc-ratelimit-remaining'));
        await res.arrayBuffer();
      }
      expect(remaining).toEqual(['2', '1', '0']);
      const refused = await call();
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.headers.get('x-svc-ratelimit-remaining')).toBe('0');
      await expectError(refused, 429);
    } finally {
      await limited.close();
    }
  });
});

function roots(items: TreeItem[]): TreeItem[] {
  return items.filter((i) => i.parent === null);
}

/** Ids of a node and everything below it, computed from the parent links of the list. */
function descendants(items: TreeItem[], id: number): Set<number> {
  const out = new Set<number>([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const i of items)
      if (i.parent !== null && out.has(i.parent) && !out.has(i.experiencePointId)) {
        out.add(i.experiencePointId);
        grew = true;
      }
  }
  return out;
}

function csvQuote(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
