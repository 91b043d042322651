// Conformance of every other v2 operation over real HTTP: shapes (validated against openapi.json), CSV
// headers in the documented order, scopes, the authorised subtree and the 404 rules; from api-v2.md/DECISIONS.md.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '#emulator/index.ts';
import { responseSchema, validate } from './emulator-schema.ts';

const NOW = new Date('2026-11-21T14:00:00Z');
const TOKEN = 'demo-v2-token';
const LIMITED = 'demo-v2-limited';
const YEAR = 'startDate=2025-11-22&endDate=2026-11-22';
let emu: RunningEmulator;
let openapi: Record<string, unknown>;

type Row = Record<string, unknown>;

async function get(path: string, token: string | null = TOKEN): Promise<Response> {
  return fetch(`${emu.url}/v2/${path}`, { headers: token ? { 'X-Svc-API-Token': token } : {} });
}
async function rows(path: string, token: string = TOKEN): Promise<Row[]> {
  const res = await get(path, token);
  expect(res.status, path).toBe(200);
  return (await res.json()) as Row[];
}
async function status(path: string, token: string | null = TOKEN): Promise<number> {
  const res = await get(path, token);
  await res.arrayBuffer();
  return res.status;
}

beforeAll(async () => {
  emu = await startEmulator({ seed: 11, size: 'small', now: NOW });
  openapi = (await (await fetch(`${emu.url}/v2/openapi.json`)).json()) as Record<string, unknown>;
});
afterAll(async () => {
  await emu.close();
});

/** Path in the description, path requested, and the CSV columns api-v2.md §2 lists for the record. */
const LISTS: [string, string, string[]][] = [
  ['/experience-points.{format}', 'experience-points', ['experiencePointId', 'name', 'parent', 'type']],
  [
    '/surveys.{format}',
    'surveys',
    [
      'surveyId',
      'questionId',
      'defaultLocale',
      'questionTextInDefaultLocale',
      'surveyType',
      'feedbackScale',
      'indexType',
      'state',
    ],
  ],
  ['/questions.{format}', 'questions', ['questionId', 'defaultLocale', 'questionTextInDefaultLocale']],
  ['/question-localizations.{format}', 'question-localizations', ['questionId', 'locale', 'text']],
  [
    '/follow-up-questions.{format}',
    'follow-up-questions',
    ['followupQuestionId', 'surveyId', 'positive', 'questionTextInDefaultLocale'],
  ],
  [
    '/follow-up-question-localizations.{format}',
    'follow-up-question-localizations',
    ['followupQuestionId', 'locale', 'text'],
  ],
  [
    '/follow-up-options.{format}',
    'follow-up-options',
    ['followupOptionId', 'followupQuestionId', 'optionTextInDefaultLocale'],
  ],
  [
    '/follow-up-option-localizations.{format}',
    'follow-up-option-localizations',
    ['followupOptionId', 'locale', 'text'],
  ],
  [
    '/alert-specifications.{format}',
    'alert-specifications',
    ['alertSpecificationId', 'surveyId', 'experiencePointId', 'alertSpecificationType', 'parameters'],
  ],
  [
    '/alerts.{format}',
    `alerts.{f}?${YEAR}&limit=10000`,
    [
      'alertId',
      'alertSpecificationId',
      'surveyId',
      'experiencePointId',
      'beginTime',
      'endTime',
      'alertSpecificationType',
      'parameters',
      'acknowledged',
      'acknowledgedByUserId',
      'acknowledgedTime',
    ],
  ],
  [
    '/alert-comments.{format}',
    `alert-comments.{f}?${YEAR}&limit=10000`,
    ['alertCommentId', 'alertId', 'userId', 'time', 'comment'],
  ],
  [
    '/users.{format}',
    'users',
    [
      'userId',
      'email',
      'firstName',
      'lastName',
      'rootExperiencePointId',
      'role',
      'locale',
      'loginAllowed',
      'loginMethod',
      'lastLogin',
      'created',
    ],
  ],
  ['/smileys.{format}', 'smileys', ['smileyId', 'name', 'serialNumber', 'token', 'smileyType']],
  [
    '/experience-point-custom-data.{format}',
    'experience-point-custom-data',
    ['experiencePointId', 'label', 'value'],
  ],
  ['/company-custom-data.{format}', 'company-custom-data', ['id', 'label', 'type', 'options']],
  [
    '/results/button-feedbacks.{format}',
    `results/button-feedbacks.{f}?${YEAR}&limit=2000`,
    [...common(), 'position', 'ui'],
  ],
  [
    '/results/follow-up-feedbacks.{format}',
    `results/follow-up-feedbacks.{f}?${YEAR}&limit=2000`,
    [
      ...common(),
      'position',
      'ui',
      'followupQuestionId',
      'followupOptionId',
      'followupOptionTextInDefaultLocale',
    ],
  ],
  [
    '/results/text-feedbacks.{format}',
    `results/text-feedbacks.{f}?${YEAR}&limit=2000`,
    [
      ...common(),
      'position',
      'ui',
      'text',
      'maskedText',
      'rephrasedText',
      'textInEnglish',
      'spam',
      'categories',
      'themes',
    ],
  ],
  [
    '/results/demographics.{format}',
    `results/demographics.{f}?${YEAR}&limit=2000`,
    [...common(), 'gender', 'age'],
  ],
  [
    '/results/contact-details.{format}',
    `results/contact-details.{f}?${YEAR}&limit=2000`,
    [...common(), 'position', 'name', 'email', 'phoneNumber'],
  ],
  ['/results/metadata.{format}', `results/metadata.{f}?${YEAR}&limit=2000`, [...common(), 'key', 'value']],
];

