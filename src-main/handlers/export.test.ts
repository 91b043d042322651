// The export domain through the real services: web mode's one-time download over real HTTP (session kept), the
// desktop's save dialog (injected) writing the chosen path, and a refused argument said in one sentence.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChartExportArgs, ExportOutcome } from '#shared/contract.ts';
import { hostile, writeExportStore } from '../export/testing/exportStore.ts';
import { createServices, type Services } from '../services.ts';
import { startWebServer, type RunningWebServer } from '../web/server.ts';

let dir: string;
let store: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fd-export-handlers-'));
  store = join(dir, 'store.sqlite');
  writeExportStore(store);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const chartArgs: ChartExportArgs = {
  option: { xAxis: { type: 'category', data: ['a'] }, yAxis: {}, series: [{ type: 'bar', data: [1] }] },
  caption: {
    title: 'Happy Index',
    filters: { subtree: hostile.markup, period: 'October 2026', misuse: 'misuse left out' },
  },
  format: 'png',
  width: 400,
  height: 300,
  pixelRatio: 2,
  fileName: 'happy-index_zürich_2026-10-01_2026-10-31.png',
};

describe('web mode: an export is a one-time download behind the session', () => {
  let services: Services;
  let server: RunningWebServer;
  let cookie = '';
  beforeAll(async () => {
    services = createServices({ storePath: store });
    const rendererDir = join(dir, 'renderer');
    mkdirSync(rendererDir, { recursive: true });
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html>');
    server = await startWebServer({
      handlers: services.handlers,
      onEvent: services.onEvent,
      rendererDir,
      takeDownload: (id) => services.takeDownload(id),
    });
    const answer = await fetch(server.url, { redirect: 'manual' });
    cookie = (answer.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  });
  afterAll(async () => {
    await server.close();
    await services.close();
  });

  it('export:chart answers a download URL; GET streams the PNG once, named, then never again', async () => {
    const res = await fetch(`${server.origin}/api/invoke/export:chart`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: server.origin },
      body: JSON.stringify(chartArgs),
    });
    const result = (await res.json()) as { ok: true; value: ExportOutcome };
    expect(result.ok).toBe(true);
    const outcome = result.value;
    if (outcome.kind !== 'download') throw new Error(`expected a download, got ${outcome.kind}`);
    expect(outcome.fileName).toBe(chartArgs.fileName);
    expect(outcome.url).toMatch(/^\/api\/download\/[\w-]{32}$/);

    // Without the session cookie the file is not handed out (and stays waiting).
    expect((await fetch(`${server.origin}${outcome.url}`)).status).toBe(403);
    const file = await fetch(`${server.origin}${outcome.url}`, { headers: { Cookie: cookie } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="happy-index_z_rich_2026-10-01_2026-10-31.png"; filename*=UTF-8''happy-index_z%C3%BCrich_2026-10-01_2026-10-31.png`,
    );
    const png = PNG.sync.read(Buffer.from(await file.arrayBuffer()));
    expect([png.width, png.height]).toEqual([800, 600]);
    expect((await fetch(`${server.origin}${outcome.url}`, { headers: { Cookie: cookie } })).status).toBe(404);
    // The first export loads ECharts, resvg and PDFKit: seconds on a busy shared machine.
  }, 30_000);

  it('a file name with a folder in it is refused in one sentence', async () => {
    const res = await services.handlers['export:chart']({ ...chartArgs, fileName: '../x.png' });
    expect(res).toEqual({
      ok: false,
      error: {
        code: 'bad-request',
        message: 'The chart export was not understood: fileName must be a plain file name.',
      },
    });
  });
});

describe('desktop: the save dialog chooses the path', () => {
  it('writes the chosen file and says where; a cancelled dialog writes nothing', async () => {
    const target = join(dir, 'chosen.png');
    const asked: string[] = [];
    let answer: string | null = target;
    const services = createServices({
      storePath: store,
      chooseExportPath: async (name) => {
        asked.push(name);
        return answer;
      },
    });
    try {
      expect(await services.handlers['export:chart'](chartArgs)).toEqual({
        ok: true,
        value: { kind: 'saved', path: target },
      });
      expect(asked).toEqual([chartArgs.fileName]);
      expect(PNG.sync.read(readFileSync(target)).width).toBe(800);
      answer = null;
      const csv = await services.handlers['export:table']({
        source: {
          kind: 'query',
          title: 'Rows',
          spec: { measures: ['count'], groupBy: ['experiencePointId'], filter: {} },
        },
        caption: chartArgs.caption,
        format: 'csv',
        fileName: 'rows.csv',
      });
      expect(csv).toEqual({ ok: true, value: { kind: 'cancelled' } });
    } finally {
      await services.close();
    }
  });
});
