// Sync from the account's first day: a world whose last press is years before the sync's clock syncs whole by
// default (v2 and v1), reports the window it covered, and a window narrowed to after the data says why it is empty.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSyncCommand } from '../../src-main/cli/commands/sync.ts';
import { runCommand } from '../../src-main/cli/testing.ts';
import { DEFAULT_V1_CLIENT_ID, DEFAULT_V1_TOKEN, generateWorld, startEmulator } from '#emulator/index.ts';
import type { RunningEmulator, World } from '#emulator/index.ts';
import { pressLocalDay } from '#emulator/world/world.ts';
import { openStore } from '../../src-main/store/db.ts';
import { demoToken, independentDailyCounts, tempDir } from './syncFixtures.ts';

// The account's world ends on 2021-06-30 (its `now`); the sync runs on 2026-11-21, more than three years later.
const worldNow = new Date('2021-06-30T12:00:00Z');
const syncNow = new Date('2026-11-21T14:00:00Z');
const day = 86_400_000;
const iso = (d: number): string => new Date(d * day).toISOString().slice(0, 10);
let world: World;
let emulator: RunningEmulator;
let dir: string;
const sync = createSyncCommand({ now: () => syncNow });
const env = {
  FEEDBACK_DESK_V2_TOKEN: demoToken,
  FEEDBACK_DESK_V1_CLIENT_ID: DEFAULT_V1_CLIENT_ID,
  FEEDBACK_DESK_V1_TOKEN: DEFAULT_V1_TOKEN,
};

/** The first and last local days of the world's presses, from its own columns. */
function pressDays(): { first: number; last: number } {
  let first = Infinity;
  let last = -Infinity;
  for (let i = 0; i < world.presses.count; i++) {
    const d = pressLocalDay(world, i);
    if (d < first) first = d;
    if (d > last) last = d;
  }
  return { first, last };
}

beforeAll(async () => {
  world = generateWorld({ size: 'tiny', seed: 12, now: worldNow });
  emulator = await startEmulator({ world, port: 0, host: '127.0.0.1' });
  dir = tempDir('fd-history-');
});
afterAll(async () => {
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('sync from the account’s first day', () => {
  it('v2: syncs every press although the last is years old, and names the window it covered', async () => {
    const { first, last } = pressDays();
    const threeYearsBefore = Math.floor(syncNow.getTime() / day) - 3 * 365;
    expect(last).toBeLessThan(threeYearsBefore); // all of it older than the old default start
    const path = join(dir, 'v2.sqlite');
    const out = await runCommand(sync, ['--base-url', emulator.url, '--db', path], env);
    expect(out.stderr).not.toMatch(/feedback-desk sync:/);
    expect(out.code).toBe(0);
    // Independent route: the emulator's own answers (misuse left out by the service), 100-day windows from the
    // world's first press day to past the sync's clock.
    const expected = await independentDailyCounts(emulator.url, {
      start: (first - 1) * day,
      end: syncNow.getTime() + 2 * day,
    });
    expect(expected.total).toBeGreaterThan(1000);
    const store = openStore(path, { mustExist: true });
    const all = store.buttonFeedback.total();
    expect(store.buttonFeedback.total({ includeMisuse: false })).toBe(expected.total);
    store.close();
    // The window: from the first press's local day (what the service revealed) to the day after tomorrow, exclusive.
    expect(out.stdout).toContain(
      `v2: covered ${iso(first)} to ${iso(Math.floor(syncNow.getTime() / day) + 1)}, ${all.toLocaleString('en-US')} presses in the store for those days\n`,
    );
  });

  it('v2: a window after the data holds no presses and says why in one sentence', async () => {
    const { last } = pressDays();
    const path = join(dir, 'narrow.sqlite');
    const out = await runCommand(
      sync,
      ['--base-url', emulator.url, '--db', path, '--since', '2023-11-23', '--until', '2026-11-23'],
      env,
    );
    expect(out.code).toBe(0);
    expect(out.stdout).toContain(
      `v2: No presses between 2023-11-23 and 2026-11-22; this account's last press before then was on ${iso(last)}.\n`,
    );
  });

  it('v1: starts where the surveys’ active periods start, and an empty window names when they ran', async () => {
    const { first, last } = pressDays();
    const path = join(dir, 'v1.sqlite');
    const out = await runCommand(sync, ['--base-url', emulator.url, '--db', path, '--source', 'v1'], env);
    expect(out.stderr).not.toMatch(/feedback-desk sync:/);
    expect(out.code).toBe(0);
    const covered = /^v1: covered (\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2}), ([\d,]+) presses/m.exec(
      out.stdout,
    );
    expect(covered).not.toBeNull();
    // The window starts the day before the first period (in its zone): on or before the first press's day.
    expect(covered?.[1] ?? '').not.toBe('');
    expect((covered?.[1] ?? '9999') <= iso(first)).toBe(true);
    expect(Number((covered?.[3] ?? '0').replace(/,/g, ''))).toBeGreaterThan(0);

    const narrow = await runCommand(
      sync,
      [
        '--base-url',
        emulator.url,
        '--db',
        join(dir, 'v1-narrow.sqlite'),
        '--source',
        'v1',
        '--since',
        '2025-01-01',
      ],
      env,
    );
    expect(narrow.code).toBe(0);
    const why =
      /^v1: No presses between 2025-01-01 and 2026-11-22; this account's surveys ran from (\S+) to (\S+)\.$/m.exec(
        narrow.stdout,
      );
    expect(why).not.toBeNull();
    // The periods enclose every press (a press is made while its survey runs).
    expect((why?.[1] ?? '9999') <= iso(first)).toBe(true);
    expect((why?.[2] ?? '0000') >= iso(last)).toBe(true);
  });
});
