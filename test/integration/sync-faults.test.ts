// Sync against a misbehaving `small` world: 20% injected faults end in the same store as a clean sync; a token
// revoked mid-run stops with a clear message and keeps every page received before; pacing slows down before a 429.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RetryInfo } from '../../src-main/api/http.ts';
import { parseLocalDate } from '../../src-main/core/localTime.ts';
import { createV2Client } from '../../src-main/api/v2/client.ts';
import { createSessionStore } from '../../src-main/credentials/sessionStore.ts';
import { runCommand } from '../../src-main/cli/testing.ts';
import { createSyncCommand } from '../../src-main/cli/commands/sync.ts';
import { generateWorld, startEmulator } from '#emulator/index.ts';
import type { RunningEmulator, World } from '#emulator/index.ts';
import { pressLocalDay } from '#emulator/world/world.ts';
import { openStore } from '../../src-main/store/db.ts';
import { runSync } from '../../src-main/sync/orchestrator.ts';
import { addYears, utcDate } from '../../src-main/sync/plan.ts';
import { syncV2 } from '../../src-main/sync/syncV2.ts';
import { canonicalDump, demoToken, revokingProxy, tempDir } from './syncFixtures.ts';

const now = new Date('2026-11-21T14:00:00Z');
// Every sync here starts three years of days before `now` (an explicit start: no search for the account's first day,
// whose requests the revoking proxy would count as pages).
const since = utcDate(now, -3 * 365);
let world: World;
let emulator: RunningEmulator;
let dir: string;
let cleanPath: string;

