// An analyst's note, added in the window, is drawn on a time chart and written into its exports, and survives the
// cache being rebuilt with the app's own "Rebuild the local data": on a copy of the shared synced tiny world (no sync
// of its own), the note is added with the form, seen on the Overview's chart (the marks the option carries), in the
// chart's CSV and SVG; then the file is damaged, the app offers the rebuild and sets it aside, the store is filled
// again (a copy of the same sync, as a new sync would), and the note is back on the chart, its text shown as text.
import { closeSync, copyFileSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { generateWorld } from '#emulator/index.ts';
import { waitUntilSettled } from './support/appRoutes.ts';
import { ExportMenu } from './support/exportMenu.ts';
import { sharedSyncedStore, tinyWorldNow } from './support/syncedStore.ts';
import { startWebMode, type WebMode } from './support/webMode.ts';

let dir: string;
let synced: string;
let store: string;
let server: WebMode | null = null;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  synced = (
    await sharedSyncedStore('tiny', () =>
      generateWorld({ seed: 2, size: 'tiny', now: new Date(tinyWorldNow) }),
    )
  ).storePath;
  dir = mkdtempSync(join(tmpdir(), 'fd-e2e-annotations-'));
  store = join(dir, 'store.sqlite');
  copyFileSync(synced, store); // the shared store is never changed: this test damages and rebuilds its own copy
});
test.afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const text = '=Road works <b>x</b>';
const overview = '/#/overview?period=custom&from=2026-10-20&to=2026-11-19';

async function openOverview(page: Page): Promise<void> {
  const url = server?.url ?? '';
  await page.goto(url);
  await waitUntilSettled(page);
  await page.goto(`${new URL(url).origin}${overview}`);
  await waitUntilSettled(page);
}

/** The notes the Overview's chart draws (its option's notes series), as indexes of its days and the words. */
async function chartNotes(page: Page): Promise<{ label: string; days?: string }[]> {
  const chart = page.getByTestId('overview-trend');
  await expect(chart).toHaveAttribute('data-rendered', 'true');
  return JSON.parse((await chart.getAttribute('data-notes')) ?? '[]') as { label: string; days?: string }[];
}

test('a note added in the window is on the chart and in its exports, and survives Rebuild the local data', async ({
  page,
}) => {
  test.setTimeout(120_000);
  server = await startWebMode({ storePath: store });
  await openOverview(page);

  // The form, by keyboard where it matters: a range, the whole tree (no point is chosen in the filter).
  await page.getByTestId('annotation-add').click();
  const form = page.getByTestId('annotation-form');
  await expect(page.getByTestId('annotation-text')).toBeFocused();
  await form.getByTestId('annotation-save').click(); // nothing written yet: said, nothing sent
  await expect(form.getByTestId('annotation-form-error')).toHaveText(
    'Write what happened: the note has no text yet.',
  );
  await page.keyboard.type(text);
  await form.getByTestId('annotation-range').check();
  await form.getByTestId('annotation-from').fill('2026-11-06');
  await form.getByTestId('annotation-to').fill('2026-11-02');
  await form.getByTestId('annotation-save').click();
  await expect(form.getByTestId('annotation-form-error')).toHaveText(
    'The last day is before the first day (2026-11-06): choose a last day on or after it.',
  );
  await form.getByTestId('annotation-from').fill('2026-11-02');
  await form.getByTestId('annotation-to').fill('2026-11-06');
  await expect(form.getByTestId('annotation-node')).toHaveValue(''); // the whole tree, as the filter
  await form.getByTestId('annotation-save').click();
  await expect(form).toHaveCount(0);

  const note = page.getByTestId('annotation-note');
  await expect(note).toHaveCount(1);
  await expect(note).toContainText('2026-11-02 – 2026-11-06');
  await expect(note.locator('.notes__text')).toHaveText(text);
  await expect(page.locator('.notes b')).toHaveCount(0); // never built into HTML
  expect(await chartNotes(page)).toMatchObject([{ label: text, days: '2026-11-02 – 2026-11-06' }]);

  // The exports draw and write the same note: the chart's CSV (a Notes column) and SVG (the mark's words).
  const figure = page.getByTestId('overview-trend');
  const csv = readFileSync(await (await new ExportMenu(page, figure).download('csv')).path(), 'utf8');
  expect(csv.split('\r\n')[0]).toMatch(/,Notes$/);
  expect(csv).toContain(`2026-11-03,`);
  expect(csv.split('\r\n').filter((l) => l.endsWith(`Note: ${text} (2026-11-02 – 2026-11-06)`))).toHaveLength(
    5,
  );
  const svg = readFileSync(await (await new ExportMenu(page, figure).download('svg')).path(), 'utf8');
  expect(svg).toContain('=Road works &lt;b&gt;x&lt;/b&gt;');

  // Export notes writes the CLI's JSON; importing it again doubles nothing; a file that is no export is refused whole.
  const downloaded = page.waitForEvent('download');
  await page.getByTestId('annotation-export').click();
  const exported = readFileSync(await (await downloaded).path(), 'utf8');
  expect(JSON.parse(exported)).toMatchObject({ version: 1, annotations: [{ text, from: '2026-11-02' }] });
  const importFile = page.getByTestId('annotation-import-file');
  await importFile.setInputFiles({
    name: 'notes.json',
    mimeType: 'application/json',
    buffer: Buffer.from(exported),
  });
  await expect(page.getByTestId('annotation-status')).toHaveText('Imported 0 notes (1 were already there).');
  await importFile.setInputFiles({
    name: 'bad.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{ nope'),
  });
  await expect(page.getByTestId('annotation-status')).toHaveText(
    'The file to import is not a Feedback Desk annotations export (it is not JSON); nothing was imported and the notes are unchanged.',
  );
  await expect(page.getByTestId('annotation-note')).toHaveCount(1);

  // The cache is damaged: the app says so and offers the rebuild, which sets the file aside (never deleted).
  await server.stop();
  server = null;
  const fd = openSync(store, 'r+');
  writeSync(fd, Buffer.alloc(100, 0xff), 0, 100, 0); // the header: no longer an SQLite file
  closeSync(fd);
  server = await startWebMode({ storePath: store });
  await page.goto(server.url);
  const rebuild = page.getByRole('button', { name: 'Rebuild the local data' });
  await expect(rebuild).toBeVisible();
  await rebuild.click();
  await expect(page.locator('.app-notice')).toBeVisible();

  // A sync fills the new file (here: the same synced data copied in); the note file beside it was never touched.
  await server.stop();
  server = null;
  for (const extra of ['-wal', '-shm']) rmSync(`${store}${extra}`, { force: true });
  copyFileSync(synced, store);
  server = await startWebMode({ storePath: store });
  await openOverview(page);
  await expect(page.getByTestId('annotation-note')).toHaveCount(1);
  await expect(page.getByTestId('annotation-note').locator('.notes__text')).toHaveText(text);
  expect(await chartNotes(page)).toMatchObject([{ label: text, days: '2026-11-02 – 2026-11-06' }]);

  // Deleted in the window: asked once (focus on the answer), then gone from the list and the chart.
  await page.getByTestId('annotation-delete').click();
  await expect(page.getByTestId('annotation-delete-yes')).toBeFocused(); // the answer, by keyboard
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('annotation-note')).toHaveCount(0);
  expect(await chartNotes(page)).toEqual([]);
});
