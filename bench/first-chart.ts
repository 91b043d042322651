// `npm run bench -- first-chart`: how long after the window opens the first chart is drawn, on a synced `demo`
// store, in headless Chromium against web mode. Each run starts a new `serve` process (a cold app on a warm disk) and
// measures from the page's navigation start to the first chart ECharts has finished drawing
// (`[data-rendered="true"] canvas`); then the same page is loaded again in that process (warm).
// The page opens on the app's own first view; --view=NAME opens that view's address instead (#/NAME), e.g. while
// the first view draws no chart. Options: --db=PATH (a demo store synced before: reused; a missing file is synced there through the app's own
// "Explore demo data" and kept), --runs=N (default 5). Without --db the store lives in a temp folder and is removed.
import { chromium, type Browser, type Page } from '@playwright/test';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startWebMode } from '../test/e2e/support/webMode.ts';

const chartSelector = '[data-rendered="true"] canvas';
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const launchArgs = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'];

function option(args: string[], name: string): string | undefined {
  const prefix = `--${name}=`;
  return args.find((a) => a.startsWith(prefix))?.slice(prefix.length);
}

/** Syncs the demo world into `storePath` the way a new user does: the first-launch button of the app. */
async function syncDemo(browser: Browser, storePath: string): Promise<number> {
  const server = await startWebMode({ storePath });
  const started = performance.now();
  try {
    const page = await browser.newPage();
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Explore demo data' }).click();
    await page.locator(chartSelector).first().waitFor({ state: 'visible', timeout: 600_000 });
    await page.close();
    return (performance.now() - started) / 1000;
  } finally {
    await server.stop();
  }
}

/**
 * Records, inside the page, the instant the first drawn chart appears (a MutationObserver started before any script
 * of the page runs; added through the DevTools protocol, so the page's CSP is untouched).
 */
const recorder = `(() => {
  const check = () => {
    if (window.__firstChartMs === undefined && document.querySelector('${chartSelector}')) {
      window.__firstChartMs = performance.now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-rendered'] });
})();`;

/** Milliseconds from navigation start to the first drawn chart, measured inside the page (`url` null: reload). */
async function loadAndMeasure(page: Page, url: string | null): Promise<number> {
  if (url === null) await page.reload({ waitUntil: 'commit' });
  else await page.goto(url, { waitUntil: 'commit' });
  await page.locator(chartSelector).first().waitFor({ state: 'attached', timeout: 60_000 });
  return Number(await page.evaluate('window.__firstChartMs'));
}

/** A cold figure (first load in a new context) and a warm one (the same page loaded again in that process). */
async function firstChartMs(browser: Browser, url: string): Promise<[number, number]> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    reducedMotion: 'reduce',
  });
  try {
    await context.addInitScript({ content: recorder });
    const page = await context.newPage();
    const cold = await loadAndMeasure(page, url);
    // A reload: a new document in the same app process (a hash-only navigation would keep the old document).
    const warm = await loadAndMeasure(page, null);
    return [cold, warm];
  } finally {
    await context.close();
  }
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};
const fmt = (xs: number[]): string =>
  `median ${Math.round(median(xs))} ms (min ${Math.round(Math.min(...xs))}, max ${Math.round(Math.max(...xs))}; ${xs.map((x) => Math.round(x)).join(', ')})`;

export async function run(args: string[]): Promise<void> {
  const runs = Math.max(1, Number(option(args, 'runs') ?? 5));
  const view = option(args, 'view');
  const hash = view ? `#/${encodeURIComponent(view)}` : '';
  const given = option(args, 'db');
  const tempDir = given ? null : mkdtempSync(join(tmpdir(), 'fd-bench-first-chart-'));
  const storePath = given ? resolve(given) : join(tempDir ?? '.', 'default.sqlite');
  const browser = await chromium.launch({ executablePath: chromiumPath, args: launchArgs });
  try {
    if (!existsSync(storePath)) {
      const seconds = await syncDemo(browser, storePath);
      console.log(`demo store synced through the app in ${seconds.toFixed(1)} s: ${storePath}`);
    } else console.log(`reusing ${storePath}`);
    const cold: number[] = [];
    const warmRuns: number[] = [];
    for (let i = 0; i < runs; i++) {
      const server = await startWebMode({ storePath });
      try {
        const [c, w] = await firstChartMs(browser, server.url + hash);
        cold.push(c);
        warmRuns.push(w);
      } finally {
        await server.stop();
      }
    }
    console.log(`view: ${view ?? "the app's first view"}`);
    console.log(`first chart after the window opens, new app process (${runs} runs): ${fmt(cold)}`);
    console.log(`the same page loaded again in that process (warm):            ${fmt(warmRuns)}`);
    const load = existsSync('/proc/loadavg')
      ? readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3)
      : [];
    if (load.length) console.log(`load average after the runs: ${load.join(' ')}`);
    console.log(`target ≤ 1500 ms: ${median(cold) <= 1500 ? 'met' : 'NOT met'} (median of the cold runs)`);
  } finally {
    await browser.close();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  }
}
