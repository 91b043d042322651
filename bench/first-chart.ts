// `npm run bench -- first-chart`: how long after the window opens the first chart is drawn, on a synced `demo`
// store, in headless Chromium against web mode. Each run starts a new `serve` process (a cold app on a warm disk) and
// measures from the page's navigation start to the first chart ECharts has finished drawing
// (`[data-rendered="true"] canvas`); then the same page is loaded again in that process (warm).
// The page opens on the app's own first view; --view=NAME opens that view's address instead (#/NAME), e.g. while
// the first view draws no chart. --connect=SIZE (tiny, small, demo, large) measures a first connect instead: an
// emulator world of that size on loopback, the first screen's Connect form, then from "Save and use" to the first
// Overview chart (newest first: while history still syncs) and to the end of the sync (the history banner gone and
// "Sync now" back; --until=chart stops at the first chart). --demo measures the demo instead: from the click on
// "Explore demo data" on an empty data folder to the first chart drawn, --runs times, with a reference (the demo
// world's generation timed in this process before and after) to compare runs made at different loads.
// --phases=SIZE breaks a first sync of that world down (bench/_phases.ts): the sync as the app runs it, each stream's
// start and end with the CPU used by then (this process per thread, the emulator's process), up to the coverage
// that opens the views (--until=end: to the sync's end; --keep keeps the store; --base-url=URL: an emulator already
// running with that size, `--seed 1 --now 2026-11-21T14:00:00Z`, its CPU read from the process on that port).
// Options: --db=PATH (a demo store synced before: reused; a missing file is synced there through the app's own
// "Explore demo data", to its end, and kept), --runs=N (default 5). Without --db the store lives in a temp folder
// and is removed.
import { chromium, type Browser, type Page } from '@playwright/test';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startEmulator } from '#emulator/index.ts';
import { firstSyncPhases } from './_phases.ts';
import { demoSynced } from '../test/e2e/support/demoSynced.ts';
import { startWebMode } from '../test/e2e/support/webMode.ts';

const chartSelector = '[data-rendered="true"] canvas';
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const launchArgs = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'];

function option(args: string[], name: string): string | undefined {
  const prefix = `--${name}=`;
  return args.find((a) => a.startsWith(prefix))?.slice(prefix.length);
}

/**
 * Syncs the demo world into `storePath` the way a new user does: the first-launch button of the app. Returns the
 * seconds from the click to the first chart drawn (the views open once the newest days are stored); the sync goes
 * on until `whole` says (true: until the demo's check is kept in the file; false: the server is stopped there).
 */
async function syncDemo(browser: Browser, storePath: string | null, whole = true): Promise<number> {
  const server = await startWebMode(storePath ? { storePath } : {});
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    await page.goto(server.url);
    const button = page.getByRole('button', { name: 'Explore demo data' });
    await button.waitFor({ state: 'visible' });
    const started = performance.now();
    await button.click();
    await page.locator(chartSelector).first().waitFor({ state: 'visible', timeout: 600_000 });
    const seconds = (performance.now() - started) / 1000;
    if (whole) await demoSynced(server.storePath, 3_600_000);
    await page.close();
    return seconds;
  } finally {
    await server.stop();
  }
}

/**
 * A fixed piece of CPU work timed in this process, to compare runs made at different loads: the demo world's
 * generation (the emulator's, on this thread), in seconds.
 */
async function reference(): Promise<number> {
  const started = performance.now();
  const emulator = await startEmulator({ size: 'demo', seed: 1, port: 0, host: '127.0.0.1' });
  const seconds = (performance.now() - started) / 1000;
  await emulator.close();
  return seconds;
}

/** `--demo`: the demo's click → first chart, `runs` times on new data folders, with the reference around them. */
async function demoRuns(browser: Browser, runs: number): Promise<void> {
  const before = await reference();
  const clicks: number[] = [];
  for (let i = 0; i < runs; i++) {
    clicks.push(await syncDemo(browser, null, false));
    console.log(
      `run ${i + 1}: demo click → first chart ${clicks.at(-1)?.toFixed(1)} s (load ${loadAverage()})`,
    );
  }
  const after = await reference();
  const ref = (before + after) / 2;
  const m = median(clicks);
  console.log(
    `demo click → first chart (${runs} runs): median ${m.toFixed(1)} s (${clicks.map((c) => c.toFixed(1)).join(', ')})`,
  );
  console.log(
    `reference (the demo world's generation in this process): ${before.toFixed(2)} s before, ${after.toFixed(2)} s after; median ÷ reference = ${(m / ref).toFixed(1)}`,
  );
  console.log(`target ≤ 10 s: ${m <= 10 ? 'met' : 'NOT met'} (median); load average now ${loadAverage()}`);
}