beforeAll(async () => {
  world = generateWorld({ size: 'small', seed: 5, now });
  emulator = await startEmulator({ world, port: 0, host: '127.0.0.1' });
  dir = tempDir('fd-faults-');
  cleanPath = join(dir, 'clean.sqlite');
  const store = openStore(cleanPath);
  const client = createV2Client({ baseUrl: emulator.url, token: demoToken });
  const r = await runSync({
    store,
    sources: { v2: { client } },
    source: 'v2',
    since,
    now: () => now,
    pageSize: 2000,
  });
  store.close();
  expect(r.status).toBe('done');
});
afterAll(async () => {
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('sync through faults', () => {
  it('with 20% of requests failing (5xx, 429, cut and invalid bodies, resets, slow answers) ends identical', async () => {
    const path = join(dir, 'faulty.sqlite');
    const retries: RetryInfo[] = [];
    const fast = { maxRetries: 8, backoffMs: 5, maxBackoffMs: 40, timeoutMs: 5000 };
    const client = createV2Client({
      baseUrl: emulator.url,
      token: demoToken,
      ...fast,
      onRetry: (r) => void retries.push(r),
    });
    emulator.setFaults({ rate: 0.2, seed: 42, slowMs: 30, retryAfterSeconds: 0 });
    const store = openStore(path);
    try {
      const r = await runSync({
        store,
        // The button feedbacks come through the fetch thread's own client (same faults, same retry rules).
        sources: { v2: { client, config: { baseUrl: emulator.url, token: demoToken, ...fast } } },
        source: 'v2',
        since,
        now: () => now,
        pageSize: 2000,
        onRetry: (info) => void retries.push(info),
      });
      expect(r.status).toBe('done');
    } finally {
      emulator.setFaults(null);
      store.close();
    }
    expect(retries.length).toBeGreaterThan(20); // the faults really happened, and were retried
    expect(canonicalDump(path)).toEqual(canonicalDump(cleanPath));
  });

  it('stops with a clear message when the token is revoked mid-run, keeping every page received before', async () => {
    const proxy = await revokingProxy(emulator.url, 8);
    const keychain = createSessionStore();
    const sync = createSyncCommand({ createCredentialStore: () => keychain, now: () => now });
    const path = join(dir, 'revoked.sqlite');
    const args = ['--base-url', proxy.url, '--db', path, '--page-size', '2000', '--since', since];
    try {
      const out = await runCommand(sync, args, { FEEDBACK_DESK_V2_TOKEN: demoToken });
      expect(proxy.revoked()).toBe(true);
      expect(out.code).toBe(1);
      expect(out.stderr).toContain(
        `feedback-desk sync: v2:button-feedbacks failed: The service at ${proxy.url} refused the API token (401). Check that the token is valid and not revoked, then try again. Everything fetched before is kept. Run 'feedback-desk login --base-url ${proxy.url}' to store a new token, or set FEEDBACK_DESK_V2_TOKEN.\n`,
      );
      expect(out.stderr).not.toContain(demoToken);
      // By hand: 8 pages came before the 9th request met the 401. The first window (a year from --since; counted
      // from the world's columns) fits in one page, committed when the window ended; then 7 full pages of 2,000 of
      // the second window: five committed as one batch, two more when the failure came.
      const firstWindow = [since, addYears(since, 1)].map((d) => parseLocalDate(d) ?? NaN);
      let inFirst = 0;
      for (let i = 0; i < world.presses.count; i++) {
        const d = pressLocalDay(world, i);
        if (d >= (firstWindow[0] ?? 0) && d < (firstWindow[1] ?? 0)) inFirst++;
      }
      expect(inFirst).toBeLessThan(2000);
      const db = new Database(path, { readonly: true });
      expect(db.prepare('SELECT count(*) FROM v2_button_feedback').pluck().get()).toBe(inFirst + 7 * 2000);
      expect(db.prepare("SELECT status, error FROM sync_run WHERE source = 'v2'").get()).toEqual({
        status: 'failed',
        error: expect.stringContaining('refused the API token (401)'),
      });
      expect(
        db
          .prepare("SELECT last_status, last_error FROM sync_stream WHERE stream = 'v2:button-feedbacks'")
          .get(),
      ).toEqual({ last_status: 'failed', last_error: expect.stringContaining('(401)') });
      db.close();

      proxy.restore(); // a new token, in effect: the next run resumes after the kept pages
      const again = await runCommand(sync, args, { FEEDBACK_DESK_V2_TOKEN: demoToken });
      expect(again.code).toBe(0);
      // The cursors name the service by origin, and the proxy has its own: compare them without it.
      const withoutSource = (d: ReturnType<typeof canonicalDump>) => ({
        ...d,
        checkpoint: (d.checkpoint as Record<string, unknown>[]).map(({ source: _s, ...rest }) => rest),
      });
      expect(withoutSource(canonicalDump(path))).toEqual(withoutSource(canonicalDump(cleanPath)));
    } finally {
      await proxy.close();
    }
  });

  it('paces requests as X-Svc-RateLimit-Remaining nears 0, and never runs into a 429', async () => {
    const limited = await startEmulator({ world, port: 0, host: '127.0.0.1', rateLimit: 40 });
    const paced: number[] = [];
    const rateLimited: RetryInfo[] = [];
    try {
      const client = createV2Client({
        baseUrl: limited.url,
        token: demoToken,
        // An hour's budget spread over what is left of a 1-second window, so the test takes seconds. The pacer's
        // clock stands still at the window's start: every pause is the whole window over the requests left (at most
        // 1000/(20+1) ms … 1000 ms), whatever the machine's speed, so the pauses are there however slow the run.
        pacing: { lowWater: 0.5, windowMs: 1000, now: () => 0 },
        onPace: (p) => void paced.push(p.remaining),
        onRetry: (r) => void (r.rateLimited && rateLimited.push(r)),
      });
      const store = openStore(join(dir, 'paced.sqlite'));
      const r = await syncV2({ store, client, since, now: () => now });
      store.close();
      expect(r.status).toBe('done');
      // ~25 requests against a budget of 40: pauses start once 20 (half) or fewer remain, before every request.
      expect(paced.length).toBeGreaterThanOrEqual(3);
      expect(paced.every((remaining) => remaining <= 20)).toBe(true);
      expect(paced).toEqual([...paced].sort((a, b) => b - a));
      expect(rateLimited).toEqual([]);
    } finally {
      await limited.close();
    }
  });
});
