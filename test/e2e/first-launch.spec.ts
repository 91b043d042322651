// A first launch in Chromium against web mode on an empty data folder: "Explore demo data" syncs the demo profile
// (the embedded emulator: every v2 resource, the v1 side, the check against its counts; made once per run and its
// steps asserted by support/demoTemplate.ts, whichever spec asks first); afterwards, the app restarted on the folder
// the demo left, every view of the navigation shows data equal to plain SQL over the demo's file
// (support/viewCounts.ts, insightCounts.ts, independentCounts.ts: the facts and synced tables, never the app's
// analytics), and none shows an empty state.
import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { demoBound, demoTemplate, demoTimings } from './support/demoTemplate.ts';
import { discoverRoutes, waitUntilSettled, type AppRoute } from './support/appRoutes.ts';
import { ExplorePage } from './support/explorePage.ts';
import { countsBySubtree } from './support/independentCounts.ts';
import {
  alertCounts,
  commentCount,
  digits,
  genderCounts,
  painPointCounts,
  v1Totals,
} from './support/insightCounts.ts';
import {
  happyIndexOf,
  pressesPerButton,
  pressesPerHourOfWeek,
  pressesPerMonth,
  pressesPerRootChild,
  type Span,
} from './support/viewCounts.ts';
import { ViewsPage } from './support/viewsPage.ts';
import { startWebMode, type WebMode } from './support/webMode.ts';

let server: WebMode;
test.afterAll(async () => {
  await server?.stop();
});

/** What the views say when they have nothing to show: none of it may appear after the demo. */
const emptyStates = [
  'No presses match these filters.',
  'No presses in this part of the tree',
  'No comments match.',
  'No comments.',
  'No sync has run on this file yet.',
  'No check against the service',
];

/** A view over the demo's million presses answers in seconds; on a loaded shared machine, in many more. */
const slow = { timeout: 90_000 };

function sql<T>(path: string, query: string): T {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(query).get() as T;
  } finally {
    db.close();
  }
}

