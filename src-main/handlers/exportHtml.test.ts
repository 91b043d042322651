// export:report with format 'html' through the composed services: web mode shelves one text/html download holding
// the view's data and caption (with "data as of" the store's last sync); a file name that does not match the format
// is refused in one sentence.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportExportArgs } from '#shared/contract.ts';
import { hostile, writeExportStore } from '../export/testing/exportStore.ts';
import { createServices, type Services } from '../services.ts';

let dir: string;
let services: Services;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fd-export-html-handlers-'));
  const store = join(dir, 'store.sqlite');
  writeExportStore(store);
  services = createServices({ storePath: store });
});
afterAll(async () => {
  await services.close();
  rmSync(dir, { recursive: true, force: true });
});

const args: ReportExportArgs = {
  caption: {
    title: 'Ranking',
    filters: { subtree: hostile.markup, period: 'October 2026', misuse: 'left out' },
  },
  charts: [{ title: 'Points', option: { yAxis: { type: 'category', data: ['a'] }, xAxis: {}, series: [] } }],
  tables: [
    { title: 'Points', columns: [{ key: 'name', label: 'Name', type: 'text' }], rows: [[hostile.formula]] },
  ],
  format: 'html',
  fileName: 'ranking_all_2026-10-01_2026-11-01.html',
};

describe('export:report as HTML', () => {
  it('web mode: one text/html download with the data, the caption and the last sync', async () => {
    const result = await services.handlers['export:report'](args);
    if (!result.ok || result.value.kind !== 'download') throw new Error(JSON.stringify(result));
    const file = services.takeDownload(result.value.url.split('/').at(-1) ?? '');
    expect(file?.mime).toBe('text/html; charset=utf-8');
    expect(file?.fileName).toBe(args.fileName);
    const html = file?.bytes.toString('utf8') ?? '';
    expect(html).toMatch(/^<!doctype html>/);
    // JSON.stringify's text of the hostile names, with < > & as the file escapes them.
    for (const text of [hostile.markup, hostile.formula])
      expect(html).toContain(
        JSON.stringify(text).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026'),
      );
    // The store's sync finished at 2026-11-02T08:30:00Z (the fixture's syncFinishedAt).
    expect(html).toContain('Data as of 2026-11-02 08:30 UTC');
  }, 120_000);

  it('a file name that is not .html for format html is refused in one sentence', async () => {
    expect(await services.handlers['export:report']({ ...args, fileName: 'ranking.pdf' })).toEqual({
      ok: false,
      error: {
        code: 'bad-request',
        message: 'The report export was not understood: fileName must end in .html.',
      },
    });
    expect(
      await services.handlers['export:report']({ ...args, format: 'docx' as unknown as 'html' }),
    ).toEqual({
      ok: false,
      error: {
        code: 'bad-request',
        message: 'The report export was not understood: format must be one of pdf, html.',
      },
    });
  });
});
