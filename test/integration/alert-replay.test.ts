// Alert replay against a real service: the emulator's `tiny` world synced over HTTP through the command line, then
// every specification replayed over the stored presses (our own reading of DECISIONS.md "How alerts are raised",
// never the emulator's evaluator) and matched with the alerts the service raised. Target: at least 90% of the
// service's alerts matched, at most 10% more replayed than it raised (docs/ALERT-REPLAY.md gives the numbers).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertReplay } from '#shared/contract.ts';
import { runCli } from '../../src-main/cli/index.ts';
import { createSyncCommand } from '../../src-main/cli/commands/sync.ts';
import { runCommand } from '../../src-main/cli/testing.ts';
import { createSessionStore } from '../../src-main/credentials/sessionStore.ts';
import { startEmulator, type RunningEmulator } from '#emulator/index.ts';

let emulator: RunningEmulator;
let dir: string;
beforeAll(async () => {
  emulator = await startEmulator({ port: 0, seed: 3, size: 'tiny', now: new Date('2026-11-21T14:00:00Z') });
  dir = mkdtempSync(join(tmpdir(), 'fd-alert-replay-'));
});
afterAll(async () => {
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = { stdout: '', stderr: '' };
  const code = await runCli(args, {
    stdout: { write: (t: string) => (out.stdout += t) },
    stderr: { write: (t: string) => (out.stderr += t) },
    stdin: process.stdin,
    env: {},
    signal: new AbortController().signal,
  });
  return { code, ...out };
}

describe('alert replay on the emulator world', () => {
  it("reproduces the service's alerts: ≥ 90% matched, ≤ 10% extra", async () => {
    const db = join(dir, 'tiny.sqlite');
    const sync = createSyncCommand({ createCredentialStore: () => createSessionStore() });
    const synced = await runCommand(
      sync,
      ['--base-url', emulator.url, '--db', db, '--source', 'v2', '--skip-check'],
      {
        FEEDBACK_DESK_V2_TOKEN: 'demo-v2-token',
      },
    );
    expect(synced.code, synced.stderr).toBe(0);
    const out = await cli(['alerts', 'replay', '--db', db]);
    expect(out.code, out.stderr).toBe(0);
    const r = JSON.parse(out.stdout) as AlertReplay;
    console.log(
      `tiny world: ${r.specifications.length} specifications, ${r.serviceAlerts} service alerts, ${r.replayed} replayed, ${r.matched} matched (${r.matchedShare}), extra ${r.extraShare}`,
    );
    expect(r.serviceAlerts).toBeGreaterThan(0);
    expect(r.specifications.every((s) => s.problem === null)).toBe(true);
    expect(r.matched / r.serviceAlerts).toBeGreaterThanOrEqual(0.9);
    expect((r.replayed - r.serviceAlerts) / r.serviceAlerts).toBeLessThanOrEqual(0.1);
    expect(r.rows.filter((x) => x.kind !== 'replay')).toHaveLength(r.serviceAlerts);
  });
});
