// Resource lists over a real loopback server: paging by Link, prefetch, validation naming endpoint/item/field,
// unknown properties tolerated, survey points 404 → none, token introspection, aggregated counts.
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import { sendJson, startLoopbackServer } from '../testing/loopbackServer.ts';
import type { Handler, LoopbackServer } from '../testing/loopbackServer.ts';
import { fetchAggregates } from './aggregates.ts';
import { createV2Client } from './client.ts';
import { textFeedbacksResource } from './feedbackLists.ts';
import { fetchAll, fetchPages } from './list.ts';
import { fetchTokenInfo, smileysResource } from './people.ts';
import { fetchSurveyExperiencePoints, surveysResource } from './structure.ts';

let server: LoopbackServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function clientFor(handler: Handler) {
  server = await startLoopbackServer(handler);
  return createV2Client({ baseUrl: server.url, token: 'tok-secret', maxRetries: 0, backoffMs: 1 });
}

const text = (i: number): Record<string, unknown> => ({
  feedbackId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  smileyId: 5,
  localTime: '2024-05-01T10:00:00.000+02:00',
  surveyId: 1,
  experiencePointId: 2,
  buttonIndex: 1,
  misuse: false,
  smileyType: 'SMILEY_TOUCH',
  position: 3,
  ui: 'digital',
  text: `comment ${i} <b>&</b> 😊`,
  maskedText: 'x',
  rephrasedText: 'x',
  textInEnglish: 'x',
  spam: false,
  categories: '',
  themes: '',
  aFieldFromTheFuture: [1, 2], // objects grow: tolerated
});

async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('fetchPages', () => {
  it('follows X-More-Available and the Link of each page, keeping every parameter', async () => {
    const client = await clientFor((_req, res, url) => {
      const offset = Number(url.searchParams.get('offset'));
      const limit = Number(url.searchParams.get('limit'));
      const items = Array.from({ length: 7 }, (_, i) => text(i)).slice(offset, offset + limit);
      const more = offset + limit < 7;
      const next = new URL(url.href.replace('http://127.0.0.1', server?.url ?? ''));
      next.searchParams.set('offset', String(offset + limit));
      sendJson(res, 200, items, {
        'X-More-Available': String(more),
        ...(more ? { Link: `<${next.href}>; rel="next"` } : {}),
      });
    });
    const pages = [];
    for await (const p of fetchPages(
      client,
      textFeedbacksResource,
      { startDate: '2024-01-01', includeSpam: false },
      { limit: 3 },
    ))
      pages.push(p);
    expect(pages.map((p) => [p.offset, p.items.length])).toEqual([
      [0, 3],
      [3, 3],
      [6, 1],
    ]);
    expect(pages[2]?.items[0]?.text).toBe('comment 6 <b>&</b> 😊');
    expect(server?.requests.every((r) => r.url.searchParams.get('includeSpam') === 'false')).toBe(true);
    expect(server?.requests.every((r) => r.headers['x-svc-api-token'] === 'tok-secret')).toBe(true);
  });

  it('rejects a wrong type or a missing field, naming the endpoint, the item and the field', async () => {
    const client = await clientFor((_req, res) =>
      sendJson(res, 200, [text(0), { ...text(1), spam: 'no' }], { 'X-More-Available': 'false' }),
    );
    const error = await apiError(fetchAll(client, textFeedbacksResource));
    expect(error.kind).toBe('invalid');
    expect(error.message).toContain(
      "results/text-feedbacks.json, item 1: field 'spam' should be true or false",
    );
    const { text: _gone, ...noText } = text(0);
    const client2 = await clientFor((_req, res) => sendJson(res, 200, [noText]));
    expect((await apiError(fetchAll(client2, textFeedbacksResource))).message).toContain(
      "item 0: field 'text' is missing",
    );
  });
});

describe('single calls', () => {
  it('keeps nothing of a smiley token (not even in the parsed record)', async () => {
    const client = await clientFor((_req, res) =>
      sendJson(res, 200, [
        {
          smileyId: 1,
          name: 'T1',
          serialNumber: 'HS-1',
          token: 'smly_device_secret',
          smileyType: 'SMILEY_TERMINAL',
        },
      ]),
    );
    const [smiley] = await fetchAll(client, smileysResource);
    expect(smiley).toEqual({ smileyId: 1, name: 'T1', serialNumber: 'HS-1', smileyType: 'SMILEY_TERMINAL' });
    expect(JSON.stringify(smiley)).not.toContain('smly_');
  });

  it('reads survey points (404 = none), token metadata and aggregated counts', async () => {
    const client = await clientFor((_req, res, url) => {
      if (url.pathname === '/v2/surveys/5/experience-points') return sendJson(res, 200, [10, 11]);
      if (url.pathname.startsWith('/v2/surveys/'))
        return sendJson(res, 404, { status: 404, message: 'none' });
      if (url.pathname === '/v2/token/introspect')
        return sendJson(res, 200, {
          status: 'active',
          token_id: 3,
          token_name: 'n',
          scopes: ['feedback:read'],
        });
      if (url.pathname === '/v2/results/aggregated-feedbacks.json')
        return sendJson(res, 200, [
          { time: '2024-05-01T00:00:00.000', groupKeys: ['10', '5'], feedbacks: [1, 0, 2, 3] },
        ]);
      sendJson(res, 200, [{ surveyId: 'five' }]);
    });
    expect(await fetchSurveyExperiencePoints(client, 5)).toEqual([10, 11]);
    expect(await fetchSurveyExperiencePoints(client, 6)).toEqual([]);
    expect(await fetchTokenInfo(client)).toEqual({
      status: 'active',
      tokenId: 3,
      tokenName: 'n',
      scopes: ['feedback:read'],
    });
    const rows = await fetchAggregates(client, {
      precision: 'day',
      grouping: ['experience_point', 'survey'],
      experiencePointIds: [10, 12],
      startDate: '2024-05-01',
      endDate: '2024-05-02',
    });
    expect(rows).toEqual([
      { time: '2024-05-01T00:00:00.000', groupKeys: ['10', '5'], feedbacks: [1, 0, 2, 3] },
    ]);
    const sent = server?.requests.at(-1)?.url.searchParams;
    expect([sent?.get('grouping'), sent?.get('experiencePointIds'), sent?.get('precision')]).toEqual([
      'experience_point,survey',
      '10,12',
      'day',
    ]);
    expect((await apiError(fetchAll(client, surveysResource))).message).toContain(
      "surveys.json, item 0: field 'surveyId' should be an integer but is a string",
    );
  });
});
