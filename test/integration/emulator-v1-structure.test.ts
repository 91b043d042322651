// v1 over real HTTP: authentication (both forms), 401, 429, the disjoint second company, folders, children,
// surveys, questions. Expectations come from api-v1.md / DECISIONS.md and the world's structure records
// (tree by parentId, periods turned into instants with Intl), not from the emulator's v1 code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '#emulator/index.ts';
import { DEMO, NOW, OTHER, basic, expectError, localMidnight, v1, v1Json } from './emulator-v1-support.ts';

interface Folder {
  key: number;
  name: string;
  folders?: Folder[];
  surveys?: Survey[];
}
interface Survey {
  key: number;
  question: { key: number; name: string; locale: string };
  folder?: { key: number; name: string };
  timeZone: string;
  activePeriods?: { start: string; end: string }[];
  surveyType?: string;
}
interface OffsetPage<T> {
  meta: { offset: number; limit: number; total: number };
  data: T[];
}

let emu: RunningEmulator;
const TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/;

beforeAll(async () => {
  emu = await startEmulator({ seed: 5, size: 'tiny', now: NOW });
});
afterAll(async () => {
  await emu.close();
});

/** Every folder reachable from the root by following folders/:key below the depth cut. */
async function wholeTree(headers: Record<string, string>, query = ''): Promise<Folder[]> {
  const out: Folder[] = [];
  const visit = async (f: Folder, depth: number): Promise<void> => {
    out.push(f);
    // At the depth cut (two levels below the requested folder) ask again for that folder.
    const full = depth === 2 ? await v1Json<Folder>(emu.url, `folders/${f.key}?${query}`, headers) : f;
    for (const c of full.folders ?? []) await visit(c, depth === 2 ? 1 : depth + 1);
  };
  await visit(await v1Json<Folder>(emu.url, `folders?${query}`, headers), 0);
  return out;
}

describe('v1 authentication, rate limit and the second company', () => {
  it('accepts HTTP Basic and the header pair, and answers 401 (with rate headers) otherwise', async () => {
    expect((await v1(emu.url, 'folders', DEMO)).status).toBe(200);
    expect((await v1(emu.url, 'folders', basic('demo-client', 'demo-token'))).status).toBe(200);
    const none = await v1(emu.url, 'folders', {});
    expect(none.headers.get('x-svc-ratelimit-limit')).toBe('10000');
    expect(none.headers.get('x-svc-ratelimit-remaining')).toMatch(/^\d+$/);
    await expectError(none, 401);
    await expectError(await v1(emu.url, 'folders', basic('demo-client', 'wrong')), 401);
    await expectError(await v1(emu.url, 'folders', basic('nobody', 'demo-token')), 401);
    await expectError(await v1(emu.url, 'folders', { 'X-Svc-Client-Id': 'demo-client' }), 401);
    await expectError(
      await v1(emu.url, 'folders', { 'X-Svc-Client-Id': 'demo-client', 'X-Svc-API-Token': 'other-token' }),
      401,
    );
    // The v2 token alone is no v1 credential.
    await expectError(await v1(emu.url, 'folders', { 'X-Svc-API-Token': 'demo-v2-token' }), 401);
  });

  it('answers 429 with Retry-After once the hourly budget is spent', async () => {
    const limited = await startEmulator({ world: emu.world, rateLimit: 3 });
    try {
      for (let k = 0; k < 3; k++) expect((await v1(limited.url, 'questions')).status).toBe(200);
      const res = await v1(limited.url, 'questions');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(res.headers.get('x-svc-ratelimit-remaining')).toBe('0');
      await expectError(res, 429);
    } finally {
      await limited.close();
    }
  });

  it('serves other-client a disjoint company: no key of one resolves for the other', async () => {
    const demo = await wholeTree(DEMO, 'surveys=true');
    const other = await wholeTree(OTHER, 'surveys=true');
    expect(other[0]?.name).not.toBe(demo[0]?.name);
    const demoKeys = new Set(demo.map((f) => f.key));
    expect(other.some((f) => demoKeys.has(f.key))).toBe(false);
    for (const f of other.slice(0, 6)) await expectError(await v1(emu.url, `folders/${f.key}`, DEMO), 404);
    for (const f of demo.slice(0, 6)) await expectError(await v1(emu.url, `folders/${f.key}`, OTHER), 404);
    const surveys = (tree: Folder[]): Survey[] => tree.flatMap((f) => f.surveys ?? []);
    const otherSurvey = surveys(other)[0];
    const demoSurvey = surveys(demo)[0];
    expect(otherSurvey && demoSurvey).toBeTruthy();
    await expectError(await v1(emu.url, `surveys/${otherSurvey?.key}`, DEMO), 404);
    await expectError(await v1(emu.url, `surveys/${demoSurvey?.key}/results`, OTHER), 404);
    await expectError(await v1(emu.url, `questions/${demoSurvey?.question.key}`, OTHER), 404);
    expect((await v1(emu.url, `surveys/${otherSurvey?.key}/rawresults`, OTHER)).status).toBe(200);
  });
});

