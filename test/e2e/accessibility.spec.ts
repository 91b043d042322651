// axe-core on every view of the app (every link of its navigation), in the light and the dark theme, on a synced
// tiny world: no serious or critical violation anywhere.
import { expect, test } from '@playwright/test';
import { discoverRoutes, openRoute, waitUntilSettled } from './support/appRoutes.ts';
import { seriousViolations, type AxeViolation } from './support/axe.ts';
import { tinyWorldInWebMode } from './support/tinyWorld.ts';

const app = tinyWorldInWebMode();

for (const colorScheme of ['light', 'dark'] as const) {
  test(`every view has no serious or critical axe violation (${colorScheme})`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    await page.goto(app.server.url);
    await waitUntilSettled(page);
    const routes = await discoverRoutes(page);
    const found: Array<AxeViolation & { view: string }> = [];
    for (const route of routes) {
      await openRoute(page, route);
      for (const v of await seriousViolations(page)) found.push({ view: route.name, ...v });
    }
    expect(routes.length).toBeGreaterThan(0);
    expect(found, `views checked: ${routes.map((r) => r.name).join(', ')}`).toEqual([]);
  });
}
