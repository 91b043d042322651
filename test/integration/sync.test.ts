// Sync end to end over real HTTP: the emulator's `small` world → v2 client → a real SQLite file → `query --by day`,
// checked against an independent count of the emulator's own answers; cancel, resume and incremental runs.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createV2Client } from '../../src-main/api/v2/client.ts';
import { createSyncCommand } from '../../src-main/cli/commands/sync.ts';
import { runCli } from '../../src-main/cli/index.ts';
import { runCommand } from '../../src-main/cli/testing.ts';
import { startEmulator } from '#emulator/index.ts';
import type { RunningEmulator } from '#emulator/index.ts';
import { pressLocalDay } from '#emulator/world/world.ts';
import { openStore } from '../../src-main/store/db.ts';
import { syncV2 } from '../../src-main/sync/syncV2.ts';
import { canonicalDump, demoToken, independentDailyCounts, tempDir } from './syncFixtures.ts';

const now = new Date('2026-11-21T14:00:00Z');
let emulator: RunningEmulator;
let dir: string;
let cleanPath: string;

beforeAll(async () => {
  emulator = await startEmulator({ size: 'small', seed: 7, port: 0, host: '127.0.0.1', now });
  dir = tempDir();
  cleanPath = join(dir, 'clean.sqlite');
});
afterAll(async () => {
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

async function cli(
  args: string[],
  signal = new AbortController().signal,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { FEEDBACK_DESK_V2_TOKEN: demoToken, FEEDBACK_DESK_DATA_DIR: dir };
  // `sync` runs on the test's clock (the world's `now`); every other command as the CLI runs it.
  if (args[0] === 'sync')
    return runCommand(createSyncCommand({ now: () => now }), args.slice(1), env, signal);
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    stdin: process.stdin,
    env,
    signal,
  });
  return { code, stdout, stderr };
}

describe('sync of the small world', () => {
  it('stores exactly what the service reports: query --by day equals an independent count', async () => {
    const synced = await cli(['sync', '--base-url', emulator.url, '--db', cleanPath]);
    expect(synced.stderr).not.toMatch(/error|failed/i);
    expect(synced.code).toBe(0);
    expect(synced.stdout).toContain(`into ${cleanPath}`);
    expect(synced.stdout).toMatch(/^Done: /m);

    const queried = await cli(['query', '--by', 'day', '--db', cleanPath]);
    expect(queried.code).toBe(0);
    const rows = JSON.parse(queried.stdout) as unknown[];
    // From the world's first press (its own columns) to past `now`: the default sync covers the whole history.
    const world = emulator.world;
    let firstDay = Infinity;
    for (let i = 0; i < world.presses.count; i++) firstDay = Math.min(firstDay, pressLocalDay(world, i));
    expect(firstDay).toBeLessThan(Math.floor(now.getTime() / 86_400_000) - 3 * 365); // older than three years
    const expected = await independentDailyCounts(emulator.url, {
      start: (firstDay - 1) * 86_400_000,
      end: now.getTime() + 2 * 86_400_000,
    });
    expect(expected.total).toBeGreaterThan(10_000); // the comparison means something
    expect(rows).toEqual(expected.rows);
  });

  it('keeps misuse, flagged, and counts it only on request', async () => {
    const store = openStore(cleanPath, { mustExist: true });
    const withMisuse = store.buttonFeedback.total();
    const without = store.buttonFeedback.total({ includeMisuse: false });
    store.close();
    expect(withMisuse).toBeGreaterThan(without);
    const all = JSON.parse(
      (await cli(['query', '--by', 'day', '--db', cleanPath, '--include-misuse'])).stdout,
    ) as { count: number }[];
    expect(all.reduce((s, r) => s + r.count, 0)).toBe(withMisuse);
  });

  it('a cancelled sync resumes where it stopped and ends identical to a clean one', async () => {
    const path = join(dir, 'cancelled.sqlite');
    const client = createV2Client({ baseUrl: emulator.url, token: demoToken });
    let store = openStore(path);
    const controller = new AbortController();
    const first = await syncV2({
      store,
      client,
      pageSize: 2000,
      now: () => now,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.pages === 7) controller.abort();
      },
    });
    expect(first.status).toBe('cancelled');
    expect(first.pages).toBe(7);
    store.close();
    store = openStore(path);
    const second = await syncV2({ store, client, pageSize: 2000, now: () => now });
    store.close();
    expect(second.status).toBe('done');
    // The resumed run starts at the stored offset: nothing fetched twice, nothing skipped.
    const clean = canonicalDump(cleanPath);
    expect(first.itemsReceived + second.itemsReceived).toBe(clean.facts);
    expect(canonicalDump(path)).toEqual(clean);
  });

  it('a second sync replaces only the trailing window: same rows back, nothing else asked for', async () => {
    const seen: URL[] = [];
    const client = createV2Client({
      baseUrl: emulator.url,
      token: demoToken,
      fetch: (input, init) => {
        seen.push(new URL(String(input)));
        return fetch(input, init);
      },
    });
    const store = openStore(cleanPath);
    const before = store.buttonFeedback.total();
    const result = await syncV2({ store, client, now: () => now });
    store.close();
    // Nothing changed at the service: the window's rows came back as stored, so none is removed or inserted.
    expect(result.itemsReceived).toBeGreaterThan(0);
    expect(result.rowsRemoved).toBe(0);
    expect(result.rowsInserted).toBe(0);
    expect(result.feedbackTotal).toBe(before);
    const feedbackRequests = seen.filter((u) => u.pathname.endsWith('button-feedbacks.json'));
    // By hand: the first sync ended today (UTC) with `to` = today + 2; the trailing window is 3 whole days before
    // the day before today, up to that end: [today − 4, today + 2).
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const day = (n: number): string => new Date(today + n * 86_400_000).toISOString().slice(0, 10);
    expect(
      new Set(
        feedbackRequests.map((u) => `${u.searchParams.get('startDate')}..${u.searchParams.get('endDate')}`),
      ),
    ).toEqual(new Set([`${day(-4)}..${day(2)}`]));
    expect(feedbackRequests.every((u) => u.searchParams.get('includeMisuse') === 'true')).toBe(true);
    expect(canonicalDump(cleanPath).facts).toBe(before);
  });
});