function common(): string[] {
  return [
    'feedbackId',
    'smileyId',
    'localTime',
    'surveyId',
    'experiencePointId',
    'buttonIndex',
    'misuse',
    'smileyType',
  ];
}
function withFormat(path: string, f: 'json' | 'csv'): string {
  return path.includes('{f}') ? path.replace('{f}', f) : `${path}.${f}`;
}

describe('every v2 list', () => {
  it.each(LISTS)(
    '%s answers JSON that validates against openapi.json, and CSV with the documented header',
    async (docPath, path, columns) => {
      const list = await rows(withFormat(path, 'json'));
      expect(list.length, docPath).toBeGreaterThan(0);
      expect(validate(openapi, responseSchema(openapi, docPath), list).slice(0, 5)).toEqual([]);
      for (const r of list.slice(0, 20)) expect(Object.keys(r)).toEqual(columns);
      const res = await get(withFormat(path, 'csv'));
      expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(res.headers.get('x-more-available')).toMatch(/^(true|false)$/);
      const text = await res.text();
      expect(text.split('\r\n')[0]).toBe(columns.join(','));
    },
  );

  it('answers token introspection with the token metadata, needing no scope', async () => {
    const res = await get('token/introspect', LIMITED);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Row;
    expect(validate(openapi, responseSchema(openapi, '/token/introspect'), body)).toEqual([]);
    expect(body.scopes).toEqual(['feedback:read', 'structure:read']);
    expect(await status('token/introspect', null)).toBe(401);
  });

  it('serves the OpenAPI description at openapi.json and at the v2 root, without a token', async () => {
    const root = (await (await fetch(`${emu.url}/v2/`)).json()) as Row;
    expect(root).toEqual(openapi);
    expect(String(openapi.openapi)).toMatch(/^3\./);
  });

  it('holds every value set of DECISIONS.md somewhere in the world', async () => {
    const surveys = await rows('surveys.json');
    expect(new Set(surveys.map((s) => s.feedbackScale))).toEqual(
      new Set(['four', 'five', 'five_reversed', 'nps']),
    );
    expect(new Set(surveys.map((s) => s.state))).toEqual(new Set(['active', 'ended', 'upcoming']));
    expect(new Set(surveys.map((s) => s.indexType))).toEqual(
      new Set(['HAPPY', 'NPS', 'NPS_OFFICIAL', 'AVERAGE']),
    );
    const smileys = await rows('smileys.json');
    expect(new Set(smileys.map((s) => s.smileyType))).toEqual(
      new Set(['SMILEY_TERMINAL', 'SMILEY_TOUCH', 'SMILEY_DIGITAL']),
    );
    const specs = await rows('alert-specifications.json');
    expect(new Set(specs.map((s) => s.alertSpecificationType))).toEqual(
      new Set(['negative', 'feedbackCount', 'indexThreshold']),
    );
    for (const s of specs) expect(String(s.parameters)).toMatch(/^\w+=[^ ]+( \w+=[^ ]+)*$/);
    const options = await rows('follow-up-options.json');
    const perQuestion = new Map<unknown, number>();
    for (const o of options)
      perQuestion.set(o.followupQuestionId, (perQuestion.get(o.followupQuestionId) ?? 0) + 1);
    expect(Math.max(...perQuestion.values())).toBeLessThanOrEqual(6);
  });
});

