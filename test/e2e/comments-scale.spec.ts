// The Comments view over more than 100,000 comments in Chromium: the virtual list keeps a bounded number of rows in
// the page while it jumps to the middle and to the end, and the comment at a position is the store's (plain SQL).
import Database from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { waitUntilSettled } from './support/appRoutes.ts';
import { commentWorld } from './support/commentWorld.ts';
import { syncWorld, type SyncedStore } from './support/syncedStore.ts';
import { startWebMode, type WebMode } from './support/webMode.ts';

let store: SyncedStore;
let server: WebMode;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  store = await syncWorld(commentWorld(), 'v2');
  server = await startWebMode({ storePath: store.storePath });
});
test.afterAll(async () => {
  await server?.stop();
  store?.remove();
});

/** The second route: the store's comments (spam and misuse left out, the view's defaults), newest first, plain SQL. */
function storeComments(): { total: number; at(position: number): string } {
  const db = new Database(store.storePath, { readonly: true, fileMustExist: true });
  const where = 'FROM v2_text_feedback WHERE spam = 0 AND misuse = 0';
  const total = (db.prepare(`SELECT count(*) AS n ${where}`).get() as { n: number }).n;
  const at = db.prepare(
    `SELECT text ${where} ORDER BY local_time DESC, text_feedback_id DESC LIMIT 1 OFFSET ?`,
  );
  return {
    total,
    at: (position) => (at.get(position) as { text: string }).text,
  };
}

/** Rows in the page, and the chosen comment's text once the row at `index` is active. */
async function chosenText(page: Page, index: number): Promise<string> {
  const list = page.getByTestId('comment-list');
  await expect(list).toHaveAttribute('aria-activedescendant', `comment-row-${index}`);
  await expect(page.locator(`#comment-row-${index}`)).toHaveAttribute('aria-busy', 'false');
  return (
    (await page.getByTestId('comment-detail').locator('.comment-detail__text').first().textContent()) ?? ''
  );
}

test('the virtual list scrolls through 100,000+ comments, bounded, to the end, each row the store’s', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const expected = storeComments();
  expect(expected.total).toBeGreaterThanOrEqual(100_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(server.url);
  await waitUntilSettled(page);
  await page.goto(`${new URL(server.url).origin}/#/comments?period=all`);
  await waitUntilSettled(page);
  await expect(page.getByTestId('comment-count')).toContainText(expected.total.toLocaleString('en-US'));
  const list = page.getByTestId('comment-list');
  const rows = list.locator('[role="option"]');
  expect(await rows.count()).toBeLessThanOrEqual(40);
  expect(await chosenText(page, 0)).toContain(expected.at(0).slice(0, 200));

  // The scroll bar covers every comment: scrolled to a position in the middle, that row is drawn and clicked.
  const middle = 54_321;
  await list.evaluate((el, top) => (el.scrollTop = top), middle * 76);
  await page.locator(`#comment-row-${middle}`).click();
  expect(await chosenText(page, middle)).toContain(expected.at(middle).slice(0, 200));
  expect(await rows.count()).toBeLessThanOrEqual(40);

  // End reaches the last comment; the page still holds a bounded window of rows.
  await list.press('End');
  const last = expected.total - 1;
  expect(await chosenText(page, last)).toContain(expected.at(last).slice(0, 200));
  expect(await rows.count()).toBeLessThanOrEqual(40);
  await expect(page.locator(`#comment-row-${last}`)).toHaveAttribute('aria-posinset', String(expected.total));
  // And the keyboard walks on from there: Page Up, then Home back to the newest.
  await list.press('PageUp');
  await list.press('Home');
  expect(await chosenText(page, 0)).toContain(expected.at(0).slice(0, 200));
});
