// Every view of the app, found the way a user finds them: the links of the app's navigation (hash routes).
import { expect, type Page } from '@playwright/test';

export interface AppRoute {
  /** The link's text, e.g. "Comments". */
  name: string;
  /** The link's hash, e.g. "#/comments". */
  href: string;
}

/** The views the navigation links to, in its order; one entry for the page itself when there is no navigation. */
export async function discoverRoutes(page: Page): Promise<AppRoute[]> {
  const links = await page
    .locator('nav a[href^="#/"]')
    .evaluateAll((as) =>
      as.map((a) => ({ name: (a.textContent ?? '').trim(), href: a.getAttribute('href') ?? '' })),
    );
  const unique = new Map(links.map((l) => [l.href.split('?')[0] ?? l.href, l]));
  return unique.size ? [...unique.values()] : [{ name: 'app', href: '' }];
}

/** Opens one view by its navigation link (or stays, for the page itself) and waits until nothing is loading. */
export async function openRoute(page: Page, route: AppRoute): Promise<void> {
  if (route.href) {
    await page
      .locator(`nav a[href^="${route.href.split('?')[0] ?? ''}"]`)
      .first()
      .click();
    await expect.poll(() => new URL(page.url()).hash.split('?')[0]).toBe(route.href.split('?')[0]);
  }
  await waitUntilSettled(page);
}

/** Nothing marked busy, and the app has drawn something: the view has answered (data, empty or error state). */
export async function waitUntilSettled(page: Page, timeout = 60_000): Promise<void> {
  await expect(page.locator('#app > *').first()).toBeVisible({ timeout });
  // Nothing busy twice in a row, 250 ms apart: a lazily loaded view that has not started asking is not "settled".
  await expect
    .poll(
      async () => {
        const busy = (): Promise<number> => page.locator('[aria-busy="true"]').count();
        if ((await busy()) > 0) return false;
        await page.waitForTimeout(250);
        return (await busy()) === 0;
      },
      { timeout },
    )
    .toBe(true);
  // One more frame for charts that draw after their data arrived.
  await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
}
