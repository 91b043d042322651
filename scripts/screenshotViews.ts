// The README's pictures of every view: a small world synced through v2 and v1 (the app's demo sync brings button
// feedback only), served in web mode, one PNG per view (docs/views/), light, and two in the dark theme.
import type { Browser } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { generateWorld } from '#emulator/index.ts';
import { waitUntilSettled } from '../test/e2e/support/appRoutes.ts';
import { syncWorld } from '../test/e2e/support/syncedStore.ts';
import { startWebMode } from '../test/e2e/support/webMode.ts';

/** View address → file name; the settings make each picture show something worth seeing. Every view, light; two dark. */
export const viewShots: Array<{
  file: string;
  hash: string;
  /** What must be drawn before the picture is taken. */
  ready: string;
  scheme?: 'light' | 'dark';
  search?: string;
}> = [
  {
    file: 'overview.png',
    hash: '#/overview?period=last90',
    ready: '[data-testid="overview-trend"][data-rendered="true"]',
  },
  {
    file: 'trends.png',
    hash: '#/trends?period=thisYear&grain=week',
    ready: '[data-testid="trend-chart"][data-rendered="true"]',
  },
  {
    file: 'patterns.png',
    hash: '#/patterns?period=last90',
    ready: '[data-testid="pattern-chart"][data-rendered="true"]',
  },
  {
    file: 'ranking.png',
    hash: '#/ranking?period=last90',
    ready: '[data-testid="ranking-table"] tbody tr',
  },
  {
    file: 'daily-buttons.png',
    hash: '#/explore?period=last90',
    ready: '[data-testid="daily-chart"][data-rendered="true"]',
  },
  {
    file: 'data.png',
    hash: '#/data?period=last90&grain=week',
    ready: '[data-testid="data-table"] .el-table-v2__row',
  },
  {
    file: 'follow-ups.png',
    hash: '#/follow-ups?period=last90&grain=week',
    ready: '[data-testid="followups-trend-painPoint"][data-rendered="true"]',
  },
  {
    file: 'comments.png',
    hash: '#/comments?period=last90',
    ready: '[data-testid="comment-list"]',
    search: 'staff',
  },
  {
    file: 'alerts.png',
    hash: '#/alerts?period=thisYear',
    ready: '[data-testid="alert-timeline"][data-rendered="true"]',
  },
  {
    file: 'people.png',
    hash: '#/people?period=last90',
    ready: '[data-testid="people-age"][data-rendered="true"]',
  },
  {
    file: 'reconciliation.png',
    hash: '#/reconciliation?period=last30',
    ready: '[data-testid="reconciliation-chart"][data-rendered="true"]',
  },
  { file: 'sync.png', hash: '#/sync', ready: 'h1, h2' },
  { file: 'connections.png', hash: '#/connections', ready: '[data-testid="credentials-note"]' },
  {
    file: 'overview-dark.png',
    hash: '#/overview?period=last90',
    ready: '[data-testid="overview-trend"][data-rendered="true"]',
    scheme: 'dark',
  },
  {
    file: 'comments-dark.png',
    hash: '#/comments?period=last90',
    ready: '[data-testid="comment-list"]',
    search: 'Kasse',
    scheme: 'dark',
  },
];

export async function screenshotViews(browser: Browser, docsDir: string): Promise<string[]> {
  const dir = join(docsDir, 'views');
  mkdirSync(dir, { recursive: true });
  console.log('Syncing a small world (v2 and v1) for the view pictures…');
  const store = await syncWorld(
    generateWorld({ seed: 2, size: 'small', now: new Date('2026-11-20T12:00:00Z') }),
  );
  const server = await startWebMode({ storePath: store.storePath });
  const written: string[] = [];
  try {
    for (const shot of viewShots) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
      try {
        await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: shot.scheme ?? 'light' });
        await page.goto(server.url); // trades the session token for the cookie
        await waitUntilSettled(page);
        await page.goto(`${new URL(server.url).origin}/${shot.hash}`);
        await page.locator(shot.ready).first().waitFor({ timeout: 120_000 });
        await waitUntilSettled(page);
        if (shot.search) {
          await page.getByTestId('comment-search').fill(shot.search);
          await page.getByTestId('comment-search').press('Enter');
          await waitUntilSettled(page);
        }
        await page
          .locator('[data-rendered="false"]')
          .first()
          .waitFor({ state: 'detached', timeout: 10_000 })
          .catch(() => undefined);
        await page.mouse.move(0, 0);
        const path = join(dir, shot.file);
        await page.screenshot({ path });
        written.push(path);
        console.log(`Wrote ${path}`);
      } finally {
        await page.close();
      }
    }
  } finally {
    await server.stop();
    store.remove();
  }
  return written;
}
