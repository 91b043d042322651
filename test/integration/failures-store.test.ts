// What the real CLI says, and keeps, when the local file meets the world: a full disk (a real tmpfs), a read-only
// mount and a folder the user cannot write (as user `nobody`), damage inside a table (random bytes over a real page),
// a folder given as the file. Every sentence comes from src-main/core/failures.ts; the expected texts are written out
// here by hand, so a change of wording fails this test first.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeSync,
  closeSync,
} from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSyncCommand } from '../../src-main/cli/commands/sync.ts';
import { runCli } from '../../src-main/cli/index.ts';
import { runCommand } from '../../src-main/cli/testing.ts';
import { createSessionStore } from '../../src-main/credentials/sessionStore.ts';
import { startEmulator } from '#emulator/index.ts';
import type { RunningEmulator } from '#emulator/index.ts';
import { cliPath, demoToken, tempDir } from './syncFixtures.ts';

const worldNow = new Date('2026-11-24T12:00:00Z');
let allPresses: string;
let emulator: RunningEmulator;
let dir: string;
/** A sound store of the tiny world, synced once; each test works on its own copy. */
let good: string;
let env: Record<string, string>;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The CLI as a child process, as root or (through setpriv) as user `nobody`. */
function cli(args: string[], as: 'root' | 'nobody' = 'root'): Promise<Run> {
  const command = as === 'root' ? process.execPath : 'setpriv';
  const prefix =
    as === 'root' ? [] : ['--reuid=nobody', '--regid=nogroup', '--clear-groups', process.execPath];
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...prefix, cliPath, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The command's own message lines (a sync also prints its progress on standard error). */
const said = (run: Run): string =>
  run.stderr
    .split('\n')
    .filter((l) => l.startsWith('feedback-desk '))
    .join('\n');

const sync = (db: string, ...more: string[]): string[] => [
  'sync',
  '--base-url',
  emulator.url,
  '--db',
  db,
  ...more,
];
/**
 * The sync command in this process, on the clock `at` (ISO instant): the window's end and the quick check's "within a
 * day" count from it, never from the wall clock.
 */
const syncAt = (at: string, db: string, ...more: string[]): Promise<Run> =>
  runCommand(
    createSyncCommand({ now: () => new Date(at), createCredentialStore: () => createSessionStore() }),
    sync(db, ...more).slice(1),
    env,
  );
const sha = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');
const root = process.getuid?.() === 0;

/** Runs a command that needs root; false (and nothing done) when it is refused. */
function sh(command: string, ...args: string[]): boolean {
  return spawnSync(command, args, { stdio: 'ignore' }).status === 0;
}

/** Whether this machine lets us mount (CI runs as root; a laptop or a container may not). */
function canMount(): string | null {
  if (!root) return 'mounting needs root';
  const probe = tempDir('fd-mount-probe-');
  try {
    if (!sh('mount', '-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe)) return 'mount is not allowed here';
    sh('umount', probe);
    return null;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}
const mountRefused = canMount();
const nobodyRefused = !root
  ? 'switching to user nobody needs root'
  : sh('setpriv', '--version')
    ? null
    : 'no setpriv';

beforeAll(async () => {
  // A fixed present, so the world is the same whatever day the test runs.
  emulator = await startEmulator({ size: 'tiny', seed: 3, port: 0, host: '127.0.0.1', now: worldNow });
  // Every press the service holds, counted from the emulator's own world (not by the sync), as the CLI prints it.
  allPresses = emulator.world.presses.count.toLocaleString('en-US');
  dir = tempDir('fd-failures-');
  chmodSync(dir, 0o755); // `nobody` walks through it to the folders below
  env = { FEEDBACK_DESK_V2_TOKEN: demoToken, FEEDBACK_DESK_DATA_DIR: dir, NODE_COMPILE_CACHE: '' };
  good = join(dir, 'good.sqlite');
  const first = await cli(sync(good));
  expect(said(first)).toBe('');
  expect(first.code).toBe(0);
}, 120_000);
afterAll(async () => {
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

/** When the file last passed the quick check, as migration 0017's row says (read here with plain SQL). */
function checkedAt(path: string): string | null {
  const db = new Database(path, { readonly: true });
  try {
    const at = db.prepare('SELECT checked_at FROM store_check WHERE id = 1').pluck().get();
    return typeof at === 'string' ? at : null;
  } finally {
    db.close();
  }
}

/** Moves the file's note of its last sound check to `at`. */
function noteCheckedAt(path: string, at: string): void {
  const db = new Database(path);
  try {
    db.prepare('UPDATE store_check SET checked_at = ? WHERE id = 1').run(at);
  } finally {
    db.close();
  }
}

/** A folder of its own holding a copy of the good store. */
function copyOfGood(name: string): { folder: string; path: string } {
  const folder = join(dir, name);
  mkdirSync(folder, { recursive: true });
  const path = join(folder, 'store.sqlite');
  copyFileSync(good, path);
  return { folder, path };
}

const readOnlySentence = (path: string, why: string): string =>
  `${path} can only be read here (${why}): the views and queries work, but a sync cannot write to it, and nothing in it was changed. To sync, make the file and its folder writable for you, or copy the file to a writable folder and sync that copy (--db).`;

describe.skipIf(mountRefused !== null)(
  `a full disk (a real tmpfs${mountRefused ? `: skipped, ${mountRefused}` : ''})`,
  () => {
    it('stops with one sentence, leaves no lock behind, and the next run after freeing space finishes', async () => {
      const disk = join(dir, 'disk');
      mkdirSync(disk);
      expect(sh('mount', '-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', disk)).toBe(true);
      try {
        const path = join(disk, 'store.sqlite');
        const full = await cli(sync(path));
        expect(full.code).toBe(1);
        expect(said(full)).toContain(
          `The disk holding ${path} is full, so the sync stopped; everything stored before it is kept and the file is consistent. Make room on that disk, then run the sync again: it goes on where it stopped.`,
        );
        expect(full.stderr).not.toMatch(/ENOSPC|SQLITE_FULL|database or disk is full/);
        // Room made; the next run starts at once (no "Another sync is already writing") and finishes.
        expect(sh('mount', '-o', 'remount,size=40m', disk)).toBe(true);
        const next = await cli(sync(path));
        expect(said(next)).toBe('');
        expect(next.code).toBe(0);
        // Every press of the world, as the emulator counts them.
        expect(next.stdout).toMatch(
          new RegExp(
            `^Done: ${allPresses} presses \\(v2 button feedbacks\\) in the store, 16 tree items;`,
            'm',
          ),
        );
      } finally {
        sh('umount', disk);
      }
    }, 120_000);
  },
);

describe.skipIf(mountRefused !== null)(
  `a read-only mount${mountRefused ? ` (skipped: ${mountRefused})` : ''}`,
  () => {
    it('answers status and query, refuses sync in one sentence, and a rebuild sets nothing aside', async () => {
      const { folder, path } = copyOfGood('ro-mount');
      const expectedRows = (await cli(['query', '--db', path, '--by', 'day'])).stdout;
      rmSync(`${path}-wal`, { force: true });
      rmSync(`${path}-shm`, { force: true });
      const before = sha(path);
      expect(sh('mount', '--bind', folder, folder)).toBe(true);
      try {
        expect(sh('mount', '-o', 'remount,ro,bind', folder)).toBe(true);
        const status = await cli(['status', '--db', path]);
        expect(status.stderr).toBe('');
        expect(status.code).toBe(0);
        expect(status.stdout).toContain(readOnlySentence(path, 'it is on a read-only disk'));
        const query = await cli(['query', '--db', path, '--by', 'day']);
        expect(query.code).toBe(0);
        expect(query.stdout).toBe(expectedRows); // by route: the same query on the writable copy
        const refused = await cli(sync(path));
        expect(refused.code).toBe(1);
        expect(refused.stderr).toBe(
          `feedback-desk sync: ${readOnlySentence(path, 'it is on a read-only disk')}\n`,
        );
        const rebuild = await cli(sync(path, '--rebuild'));
        expect(rebuild.code).toBe(1);
        expect(rebuild.stdout).toMatch(
          new RegExp(
            `^The local file ${path.replace(/[.]/g, '\\.')} is sound \\(checked in [\\d.]+ s\\), so nothing was set aside; a normal sync keeps it up to date\\.$`,
            'm',
          ),
        );
        expect(rebuild.stderr).toBe(
          `feedback-desk sync: ${readOnlySentence(path, 'it is on a read-only disk')}\n`,
        );
      } finally {
        sh('umount', folder);
      }
      expect(readdirSync(folder).sort()).toEqual(['store.sqlite']);
      expect(sha(path)).toBe(before);
    }, 120_000);
  },
);

describe.skipIf(nobodyRefused !== null)(
  `a store the user may not write${nobodyRefused ? ` (skipped: ${nobodyRefused})` : ''}`,
  () => {
    it.each([
      ['a file of another user (mode 644) in a folder of theirs', 0o755, 0o644],
      ['a file at mode 444 in a folder at mode 555', 0o555, 0o444],
    ])(
      '%s: reads work, a sync says why it cannot write',
      async (_case, folderMode, fileMode) => {
        const { folder, path } = copyOfGood(`perm-${folderMode.toString(8)}`);
        const expectedRows = (await cli(['query', '--db', path, '--by', 'day'])).stdout;
        rmSync(`${path}-wal`, { force: true });
        rmSync(`${path}-shm`, { force: true });
        chmodSync(path, fileMode);
        chmodSync(folder, folderMode);
        const before = sha(path);
        try {
          const status = await cli(['status', '--db', path], 'nobody');
          expect(status.stderr).toBe('');
          expect(status.code).toBe(0);
          const why = 'you may not write to its folder or to the file';
          expect(status.stdout).toContain(readOnlySentence(path, why));
          const query = await cli(['query', '--db', path, '--by', 'day'], 'nobody');
          expect(query.stderr).toBe('');
          expect(query.stdout).toBe(expectedRows);
          const refused = await cli(sync(path), 'nobody');
          expect(refused.code).toBe(1);
          expect(said(refused)).toBe(`feedback-desk sync: ${readOnlySentence(path, why)}`);
        } finally {
          chmodSync(folder, 0o755);
        }
        expect(readdirSync(folder).sort()).toEqual(['store.sqlite']);
        expect(sha(path)).toBe(before);
      },
      120_000,
    );
  },
);

/** The leaf pages of `table`, in file order (SQLite's dbstat). */
function leafPages(path: string, table: string): { pages: number[]; size: number } {
  const db = new Database(path);
  db.pragma('wal_checkpoint(TRUNCATE)');
  const pages = db
    .prepare("SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY pageno")
    .pluck()
    .all(table) as number[];
  const size = Number(db.pragma('page_size', { simple: true }));
  db.close();
  return { pages, size };
}

/**
 * Overwrites page `page` (a real page of a real store) with 0xFF bytes. Not random bytes: a random first byte is a valid
 * b-tree page type about once in sixty runs, and SQLite then may read the page without noticing (CI met it once). 0xFF
 * is no page type, so every read of the page reports it damaged, every run.
 */
function damage(path: string, page: number, size: number): void {
  const fd = openSync(path, 'r+');
  writeSync(fd, Buffer.alloc(size, 0xff), 0, size, (page - 1) * size);
  closeSync(fd);
}

/** Writes random bytes over the leaf page in the middle of `table`. */
function damagePage(path: string, table: string): void {
  const { pages, size } = leafPages(path, table);
  const page = pages[Math.floor(pages.length / 2)];
  if (page === undefined) throw new Error(`${table} has no leaf page`);
  damage(path, page, size);
}

const damagedSentence = (path: string): string =>
  `The local file ${path} is damaged; nothing has been deleted. Rebuild it from the service: 'Rebuild the local data' in the app, or 'feedback-desk sync --rebuild' (the damaged file is set aside, never deleted, and everything is synced again).`;

describe('damage inside a table', () => {
  it('a query reading the bad page says the file is damaged and offers the rebuild', async () => {
    const { folder, path } = copyOfGood('damaged-query');
    // A query reads only its nodes' rows: the page is the first leaf of the daily rollup whose damage this query
    // meets (found with the query itself, run in-process on copies; other pages stay unread by it).
    const { pages, size } = leafPages(path, 'v2_button_rollup_daily');
    const probe = join(folder, 'probe.sqlite');
    let read: number | null = null;
    for (const page of pages) {
      copyFileSync(path, probe);
      damage(probe, page, size);
      const t = { out: '', err: '' };
      const code = await runCli(['query', '--db', probe, '--by', 'day'], {
        stdout: { write: (x: string) => (t.out += x) },
        stderr: { write: (x: string) => (t.err += x) },
        stdin: process.stdin,
        env: {},
        signal: new AbortController().signal,
      });
      if (code !== 0) {
        read = page;
        break;
      }
    }
    expect(read).not.toBeNull();
    damage(path, read ?? 0, size);
    // status counts the presses from the same table: it meets the damage too, and says it the same way.
    const status = await cli(['status', '--db', path]);
    expect(status.code).toBe(1);
    expect(status.stderr).toBe(`feedback-desk status: ${damagedSentence(path)}\n`);
    const query = await cli(['query', '--db', path, '--by', 'day']);
    expect(query.code).toBe(1);
    expect(query.stderr).toBe(`feedback-desk query: ${damagedSentence(path)}\n`);
  }, 60_000);

  it('status --check says it in one sentence; a rebuild sets the damaged file aside, unchanged, and syncs anew', async () => {
    const { folder, path } = copyOfGood('damaged-rebuild');
    damagePage(path, 'v2_button_feedback');
    const check = await cli(['status', '--check', '--db', path]);
    expect(check.code).toBe(1);
    const [store, verdict, ...rest] = check.stdout.split('\n');
    expect(store).toBe(`Store: ${path}`);
    expect(verdict).toMatch(
      new RegExp(
        `^Check: The local file ${path.replace(/[.]/g, '\\.')} is damaged \\((SQLite's check reports|SQLite cannot read it: ).+\\); nothing has been deleted\\. Rebuild it from the service: .*sync --rebuild.*$`,
      ),
    );
    expect(rest).toEqual(['']); // one sentence, not SQLite's list
    const damaged = sha(path);
    const rebuild = await cli(sync(path, '--rebuild'));
    expect(said(rebuild)).toBe('');
    expect(rebuild.code).toBe(0);
    const aside = readdirSync(folder).find((f) => f.startsWith('store.sqlite.damaged-'));
    expect(aside).toBeDefined();
    expect(rebuild.stdout).toContain(
      `The local file ${path} was damaged; it was set aside as ${join(folder, aside ?? '')} (nothing deleted), and a new one is filled from the service.`,
    );
    expect(sha(join(folder, aside ?? ''))).toBe(damaged); // kept byte for byte
    expect(rebuild.stdout).toMatch(new RegExp(`^Done: ${allPresses} presses`, 'm'));
  }, 120_000);

  it('the quick check after a sync finds damage the sync did not read, before any query does', async () => {
    const { path } = copyOfGood('damaged-sync');
    noteCheckedAt(path, '2000-01-01T00:00:00.000Z'); // its last sound check long ago: this sync checks it again
    damagePage(path, 'v2_comment_term');
    const run = await cli(sync(path));
    expect(run.code).toBe(1);
    // The sync itself never read the page (it finished); the check after it did, and says what it found.
    expect(run.stdout).toMatch(new RegExp(`^Done: ${allPresses} presses`, 'm'));
    expect(said(run)).toMatch(
      new RegExp(
        `^feedback-desk sync: The local file ${path.replace(/[.]/g, '\\.')} is damaged \\(.+\\); nothing has been deleted\\. Rebuild it from the service: .*sync --rebuild.*$`,
      ),
    );
  }, 120_000);

  it('a sync notes a sound check in the file, and within a day of it checks only when asked (--check)', async () => {
    // A file of its own, synced on the test's clock only (a week after the world's present: the days each sync fetches
    // again hold no press, so no sync below rewrites the damaged page; the check is what reads it).
    const folder = join(dir, 'damaged-within-a-day');
    mkdirSync(folder);
    const path = join(folder, 'store.sqlite');
    const checked = await syncAt('2026-12-01T09:00:00Z', path, '--verbose');
    expect(said(checked)).toBe('');
    expect(checked.code).toBe(0);
    expect(checked.stdout).toMatch(/^Check: sound \(quick_check in [\d.]+ s\)$/m);
    expect(checkedAt(path)).toBe('2026-12-01T09:00:00.000Z');
    damagePage(path, 'v2_comment_term');
    // 23 hours later: this sync (which never reads that page) does not read every page again.
    const quiet = await syncAt('2026-12-02T08:00:00Z', path, '--verbose');
    expect(said(quiet)).toBe('');
    expect(quiet.code).toBe(0);
    expect(quiet.stdout).toContain(
      "Check: skipped, the file passed SQLite's quick check less than a day ago (--check checks it now)",
    );
    expect(checkedAt(path)).toBe('2026-12-01T09:00:00.000Z'); // nothing new noted
    // --check reads every page now, and finds the damage.
    const asked = await syncAt('2026-12-02T08:00:00Z', path, '--check');
    expect(asked.code).toBe(1);
    expect(said(asked)).toMatch(
      /^feedback-desk sync: The local file .+ is damaged \(.+\); nothing has been deleted\./,
    );
    expect(checkedAt(path)).toBe('2026-12-01T09:00:00.000Z'); // a damaged file is never noted as sound
    // A day after the note, a sync checks the file again unasked.
    const dayLater = await syncAt('2026-12-02T09:00:00Z', path);
    expect(dayLater.code).toBe(1);
    expect(said(dayLater)).toMatch(/^feedback-desk sync: The local file .+ is damaged \(.+\)/);
    const both = await syncAt('2026-12-02T09:00:00Z', path, '--check', '--skip-check');
    expect(both.code).toBe(2);
    expect(said(both)).toContain("options '--check' and '--skip-check' cannot be combined");
  }, 120_000);

  it('a sound file is never set aside by --rebuild', async () => {
    const { folder, path } = copyOfGood('sound-rebuild');
    const rebuild = await cli(sync(path, '--rebuild'));
    expect(rebuild.code).toBe(0);
    expect(rebuild.stdout).toMatch(/is sound \(checked in [\d.]+ s\), so nothing was set aside/);
    expect(readdirSync(folder).filter((f) => f.includes('damaged'))).toEqual([]);
  }, 120_000);
});

describe('many syncs started at once on one new file', () => {
  it("each one finishes or is refused with the lock's sentence; none meets SQLite's 'database is locked'", async () => {
    const path = join(dir, 'crowd.sqlite');
    const runs = await Promise.all(Array.from({ length: 8 }, () => cli(sync(path))));
    const escaped = path.replace(/[.]/g, '\\.');
    for (const run of runs) {
      expect(run.stderr).not.toMatch(/database is locked|SQLITE_BUSY/);
      if (run.code === 0) expect(run.stdout).toMatch(new RegExp(`^Done: ${allPresses} presses`, 'm'));
      else
        expect(said(run)).toMatch(
          new RegExp(
            `^feedback-desk sync: Another sync is already writing to ${escaped} \\(process \\d+ on .+, started .+\\)\\. Wait for it to finish or stop it, then try again; two syncs never write to one file at once\\.$`,
          ),
        );
    }
    expect(runs.filter((r) => r.code === 0).length).toBeGreaterThanOrEqual(1);
  }, 240_000);
});

describe('a folder given as the data file', () => {
  it('--rebuild says so and sets nothing aside', async () => {
    const folder = join(dir, 'a-folder');
    mkdirSync(folder);
    const rebuild = await cli(sync(folder, '--rebuild'));
    expect(rebuild.code).toBe(1);
    expect(said(rebuild)).toBe(
      `feedback-desk sync: ${folder} is a folder, not a data file; nothing was changed. Give the path of a file with --db, e.g. ${join(folder, 'default.sqlite')}.`,
    );
    expect(existsSync(folder)).toBe(true);
    expect(readdirSync(dir).filter((f) => f.startsWith('a-folder.damaged'))).toEqual([]);
  }, 60_000);
});