describe('v1 folders', () => {
  it('returns the root with two levels of sub-folders, as the world tree has them; no surveys unless asked', async () => {
    const w = emu.world;
    const kids = (id: number): number[] => w.nodes.filter((n) => n.parentId === id).map((n) => n.id);
    const root = await v1Json<Folder>(emu.url, 'folders');
    const rootNode = w.nodes.find((n) => n.parentId === null);
    expect(root.key).toBe(rootNode?.id);
    expect(root.name).toBe(w.companyName);
    expect(root.surveys).toBeUndefined();
    expect(root.folders?.map((f) => f.key)).toEqual(kids(root.key));
    for (const child of root.folders ?? []) {
      expect(child.folders?.map((f) => f.key) ?? []).toEqual(kids(child.key));
      // The depth cut: grandchildren come without their sub-folders.
      for (const g of child.folders ?? []) expect(g.folders).toBeUndefined();
    }
  });

  it('reaches every folder through folders/:key and lists exactly the four-button surveys', async () => {
    const w = emu.world;
    const tree = await wholeTree(DEMO, 'surveys=true');
    expect(new Set(tree.map((f) => f.key))).toEqual(new Set(w.nodes.map((n) => n.id)));
    const listed = tree.flatMap((f) => (f.surveys ?? []).map((s) => ({ folder: f.key, ...s })));
    const expected = w.assignments.filter((a) => w.surveys[a.surveyIndex]?.buttons === 4);
    expect(listed.map((s) => s.key).sort()).toEqual(expected.map((a) => a.key).sort());
    for (const s of listed) {
      const a = w.assignmentByKey.get(s.key);
      const ep = w.experiencePoints[a?.epIndex ?? -1];
      expect(s.folder).toBe(ep?.id);
      expect(s.surveyType).toBe(a?.kind);
      expect(s.timeZone).toBe(ep?.zone);
    }
    // Surveys nested in folder responses carry no folder object (api-v1.md §2.3).
    expect(tree.flatMap((f) => f.surveys ?? []).some((s) => 'folder' in s)).toBe(false);
  });

  it('filters surveys by state as DECISIONS.md defines it (periods as local-midnight instants)', async () => {
    const w = emu.world;
    const now = NOW.getTime();
    const stateOf = (key: number): string => {
      const a = w.assignmentByKey.get(key);
      const zone = w.experiencePoints[a?.epIndex ?? -1]?.zone ?? 'UTC';
      const day = (d: number): string => new Date(d * 86_400_000).toISOString().slice(0, 10);
      const periods = (w.surveys[a?.surveyIndex ?? -1]?.periods ?? []).map((p) => [
        localMidnight(zone, day(p.startDay)),
        localMidnight(zone, day(p.endDay)),
      ]);
      if (periods.some(([s = 0, e = 0]) => s <= now && now < e)) return 'active';
      if (periods.some(([s = 0]) => s > now)) return 'starting';
      return 'ended';
    };
    const all = (await wholeTree(DEMO, 'surveys=true')).flatMap((f) => f.surveys ?? []);
    const seen = new Set<string>();
    for (const state of ['active', 'ended', 'starting']) {
      const got = (await wholeTree(DEMO, `surveys=true&state=${state}`)).flatMap((f) => f.surveys ?? []);
      expect(got.map((s) => s.key).sort()).toEqual(
        all
          .filter((s) => stateOf(s.key) === state)
          .map((s) => s.key)
          .sort(),
      );
      if (got.length > 0) seen.add(state);
    }
    expect(seen).toEqual(new Set(['active', 'ended', 'starting'])); // the world has all three
    await expectError(await v1(emu.url, 'folders?surveys=true&state=upcoming'), 400, 'state');
    await expectError(await v1(emu.url, 'folders?surveys=yes'), 400, 'surveys');
  });

  it('answers 404 for unknown folders, 400 for a non-numeric key, 404 for unknown paths; ignores unknown parameters', async () => {
    await expectError(await v1(emu.url, 'folders/1'), 404);
    await expectError(await v1(emu.url, 'folders/1/children'), 404);
    await expectError(await v1(emu.url, 'folders/abc'), 400, 'key');
    await expectError(await v1(emu.url, 'nothing-here'), 404);
    await expectError(await v1(emu.url, 'folders/1/elsewhere'), 404);
    expect((await v1(emu.url, 'folders?whatever=1')).status).toBe(200);
  });

  it('pages folder children with offset and limit (default 0 and 50, limit 1..100)', async () => {
    const w = emu.world;
    const root = w.nodes.find((n) => n.parentId === null);
    const kids = w.nodes.filter((n) => n.parentId === root?.id).map((n) => n.id);
    const first = await v1Json<OffsetPage<Folder>>(emu.url, `folders/${root?.id}/children`);
    expect(first.meta).toEqual({ offset: 0, limit: 50, total: kids.length });
    expect(first.data.map((f) => f.key)).toEqual(kids);
    const second = await v1Json<OffsetPage<Folder>>(emu.url, `folders/${root?.id}/children?offset=1&limit=1`);
    expect(second.meta).toEqual({ offset: 1, limit: 1, total: kids.length });
    expect(second.data.map((f) => f.key)).toEqual(kids.slice(1, 2));
    expect(
      (await v1Json<OffsetPage<Folder>>(emu.url, `folders/${root?.id}/children?limit=100`)).data,
    ).toHaveLength(kids.length);
    for (const bad of ['limit=0', 'limit=101', 'offset=-1', 'limit=x'])
      await expectError(await v1(emu.url, `folders/${root?.id}/children?${bad}`), 400, bad.split('=')[0]);
    const leaf = w.experiencePoints[0];
    const none = await v1Json<OffsetPage<Folder>>(emu.url, `folders/${leaf?.id}/children`);
    expect(none).toEqual({ meta: { offset: 0, limit: 50, total: 0 }, data: [] });
  });
});