const loadAverage = (): string =>
  existsSync('/proc/loadavg') ? readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ') : '?';

/** A first connect to an emulator world of `size`: seconds to the first Overview chart, and to the sync's end. */
async function connectAndMeasure(
  browser: Browser,
  size: 'tiny' | 'small' | 'demo' | 'large',
  untilChart: boolean,
): Promise<void> {
  const t0 = performance.now();
  const emulator = await startEmulator({ size, seed: 1, port: 0, host: '127.0.0.1' });
  console.log(`emulator world '${size}' ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const server = await startWebMode();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Connect your account' }).click();
    await page.getByLabel('Profile name').fill('Bench');
    await page.getByLabel('Service address').fill(emulator.url);
    await page.getByLabel('v2 token').fill('demo-v2-token');
    const started = performance.now();
    await page.getByRole('button', { name: 'Save and use' }).click();
    // The banner shows once the coverage has opened the views (the shell is drawn); the chart after the Overview's
    // questions are answered and ECharts has drawn: the two apart say the sync's share and the renderer's.
    let opened = NaN;
    const bannerShown = page
      .getByTestId('history-coverage')
      .waitFor({ state: 'visible', timeout: 1_800_000 })
      .then(() => (opened = (performance.now() - started) / 1000))
      .catch(() => undefined);
    await page.locator(chartSelector).first().waitFor({ state: 'visible', timeout: 1_800_000 });
    const chart = (performance.now() - started) / 1000;
    await Promise.race([bannerShown, new Promise((r) => setTimeout(r, 1000))]);
    if (Number.isFinite(opened))
      console.log(
        `views opened (the history banner shown) ${opened.toFixed(1)} s after "Save and use"; the Overview's questions and its chart ${(chart - opened).toFixed(1)} s more`,
      );
    const banner = await page
      .getByTestId('history-coverage')
      .getAttribute('data-complete-from')
      .catch(() => null);
    console.log(
      `first Overview chart ${chart.toFixed(1)} s after "Save and use"${banner ? ` (history complete from ${banner})` : ''}`,
    );
    if (untilChart) return;
    await page.getByTestId('header-sync').waitFor({ state: 'visible', timeout: 3_600_000 });
    console.log(
      `whole first sync (and its check) ended ${((performance.now() - started) / 1000).toFixed(1)} s after it`,
    );
    await page.close();
  } finally {
    await server.stop();
    await emulator.close();
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
  const phases = option(args, 'phases');
  if (phases === 'tiny' || phases === 'small' || phases === 'demo' || phases === 'large') {
    await firstSyncPhases(phases, {
      whole: option(args, 'until') === 'end',
      keep: args.includes('--keep'),
      baseUrl: option(args, 'base-url'),
    });
    return;
  }
  const connect = option(args, 'connect');
  if (connect === 'tiny' || connect === 'small' || connect === 'demo' || connect === 'large') {
    const browser = await chromium.launch({ executablePath: chromiumPath, args: launchArgs });
    try {
      await connectAndMeasure(browser, connect, option(args, 'until') === 'chart');
    } finally {
      await browser.close();
    }
    const load = existsSync('/proc/loadavg')
      ? readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3)
      : [];
    if (load.length) console.log(`load average after the run: ${load.join(' ')}`);
    return;
  }
  const runs = Math.max(1, Number(option(args, 'runs') ?? 5));
  if (args.includes('--demo')) {
    const browser = await chromium.launch({ executablePath: chromiumPath, args: launchArgs });
    try {
      await demoRuns(browser, runs);
    } finally {
      await browser.close();
    }
    return;
  }
  const view = option(args, 'view');
  const hash = view ? `#/${encodeURIComponent(view)}` : '';
  const given = option(args, 'db');
  const tempDir = given ? null : mkdtempSync(join(tmpdir(), 'fd-bench-first-chart-'));
  const storePath = given ? resolve(given) : join(tempDir ?? '.', 'default.sqlite');
  const browser = await chromium.launch({ executablePath: chromiumPath, args: launchArgs });
  try {
    if (!existsSync(storePath)) {
      const seconds = await syncDemo(browser, storePath);
      console.log(
        `demo store synced through the app (its first chart ${seconds.toFixed(1)} s after the click): ${storePath}`,
      );
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