test('first launch: after the demo, every view of the navigation shows what plain SQL counts', async ({
  page,
  browser,
}) => {
  test.setTimeout(demoBound + 900_000);
  // The first launch on an empty data folder, the demo's click and its whole sync (asserted step by step there).
  const demo = await demoTemplate(browser);
  test.info().annotations.push({ type: 'demo sync', description: demoTimings(demo) });
  const problems: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'error') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  await page.emulateMedia({ reducedMotion: 'reduce' });

  // The app restarted on the folder the demo left: a fresh page, every view asks anew.
  server = await startWebMode({ dataFrom: demo.dataDir });
  expect(server.storePath.endsWith(demo.storeFile)).toBe(true);
  const explore = new ExplorePage(page);
  await explore.open(server.url);
  await expect(page.getByRole('navigation', { name: 'Views' })).toBeVisible({ timeout: 60_000 });
  const path = server.storePath;
  const views = new ViewsPage(page, server.url);
  const all: Span = { scale: 'four', first: '0000-01-01', last: '9999-12-31' };
  const byScale = { period: 'all', scale: 'four' };

  const checks: Record<string, (page: Page) => Promise<void>> = {
    overview: async () => {
      await views.open('overview', { ...byScale, compare: 'off' });
      const buttons = pressesPerButton(path, all);
      const presses = [...buttons.values()].reduce((a, b) => a + b, 0);
      expect(presses).toBeGreaterThan(0);
      await expect.poll(() => views.figureValue('presses'), slow).toBe(presses);
      expect(await views.figureValue('score')).toBeCloseTo(happyIndexOf(buttons, 4), 1);
    },
    trends: async () => {
      await views.open('trends', { ...byScale, grain: 'month', measure: 'presses', compare: 'off' });
      const trend = await views.chartData<{ labels: string[]; lines: { values: (number | null)[] }[] }>(
        'trend-chart',
      );
      const months = pressesPerMonth(path, all);
      expect(months.size).toBeGreaterThan(0);
      expect(trend.labels).toEqual([...months.keys()].sort());
      expect(trend.lines[0]?.values).toEqual(trend.labels.map((m) => months.get(m) ?? null));
    },
    patterns: async () => {
      await views.open('patterns', byScale);
      const cells =
        await views.chartData<{ weekday: number; hour: number; value: number }[]>('pattern-chart');
      const expected = pressesPerHourOfWeek(path, all);
      expect(expected.size).toBeGreaterThan(0);
      expect(new Map(cells.map((c) => [`${c.weekday}/${c.hour}`, c.value]))).toEqual(expected);
    },
    ranking: async () => {
      // A ranking needs a period with a start and an end: the data's own first and last day (plain SQL).
      const days = sql<{ first: string; last: string }>(
        path,
        'SELECT min(local_day) AS first, max(local_day) AS last FROM v2_button_feedback',
      );
      const span = { period: 'custom', from: days.first, to: days.last, scale: 'four' };
      await views.open('ranking', { ...span, measure: 'presses' });
      const expected = pressesPerRootChild(path, { scale: 'four', ...days });
      expect(expected.size).toBeGreaterThan(0);
      await expect.poll(() => views.rankingPresses(), slow).toEqual(expected);
    },
    explore: async () => {
      await views.open('explore', byScale);
      await explore.waitForChart();
      const root = sql<{ id: number }>(
        path,
        'SELECT experience_point_id AS id FROM experience_point WHERE parent_id IS NULL ORDER BY 1 LIMIT 1',
      );
      const expected = countsBySubtree(path, root.id, ['four']);
      expect(expected.size).toBeGreaterThan(0);
      await expect.poll(() => explore.chartCounts(), slow).toEqual(expected);
    },
    data: async () => {
      await views.open('data', { ...byScale, by: 'button' });
      const perButton = pressesPerButton(path, all);
      expect(perButton.size).toBeGreaterThan(0);
      await expect(page.getByTestId('data-count')).toHaveText(`${perButton.size} rows`, slow);
    },
    'follow-ups': async () => {
      await views.open('follow-ups', { period: 'all' });
      const expected = painPointCounts(path);
      expect(expected.length).toBeGreaterThan(0);
      const side = page.getByTestId('followups-painPoint');
      await expect(side.locator('tbody tr')).toHaveCount(expected.length, slow);
      for (const { option, n } of expected) {
        const row = side.locator(`tr[data-option=${JSON.stringify(option)}]`);
        expect(digits(await row.locator('[data-col="count"]').textContent()), option).toBe(n);
      }
    },
    comments: async () => {
      await views.open('comments', { period: 'all' });
      const expected = commentCount(path);
      expect(expected).toBeGreaterThan(0);
      await expect
        .poll(async () =>
          digits((await page.getByTestId('comment-count').textContent())?.split('·')[0] ?? ''),
        )
        .toBe(expected);
    },
    alerts: async () => {
      await views.open('alerts', { period: 'all' });
      const expected = alertCounts(path);
      expect(expected.all).toBeGreaterThan(0);
      await expect
        .poll(async () => digits(await page.getByTestId('alert-total').textContent()), slow)
        .toBe(expected.all);
    },
    people: async () => {
      await views.open('people', { period: 'all' });
      const expected = genderCounts(path);
      expect(expected.size).toBeGreaterThan(0);
      await expect
        .poll(async () => {
          const raw = await page.getByTestId('people-gender').getAttribute('data-chart');
          const bars = JSON.parse(raw ?? '[]') as Array<{ label: string; count: number }>;
          return new Map(bars.map((b) => [b.label === 'not given' ? '' : b.label, b.count]));
        }, slow)
        .toEqual(expected);
    },
    reconciliation: async () => {
      // The v1 side of the demo's newest whole month that has v1 presses (plain SQL), against the v1 tables.
      const { month } = sql<{ month: string }>(
        path,
        'SELECT substr(max(local_day), 1, 7) AS month FROM v1_press WHERE presses > 0',
      );
      const from = `${month}-01`;
      const to = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0))
        .toISOString()
        .slice(0, 10);
      await views.open('reconciliation', { period: 'custom', from, to });
      const expected = v1Totals(path, from, to);
      expect(expected.raw).toBeGreaterThan(0);
      const totals = page.getByTestId('reconciliation-totals');
      await expect
        .poll(async () => digits(await totals.locator('[data-total="v1Raw"]').textContent()), slow)
        .toBe(expected.raw);
      expect(digits(await totals.locator('[data-total="v1Summed"]').textContent())).toBe(expected.summed);
    },
    sync: async () => {
      await views.open('sync', {});
      // The demo's check against the emulator's counts, shown as any profile's: every press here agrees.
      const { n } = sql<{ n: number }>(
        path,
        'SELECT local_total AS n FROM sync_verification ORDER BY verification_id DESC LIMIT 1',
      );
      const kept = sql<{ presses: number }>(
        path,
        'SELECT count(*) AS presses FROM v2_button_feedback WHERE misuse = 0',
      );
      expect(n).toBe(kept.presses);
      await expect(page.getByTestId('last-verification')).toContainText(n.toLocaleString('en-US'), slow);
      const runs = sql<{ n: number }>(path, 'SELECT count(*) AS n FROM sync_run');
      await expect(page.locator('.history__row')).toHaveCount(Math.min(50, runs.n), slow);
    },
    connections: async () => {
      await views.open('connections', {});
      await expect(page.getByText(path, { exact: false }).first()).toBeVisible();
    },
  };

  const routes: AppRoute[] = await discoverRoutes(page);
  const names = routes.map((r) => r.href.replace(/^#\//, '').split('?')[0] ?? '');
  // Every view of the navigation has its check (a new view without one fails here, not silently).
  expect(names.filter((n) => !(n in checks))).toEqual([]);
  for (const name of names) {
    await test.step(name, async () => {
      await checks[name]?.(page);
      await waitUntilSettled(page);
      const text = await page.locator('#app').innerText();
      for (const empty of emptyStates) expect(text, `${name} shows "${empty}"`).not.toContain(empty);
      await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
    });
  }
  expect(problems, 'console errors').toEqual([]);
});