describe('v1 surveys and questions', () => {
  it('returns a survey with question, folder, timeZone, activePeriods and surveyType; 404 for unknown and non-four-button keys', async () => {
    const w = emu.world;
    const a = w.assignments.find((x) => w.surveys[x.surveyIndex]?.buttons === 4);
    const ep = w.experiencePoints[a?.epIndex ?? -1];
    const survey = w.surveys[a?.surveyIndex ?? -1];
    const q = w.questions[survey?.questionIndex ?? -1];
    const s = await v1Json<Survey>(emu.url, `surveys/${a?.key}`);
    expect(Object.keys(s)).toEqual(['key', 'question', 'folder', 'timeZone', 'activePeriods', 'surveyType']);
    expect(s.question).toEqual({ key: q?.id, name: q?.text, locale: q?.defaultLocale.replace('_', '-') });
    expect(s.folder).toEqual({ key: ep?.id, name: ep?.name });
    expect(s.timeZone).toBe(ep?.zone);
    expect(s.surveyType).toBe(a?.kind);
    const zone = ep?.zone ?? 'UTC';
    const day = (d: number): string => new Date(d * 86_400_000).toISOString().slice(0, 10);
    expect(s.activePeriods?.map((p) => [Date.parse(p.start), Date.parse(p.end)])).toEqual(
      survey?.periods.map((p) => [localMidnight(zone, day(p.startDay)), localMidnight(zone, day(p.endDay))]),
    );
    for (const p of s.activePeriods ?? []) expect(p.start).toMatch(TS);
    const nps = w.assignments.find((x) => w.surveys[x.surveyIndex]?.buttons !== 4);
    await expectError(await v1(emu.url, `surveys/${nps?.key}`), 404);
    await expectError(await v1(emu.url, 'surveys/1'), 404);
  });

  it('lists the company questions with offset paging, and one question by key', async () => {
    const w = emu.world;
    const page = await v1Json<OffsetPage<{ key: number; name: string; locale: string }>>(
      emu.url,
      'questions',
    );
    expect(page.meta).toEqual({ offset: 0, limit: 50, total: w.questions.length });
    expect(page.data.map((q) => q.key)).toEqual(w.questions.map((q) => q.id).sort((a, b) => a - b));
    for (const q of page.data) expect(q.locale).toMatch(/^[a-z]{2}-[A-Z]{2}$/);
    const two = await v1Json<OffsetPage<{ key: number }>>(emu.url, 'questions?offset=2&limit=2');
    expect(two.data.map((q) => q.key)).toEqual(page.data.slice(2, 4).map((q) => q.key));
    const q = w.questions[0];
    expect(await v1Json(emu.url, `questions/${q?.id}`)).toEqual({
      key: q?.id,
      name: q?.text,
      locale: q?.defaultLocale.replace('_', '-'),
    });
    await expectError(await v1(emu.url, 'questions/1'), 404);
    await expectError(await v1(emu.url, 'questions?limit=101'), 400, 'limit');
  });

  it('lists the surveys of a question (with folder, without surveyType), filtered by state and paged', async () => {
    const w = emu.world;
    const q = w.questions.find((x) => x.text.startsWith('How satisfied'));
    const expected = w.assignments
      .filter(
        (a) =>
          w.surveys[a.surveyIndex]?.buttons === 4 && w.surveys[a.surveyIndex]?.questionIndex === q?.index,
      )
      .map((a) => a.key)
      .sort((a, b) => a - b);
    expect(expected.length).toBeGreaterThan(3);
    const page = await v1Json<OffsetPage<Survey>>(emu.url, `questions/${q?.id}/surveys?limit=100`);
    expect(page.meta.total).toBe(expected.length);
    expect(page.data.map((s) => s.key)).toEqual(expected);
    for (const s of page.data) {
      expect(s.folder).toBeDefined();
      expect(s.surveyType).toBeUndefined();
      expect(s.question.key).toBe(q?.id);
    }
    const ended = await v1Json<OffsetPage<Survey>>(emu.url, `questions/${q?.id}/surveys?state=ended`);
    const legacy = w.surveys.find((s) => s.periods[0]?.endDay === Date.UTC(2020, 5, 1) / 86_400_000);
    expect(ended.data.map((s) => w.assignmentByKey.get(s.key)?.surveyIndex)).toEqual(
      ended.data.map(() => legacy?.index),
    );
    expect(ended.data.length).toBeGreaterThan(0);
    const second = await v1Json<OffsetPage<Survey>>(emu.url, `questions/${q?.id}/surveys?offset=1&limit=2`);
    expect(second.data.map((s) => s.key)).toEqual(expected.slice(1, 3));
    await expectError(await v1(emu.url, 'questions/1/surveys'), 404);
    await expectError(await v1(emu.url, `questions/${q?.id}/surveys?state=soon`), 400, 'state');
  });
});

describe('v1 against v2', () => {
  it('v1 folder keys are the v2 experience point ids, with the same names', async () => {
    const res = await fetch(`${emu.url}/v2/experience-points.json`, {
      headers: { 'X-Svc-API-Token': 'demo-v2-token' },
    });
    const v2 = (await res.json()) as { experiencePointId: number; name: string }[];
    const tree = await wholeTree(DEMO);
    expect(new Map(tree.map((f) => [f.key, f.name]))).toEqual(
      new Map(v2.map((e) => [e.experiencePointId, e.name])),
    );
  });

  it('compresses with gzip when asked and the body exceeds 1400 bytes', async () => {
    const key = emu.world.assignments.find((a) => emu.world.surveys[a.surveyIndex]?.buttons === 4)?.key;
    const res = await v1(emu.url, `surveys/${key}/rawresults`, { ...DEMO, 'Accept-Encoding': 'gzip' });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(((await res.json()) as { data: unknown[] }).data.length).toBeGreaterThan(40);
    const small = await v1(emu.url, `surveys/${key}`, { ...DEMO, 'Accept-Encoding': 'gzip' });
    expect(small.headers.get('content-encoding')).toBeNull();
  });
});
