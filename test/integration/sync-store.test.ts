// A damaged data file: detected (header on every open, quick_check on request, off the caller's thread), set aside
// and rebuilt from the service by `sync --rebuild`; another application's SQLite file is refused, never migrated.
import { closeSync, existsSync, openSync, readdirSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSyncCommand } from '../../src-main/cli/commands/sync.ts';
import { status } from '../../src-main/cli/commands/status.ts';
import { runCommand } from '../../src-main/cli/testing.ts';
import { createSessionStore } from '../../src-main/credentials/sessionStore.ts';
import { startEmulator } from '#emulator/index.ts';
import type { RunningEmulator } from '#emulator/index.ts';
import { checkStoreInThread } from '../../src-main/store/checkStore.ts';
import { StoreError, openStore } from '../../src-main/store/db.ts';
import { canonicalDump, copyStore, demoToken, tempDir } from './syncFixtures.ts';

let emulator: RunningEmulator;
let dir: string;
let cleanPath: string;
const sync = createSyncCommand({ createCredentialStore: () => createSessionStore() });
const env = { FEEDBACK_DESK_V2_TOKEN: demoToken };

beforeAll(async () => {
  emulator = await startEmulator({ size: 'small', seed: 9, port: 0, host: '127.0.0.1' });
  dir = tempDir('fd-store-');
  cleanPath = join(dir, 'clean.sqlite');
  expect((await runCommand(sync, ['--base-url', emulator.url, '--db', cleanPath], env)).code).toBe(0);
});
afterAll(async () => {
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Overwrites `count` pages of 4 KiB in the middle of the file with a pattern (what a failing disk might leave). */
function damage(path: string, count: number): void {
  const fd = openSync(path, 'r+');
  try {
    const junk = Buffer.alloc(4096, 0x5a);
    for (let i = 0; i < count; i++) writeSync(fd, junk, 0, junk.length, (200 + i * 97) * 4096);
  } finally {
    closeSync(fd);
  }
}

describe('a damaged data file', () => {
  it('is refused on open when its header is not SQLite, with the way out', async () => {
    const path = join(dir, 'garbage.sqlite');
    writeFileSync(path, 'not a database '.repeat(100));
    expect(() => openStore(path)).toThrow(StoreError);
    const out = await runCommand(status, ['--db', path], {});
    expect(out.code).toBe(1);
    expect(out.stderr).toBe(
      `feedback-desk status: ${path} is damaged or is not a Feedback Desk data file; nothing in it was changed. If it is your local data, rebuild it from the service ('Rebuild the local data' in the app, or 'feedback-desk sync --rebuild', which sets it aside, never deleting it); otherwise give another data file with --db.\n`,
    );
  });

  it('is found by quick_check off the caller’s thread, set aside by sync --rebuild and rebuilt identical', async () => {
    const path = join(dir, 'damaged.sqlite');
    // A store one full sync wrote: the clean one (beforeAll), copied page for page rather than synced a second time.
    await copyStore(cleanPath, path);
    const sound = await checkStoreInThread(path);
    expect(sound).toMatchObject({ ok: true, problems: [] });
    damage(path, 12);
    const check = await checkStoreInThread(path);
    expect(check.ok).toBe(false);
    // Said in checkStore.ts's words ("SQLite's check reports a problem, the first: …", since 2026-11-24), or SQLite's
    // own when the check cannot read on (malformed). Which problem comes first depends on where the damage lands in
    // the file's layout, which differs between syncs; the old "SQLite reports" matched every wording until then.
    expect(check.problems.join(' ')).toMatch(
      /SQLite's check reports (a problem|\d+ problems|20 or more problems), the first: \S|malformed|corrupt/,
    );

    const st = await runCommand(status, ['--db', path, '--check'], {});
    expect(st.code).toBe(1);
    expect(st.stdout).toContain(`Check: The local file ${path} is damaged (`);
    expect(st.stdout).toContain(`'feedback-desk sync --rebuild'`);

    const rebuilt = await runCommand(sync, ['--base-url', emulator.url, '--db', path, '--rebuild'], env);
    expect(rebuilt.code).toBe(0);
    expect(rebuilt.stdout).toMatch(
      /^The local file .*damaged\.sqlite was damaged; it was set aside as .*damaged\.sqlite\.damaged-.* \(nothing deleted\), and a new one is filled from the service\.$/m,
    );
    const aside = readdirSync(dir).filter(
      (f) => f.startsWith('damaged.sqlite.damaged-') && !f.endsWith('-wal') && !f.endsWith('-shm'),
    );
    expect(aside).toHaveLength(1); // nothing deleted: the damaged file is kept beside
    expect((await checkStoreInThread(path)).ok).toBe(true);
    expect(canonicalDump(path)).toEqual(canonicalDump(cleanPath));
    // A sound file: --rebuild only checks, then syncs as usual.
    const again = await runCommand(sync, ['--base-url', emulator.url, '--db', path, '--rebuild'], env);
    expect(again.stdout).toMatch(
      /^The local file .* is sound \(checked in [\d.]+ s\), so nothing was set aside; a normal sync keeps it up to date\.$/m,
    );
  });

  it('refuses another application’s SQLite file and leaves it untouched', async () => {
    const path = join(dir, 'other-app.sqlite');
    const other = new Database(path);
    other.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO notes (text) VALUES (1)');
    other.close();
    const out = await runCommand(sync, ['--base-url', emulator.url, '--db', path], env);
    expect(out.code).toBe(1);
    expect(out.stderr).toBe(
      `feedback-desk sync: ${path} is not a Feedback Desk data file. Choose another data file (--db).\n`,
    );
    const check = new Database(path, { readonly: true });
    expect(check.prepare('SELECT name FROM sqlite_master ORDER BY name').pluck().all()).toEqual(['notes']);
    check.close();
    expect(existsSync(`${path}.sync-lock`)).toBe(false);
  });
});
