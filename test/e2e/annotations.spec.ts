// An analyst's note survives the cache being rebuilt: the store is set aside and filled again (as a rebuild and a
// new sync do), and the Overview in Chromium still lists the note beside its chart, its text shown as text.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { addAnnotation } from '../../src-main/app/annotationService.ts';
import { writeExportStore } from '../../src-main/export/testing/exportStore.ts';
import { setAsideStore } from '../../src-main/store/checkStore.ts';
import { waitUntilSettled } from './support/appRoutes.ts';
import { startWebMode, type WebMode } from './support/webMode.ts';

let dir: string;
let server: WebMode | null = null;
test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fd-e2e-annotations-'));
  const store = join(dir, 'store.sqlite');
  writeExportStore(store);
  addAnnotation(store, {
    experiencePointId: 2,
    from: '2026-10-10',
    to: '2026-10-20',
    text: '<b>Road works</b>',
  });
  // The rebuild: the old file goes aside (never deleted), a sync fills a new one; the notes file is not touched.
  setAsideStore(store);
  writeExportStore(store);
  server = await startWebMode({ storePath: store });
});
test.afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

test('the note is listed under the Overview chart after the store was rebuilt, as text', async ({ page }) => {
  const url = server?.url ?? '';
  await page.goto(url);
  await waitUntilSettled(page);
  await page.goto(`${new URL(url).origin}/#/overview?period=custom&from=2026-10-01&to=2026-10-31&points=2`);
  await waitUntilSettled(page);
  const note = page.getByTestId('annotation-note');
  await expect(note).toHaveCount(1);
  await expect(note).toContainText('2026-10-10 – 2026-10-20');
  await expect(note.locator('.notes__text')).toHaveText('<b>Road works</b>');
  await expect(page.locator('.notes b')).toHaveCount(0); // never built into HTML
});
