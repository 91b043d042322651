// A v1-only sync at the command line: `sync` and `status` report the v1 presses the store holds and queries.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../src-main/cli/commands/query.ts';
import { status } from '../../src-main/cli/commands/status.ts';
import { createSyncCommand } from '../../src-main/cli/commands/sync.ts';
import { runCommand } from '../../src-main/cli/testing.ts';
import { createSessionStore } from '../../src-main/credentials/sessionStore.ts';
import { startEmulator } from '#emulator/index.ts';
import type { RunningEmulator } from '#emulator/index.ts';
import { since, v2Counts, worldNow } from './sync-v1-support.ts';

let emulator: RunningEmulator;
let dir: string;
beforeAll(async () => {
  emulator = await startEmulator({ port: 0, seed: 3, size: 'tiny', now: worldNow });
  dir = mkdtempSync(join(tmpdir(), 'fd-cli-v1-'));
});
afterAll(async () => {
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

const total = (m: Map<string, number>): number => [...m.values()].reduce((a, b) => a + b, 0);
const n = (x: number): string => x.toLocaleString('en-US');

describe('sync --source v1, then status', () => {
  it('counts the v1 presses, not "0 button feedbacks"', async () => {
    // Independent route: the emulator's own v2 answers, four-button surveys only (what v1 serves), by plain fetch.
    const all = total(await v2Counts(emulator.url, { includeMisuse: true }));
    const withoutMisuse = total(await v2Counts(emulator.url, { includeMisuse: false }));
    expect(all).toBeGreaterThan(withoutMisuse);
    const db = join(dir, 'v1.sqlite');
    const env = { FEEDBACK_DESK_V1_CLIENT_ID: 'demo-client', FEEDBACK_DESK_V1_TOKEN: 'demo-token' };
    const sync = createSyncCommand({ createCredentialStore: () => createSessionStore() });
    const out = await runCommand(
      sync,
      ['--base-url', emulator.url, '--source', 'v1', '--db', db, '--since', since, '--until', '2026-11-23'],
      env,
    );
    expect(out.stderr).not.toMatch(/fail/i);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(
      new RegExp(`^Done: ${n(all)} presses \\(v1 raw results\\) in the store, \\d+ tree items;`, 'm'),
    );
    expect(out.stdout).not.toMatch(/Done: 0 /);

    const st = await runCommand(status, ['--db', db], {});
    expect(st.stdout).toMatch(
      new RegExp(
        `^Tree items: [1-9]\\d*; ${n(all)} presses \\(v1 raw results\\), ${n(withoutMisuse)} without misuse$`,
        'm',
      ),
    );
    const json = JSON.parse((await runCommand(status, ['--db', db, '--json'], {})).stdout) as {
      presses: { source: string; total: number; withoutMisuse: number };
    };
    expect(json.presses).toEqual({ source: 'v1', total: all, withoutMisuse });

    // And what `query` adds up is the same number.
    const q = JSON.parse((await runCommand(query, ['--db', db, '--include-misuse'], {})).stdout) as {
      count: number;
    }[];
    expect(q.reduce((a, r) => a + r.count, 0)).toBe(all);
  });
});
