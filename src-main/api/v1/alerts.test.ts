// Folder alerts against a loopback service that pages as DECISIONS.md says: each alert once, only the range's ones.
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import { sendJson, startLoopbackServer } from '../testing/loopbackServer.ts';
import type { LoopbackServer } from '../testing/loopbackServer.ts';
import { createV1Client } from './client.ts';

let server: LoopbackServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

interface Spec {
  key: number;
  begin: string;
  end: string | null;
}
const at = (hhmm: string): string => `2024-05-01T${hhmm}:00.000+00:00`;
const ms = (ts: string): number => Date.parse(ts);

/**
 * The documented service: alerts with endTime >= date_start (or open) and beginTime < date_end, earliest
 * beginTime first, `pageSize` per page completed to the end of the last beginTime, moreResultsAfter = the
 * first beginTime not returned. Local ranges compare wall clocks (every alert here is at +00:00).
 */
async function alertService(alerts: Spec[], pageSize: number) {
  server = await startLoopbackServer((_req, res, url) => {
    const p = url.searchParams;
    const local = (name: string): number | null => (p.get(name) === null ? null : ms(`${p.get(name)}Z`));
    const start = p.get('date_start') === null ? local('local_date_start') : ms(p.get('date_start') ?? '');
    const end = p.get('date_end') === null ? local('local_date_end') : ms(p.get('date_end') ?? '');
    const matching = alerts
      .filter(
        (a) =>
          (start === null || a.end === null || ms(a.end) >= start) && (end === null || ms(a.begin) < end),
      )
      .sort((a, b) => ms(a.begin) - ms(b.begin));
    let cut = Math.min(pageSize, matching.length);
    while (cut < matching.length && matching[cut]?.begin === matching[cut - 1]?.begin) cut++;
    const next = matching[cut];
    sendJson(res, 200, {
      meta: next ? { moreResultsAfter: next.begin } : {},
      data: matching.slice(0, cut).map((a) => ({
        key: a.key,
        alertType: a.key === 6 ? 'someNewType' : 'negative',
        survey: {
          key: 9,
          question: { key: 1, name: 'Q', locale: 'en' },
          folder: { key: 3, name: 'F' },
          timezone: 'UTC',
        },
        alertSpecification: { key: 40 },
        beginTime: a.begin,
        ...(a.end ? { endTime: a.end } : {}),
        parameters: { negative: true, windowMin: 30, responses: 12 },
      })),
    });
  });
  return createV1Client({ baseUrl: server.url, clientId: 'c', token: 't', backoffMs: 1 });
}

const alerts: Spec[] = [
  { key: 1, begin: at('01:00'), end: at('05:30') },
  { key: 2, begin: at('02:00'), end: at('04:30') }, // ended before the range starts
  { key: 6, begin: at('03:00'), end: at('09:00') }, // spans the cursor: listed again on the next page
  { key: 3, begin: at('06:00'), end: at('06:30') },
  { key: 4, begin: at('07:00'), end: null },
  { key: 5, begin: at('08:00'), end: at('08:10') },
  { key: 7, begin: at('13:00'), end: null }, // begins after the range
];

describe('folder alerts', () => {
  it('returns each alert of the range once although the continuation lists spanning alerts again', async () => {
    const client = await alertService(alerts, 3);
    const got = await client.folderAlerts(3, { childFolders: true, start: at('05:00'), end: at('12:00') });
    // By hand: ended at/after 05:00 or open, begun before 12:00 → 1, 6, 3, 4, 5 (by beginTime).
    expect(got.map((a) => a.key)).toEqual([1, 6, 3, 4, 5]);
    expect(got[1]).toMatchObject({ alertType: 'someNewType', endTime: at('09:00'), specificationKey: 40 });
    expect(got[3]?.endTime).toBeNull();
    const requests = server?.requests.map((r) => Object.fromEntries(r.url.searchParams)) ?? [];
    expect(requests).toEqual([
      { child_folders: 'true', date_start: '2024-05-01T05:00:00.000Z', date_end: '2024-05-01T12:00:00.000Z' },
      { child_folders: 'true', date_start: at('07:00'), date_end: '2024-05-01T12:00:00.000Z' },
    ]);
  });

  it('asks for a local range as such and continues it with the instant range that surely holds the rest', async () => {
    const client = await alertService(alerts, 3);
    const got = await client.folderAlerts(3, {
      localStart: '2024-05-01T05:00',
      localEnd: '2024-05-01T12:00:00.000',
    });
    expect(got.map((a) => a.key)).toEqual([1, 6, 3, 4, 5]);
    const requests = server?.requests.map((r) => Object.fromEntries(r.url.searchParams)) ?? [];
    expect(requests).toEqual([
      { local_date_start: '2024-05-01T05:00:00.000', local_date_end: '2024-05-01T12:00:00.000' },
      // the local end + 12 h: no wall clock is further behind UTC
      { date_start: at('07:00'), date_end: '2024-05-02T00:00:00.000Z' },
      // the wider instant range also holds alert 7 (13:00 local), which the client then drops
      { date_start: at('13:00'), date_end: '2024-05-02T00:00:00.000Z' },
    ]);
  });

  it('refuses a range given both ways, and a cursor that does not advance', async () => {
    const client = await alertService(alerts, 1);
    await expect(
      client.folderAlerts(3, { start: at('00:00'), localEnd: '2024-05-02T00:00' }),
    ).rejects.toThrow(/not both/);
    // One alert per page and two alerts open across the cursor: the documented continuation cannot progress.
    const error = await client
      .folderAlerts(3, { start: at('05:00'), end: at('12:00') })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toMatch(/does not move past/);
  });
});
