// Walking a v1 folder tree deeper than two levels on a loopback service that cuts every answer two levels down.
import { afterEach, describe, expect, it } from 'vitest';
import { sendJson, startLoopbackServer } from '../testing/loopbackServer.ts';
import type { LoopbackServer } from '../testing/loopbackServer.ts';
import { createV1Client } from './client.ts';
import { walkFolderTree } from './folderTree.ts';

let server: LoopbackServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const surveyOf = (key: number) => ({
  key,
  question: { key: 1, name: 'Q', locale: 'en' },
  timeZone: 'Europe/Berlin',
  surveyType: 'TERMINAL',
});
// key → [name, parent, survey keys]
const tree = new Map<number, [string, number | null, number[]]>([
  [1, ['Root', null, []]],
  [2, ['A', 1, []]],
  [3, ['B', 2, []]],
  [4, ['C', 3, []]],
  [5, ['D', 4, [501, 502]]],
  [6, ['E', 1, [601]]],
  [7, ['F', 2, [701]]],
  [8, ['G', 3, []]], // an empty branch at the cut: asked for again, has nothing
]);

function folderJson(key: number, levels: number): Record<string, unknown> {
  const [name, , surveys] = tree.get(key) ?? ['?', null, []];
  const children = [...tree].filter(([, v]) => v[1] === key).map(([k]) => k);
  return {
    key,
    name,
    ...(levels > 0 && children.length ? { folders: children.map((c) => folderJson(c, levels - 1)) } : {}),
    ...(surveys.length ? { surveys: surveys.map(surveyOf) } : {}),
  };
}

describe('walkFolderTree', () => {
  it('finds every folder and survey, asking again only at the cut of folders without surveys', async () => {
    server = await startLoopbackServer((_req, res, url) => {
      const m = /^\/v1\/folders(?:\/(\d+))?$/.exec(url.pathname);
      if (!m || url.searchParams.get('surveys') !== 'true') return sendJson(res, 404, { message: 'no' });
      sendJson(res, 200, folderJson(Number(m[1] ?? 1), 2));
    });
    const client = createV1Client({ baseUrl: server.url, clientId: 'c', token: 't' });
    const folders = await walkFolderTree(client);
    expect(folders.map((f) => [f.key, f.parentKey, f.depth, f.surveys.map((s) => s.key)])).toEqual([
      [1, null, 0, []],
      [2, 1, 1, []],
      [3, 2, 2, []],
      [4, 3, 3, []],
      [5, 4, 4, [501, 502]],
      [8, 3, 3, []],
      [7, 2, 2, [701]],
      [6, 1, 1, [601]],
    ]);
    // Folder 3 (at the cut, no surveys) is asked for again; 7 and, in the second answer, 5 are at a cut with
    // surveys, so leaves; 8 is one level below the second call's folder, so its missing `folders` means "none".
    expect(server.requests.map((r) => r.url.pathname)).toEqual(['/v1/folders', '/v1/folders/3']);
  });
});