describe('scopes and the authorised subtree', () => {
  it('refuses the limited token (feedback:read, structure:read only) the other scopes with 403', async () => {
    for (const path of [
      'alerts.json',
      'alert-specifications.json',
      'alert-comments.json',
      'users.json',
      'smileys.json',
    ])
      expect(await status(path, LIMITED), path).toBe(403);
    for (const path of [
      'surveys.json',
      'questions.json',
      'experience-point-custom-data.json',
      `results/text-feedbacks.json?${YEAR}`,
    ])
      expect(await status(path, LIMITED), path).toBe(200);
  });

  it('lists only items of the limited subtree, and 403s explicit ids outside it', async () => {
    const all = await rows('experience-points.json');
    const mine = new Set((await rows('experience-points.json', LIMITED)).map((r) => r.experiencePointId));
    const outside = all.find(
      (r) => !mine.has(r.experiencePointId) && r.type === 'EXPERIENCE_POINT',
    )?.experiencePointId;
    for (const r of await rows('experience-point-custom-data.json', LIMITED))
      expect(mine.has(r.experiencePointId)).toBe(true);
    for (const r of await rows(`results/follow-up-feedbacks.json?${YEAR}&limit=10000`, LIMITED))
      expect(mine.has(r.experiencePointId)).toBe(true);
    expect(await status(`experience-point-custom-data.json?experiencePointId=${outside}`, LIMITED)).toBe(403);
    expect(await status(`experience-point-custom-data.json?rootExperiencePointId=${outside}`, LIMITED)).toBe(
      403,
    );
    expect(await status(`results/metadata.json?experiencePointId=${outside}`, LIMITED)).toBe(403);
    expect(
      await status(
        `results/aggregated-feedbacks.json?precision=day&grouping=survey&experiencePointIds=${outside}`,
        LIMITED,
      ),
    ).toBe(403);
  });

  it('answers surveys/{id}/experience-points with authorised ids, and 404 when unknown or outside', async () => {
    const surveys = await rows('surveys.json');
    const limitedSurveys = new Set((await rows('surveys.json', LIMITED)).map((s) => s.surveyId));
    const mine = new Set((await rows('experience-points.json', LIMITED)).map((r) => r.experiencePointId));
    const someSurvey = surveys[0]?.surveyId;
    const ids = (await (await get(`surveys/${someSurvey}/experience-points`)).json()) as number[];
    expect(ids.length).toBeGreaterThan(0);
    const points = new Set(
      (await rows('experience-points.json?type=EXPERIENCE_POINT')).map((r) => r.experiencePointId),
    );
    for (const id of ids) expect(points.has(id)).toBe(true);
    expect(await status('surveys/999999/experience-points')).toBe(404);
    expect(await status('surveys/abc/experience-points')).toBe(400);
    const elsewhere = surveys.find((s) => !limitedSurveys.has(s.surveyId))?.surveyId;
    expect(elsewhere).toBeDefined();
    expect(await status(`surveys/${elsewhere}/experience-points`, LIMITED)).toBe(404);
    const shared = [...limitedSurveys][0];
    const limitedIds = (await (await get(`surveys/${shared}/experience-points`, LIMITED)).json()) as number[];
    for (const id of limitedIds) expect(mine.has(id)).toBe(true);
  });
});

describe('feedback list specifics', () => {
  it('includes spam in text feedbacks unless includeSpam=false', async () => {
    const all = await rows(`results/text-feedbacks.json?${YEAR}&limit=10000`);
    const clean = await rows(`results/text-feedbacks.json?${YEAR}&limit=10000&includeSpam=false`);
    expect(all.some((r) => r.spam === true)).toBe(true);
    expect(clean.some((r) => r.spam === true)).toBe(false);
    expect(clean.map((r) => r.feedbackId)).toEqual(
      all.filter((r) => r.spam === false).map((r) => r.feedbackId),
    );
    expect(await status(`results/text-feedbacks.json?includeSpam=maybe`)).toBe(400);
  });

  it('links follow-up feedbacks to listed follow-up questions and options of the same survey', async () => {
    const questions = new Map((await rows('follow-up-questions.json')).map((q) => [q.followupQuestionId, q]));
    const options = new Map((await rows('follow-up-options.json')).map((o) => [o.followupOptionId, o]));
    const list = await rows(`results/follow-up-feedbacks.json?${YEAR}&limit=500`);
    for (const r of list) {
      const option = options.get(r.followupOptionId);
      expect(option?.followupQuestionId).toBe(r.followupQuestionId);
      expect(option?.optionTextInDefaultLocale).toBe(r.followupOptionTextInDefaultLocale);
      expect(questions.get(r.followupQuestionId)?.surveyId).toBe(r.surveyId);
    }
  });

  it('pages metadata by record: several key-value records of one feedback count separately', async () => {
    const all = await rows(`results/metadata.json?${YEAR}&limit=300`);
    expect(new Set(all.map((r) => r.feedbackId)).size).toBeLessThan(all.length);
    const first = await get(`results/metadata.json?${YEAR}&limit=7`);
    const link = /^<([^>]+)>/.exec(first.headers.get('link') ?? '')?.[1] ?? '';
    const second = (await (await fetch(link, { headers: { 'X-Svc-API-Token': TOKEN } })).json()) as Row[];
    const firstPage = (await first.json()) as Row[];
    expect([...firstPage, ...second]).toEqual(all.slice(0, 14));
  });

  it('gives contact details either an e-mail or a phone number, and demographics only on touch devices', async () => {
    for (const r of await rows(`results/contact-details.json?${YEAR}&limit=1000`))
      expect((r.email === null) !== (r.phoneNumber === null)).toBe(true);
    for (const r of await rows(`results/demographics.json?${YEAR}&limit=1000`))
      expect(r.smileyType).toBe('SMILEY_TOUCH');
  });
});

describe('alerts', () => {
  it('lists alerts open at any time inside the window, by beginTime, with paging', async () => {
    const all = await rows(`alerts.json?${YEAR}&limit=10000`);
    const start = Date.parse('2025-11-21T00:00:00Z'); // a day of slack for zones ahead of UTC
    const end = Date.parse('2026-11-23T00:00:00Z');
    for (const a of all) {
      expect(Date.parse(String(a.beginTime))).toBeLessThan(end);
      if (a.endTime !== null) expect(Date.parse(String(a.endTime))).toBeGreaterThan(start);
      if (a.endTime !== null)
        expect(Date.parse(String(a.endTime))).toBeGreaterThan(Date.parse(String(a.beginTime)));
      if (a.acknowledged) expect(a.acknowledgedByUserId).not.toBeNull();
      else expect(a.acknowledgedTime).toBeNull();
    }
    const begins = all.map((a) => Date.parse(String(a.beginTime)));
    expect(begins).toEqual([...begins].sort((x, y) => x - y));
    const res = await get(`alerts.json?${YEAR}&limit=3`);
    expect(res.headers.get('x-more-available')).toBe(all.length > 3 ? 'true' : 'false');
    const users = new Set((await rows('users.json')).map((u) => u.userId));
    for (const c of await rows(`alert-comments.json?${YEAR}&limit=10000`))
      expect(users.has(c.userId)).toBe(true);
  });
});
