// Migrations: applied once each in order, recorded with checksums; edited and newer-version files refused.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from './db.ts';
import {
  StoreError,
  checksumOf,
  defaultMigrationsDir,
  equivalentChecksums,
  loadMigrations,
  migrate,
} from './migrate.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fd-migrate-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function copyMigrations(): string {
  const target = join(dir, 'migrations');
  mkdirSync(target);
  for (const f of readdirSync(defaultMigrationsDir))
    copyFileSync(join(defaultMigrationsDir, f), join(target, f));
  return target;
}

/** A file at `name` in the test's folder with the migrations before `version` applied (as an older version left it). */
function storeBefore(version: string, name: string): { path: string; old: Database.Database } {
  const before = copyMigrations();
  for (const f of readdirSync(before)) if (f >= version) rmSync(join(before, f));
  const path = join(dir, name);
  const old = new Database(path);
  migrate(old, loadMigrations(before));
  return { path, old };
}

function storeError(fn: () => unknown): StoreError {
  try {
    fn();
  } catch (error) {
    if (error instanceof StoreError) return error;
    throw error;
  }
  throw new Error('expected a StoreError');
}

describe('migrations', () => {
  it('creates the schema once, records each migration with its checksum, and is a no-op the second time', () => {
    const path = join(dir, 'a.sqlite');
    openStore(path).close();
    openStore(path).close();
    const db = new Database(path, { readonly: true });
    const rows = db.prepare('SELECT version, name, checksum FROM schema_migration').all();
    const expected = loadMigrations().map((m) => ({
      version: m.version,
      name: m.name,
      checksum: m.checksum,
    }));
    expect(rows).toEqual(expected);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  });

  it('applies a new migration to an existing file in its own transaction', () => {
    const migrations = copyMigrations();
    const path = join(dir, 'b.sqlite');
    openStore(path, { migrationsDir: migrations }).close();
    const next = String(loadMigrations(migrations).length + 1).padStart(4, '0');
    writeFileSync(join(migrations, `${next}_extra.sql`), 'CREATE TABLE extra (x INTEGER);');
    const store = openStore(path, { migrationsDir: migrations });
    expect(store.db.prepare('SELECT count(*) AS n FROM schema_migration').get()).toEqual({ n: Number(next) });
    store.close();
  });

  it('rolls a failing migration back completely and records nothing', () => {
    const migrations = copyMigrations();
    const path = join(dir, 'c.sqlite');
    openStore(path, { migrationsDir: migrations }).close();
    const next = String(loadMigrations(migrations).length + 1).padStart(4, '0');
    writeFileSync(
      join(migrations, `${next}_broken.sql`),
      'CREATE TABLE half (x INTEGER); SELECT * FROM no_such_table;',
    );
    expect(() => openStore(path, { migrationsDir: migrations })).toThrow(StoreError);
    const db = new Database(path, { readonly: true });
    expect(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'half'").get()).toEqual({ n: 0 });
    expect(db.prepare('SELECT max(version) AS v FROM schema_migration').get()).toEqual({
      v: Number(next) - 1,
    });
    db.close();
  });

  it('refuses a file whose applied migration was edited afterwards, naming the migration', () => {
    const migrations = copyMigrations();
    const path = join(dir, 'd.sqlite');
    openStore(path, { migrationsDir: migrations }).close();
    const first = readdirSync(migrations).sort()[0] ?? '';
    writeFileSync(join(migrations, first), '-- edited\n' + 'CREATE TABLE x (y INTEGER);');
    const error = storeError(() => openStore(path, { migrationsDir: migrations }));
    expect(error.reason).toBe('edited-migration');
    expect(error.message).toContain(first.replace(/\.sql$/, ''));
  });

  it('tells each pending migration before it runs, and nothing when none is pending', () => {
    const path = join(dir, 'g.sqlite');
    const seen: string[] = [];
    const migrations = loadMigrations();
    const db = new Database(path);
    migrate(db, migrations.slice(0, 8));
    migrate(db, migrations, undefined, (m) => seen.push(`${m.version} ${m.index}/${m.count}`));
    // By hand: 8 of them applied before, so the rest are pending, numbered from 1.
    expect(seen).toEqual(migrations.slice(8).map((m, i) => `${m.version} ${i + 1}/${migrations.length - 8}`));
    migrate(db, migrations, undefined, (m) => seen.push(String(m.version)));
    expect(seen).toHaveLength(migrations.length - 8);
    db.close();
  });

  it("accepts a file that applied 0006's first text (rewritten for speed, same rows); any other text is refused", () => {
    const path = join(dir, 'f.sqlite');
    openStore(path).close();
    const db = new Database(path);
    const [first] = equivalentChecksums[6] ?? [];
    db.prepare('UPDATE schema_migration SET checksum = ? WHERE version = 6').run(first);
    db.close();
    openStore(path).close();
    const edited = new Database(path);
    edited.prepare('UPDATE schema_migration SET checksum = ? WHERE version = 6').run(checksumOf('-- other'));
    edited.close();
    expect(storeError(() => openStore(path)).reason).toBe('edited-migration');
  });

  it('refuses a file written by a newer version with a message saying to update', () => {
    const path = join(dir, 'e.sqlite');
    openStore(path).close();
    const db = new Database(path);
    const newer = loadMigrations().length + 1;
    db.prepare("INSERT INTO schema_migration VALUES (?, 'future', ?, '2030-01-01')").run(
      newer,
      checksumOf('future'),
    );
    db.close();
    const error = storeError(() => openStore(path));
    expect(error.reason).toBe('newer-version');
    expect(error.message).toMatch(/newer version of Feedback Desk.*Update Feedback Desk/);
  });

  it('says so plainly when the file is not a database', () => {
    const path = join(dir, 'f.sqlite');
    writeFileSync(
      path,
      'this is not sqlite, just text that is long enough to fill a header page '.repeat(20),
    );
    const error = storeError(() => openStore(path));
    expect(error.reason).toBe('corrupt');
    expect(error.message).toBe(
      `${path} is damaged or is not a Feedback Desk data file; nothing in it was changed. If it is your local data, rebuild it from the service ('Rebuild the local data' in the app, or 'feedback-desk sync --rebuild', which sets it aside, never deleting it); otherwise give another data file with --db.`,
    );
  });

  it('refuses to create a file when it must exist', () => {
    expect(storeError(() => openStore(join(dir, 'missing.sqlite'), { mustExist: true })).message).toContain(
      "Run 'feedback-desk sync' first",
    );
  });

  it('0002 fills the daily rollup from the hourly one of a file synced before it existed', () => {
    const onlyFirst = copyMigrations();
    for (const f of readdirSync(onlyFirst)) if (!f.startsWith('0001_')) rmSync(join(onlyFirst, f));
    const path = join(dir, 'g.sqlite');
    // The file as the version before 0002 left it (its repositories would not know the new table).
    const old = new Database(path);
    migrate(old, loadMigrations(onlyFirst));
    // Two hours of 2024-05-01 (day 19844 = 476256 h / 24) and one of the next day, for point 5, survey 9.
    const insert = old.prepare(
      'INSERT INTO v2_button_rollup_hourly (experience_point_id, local_hour, survey_id, misuse, n0, n3) VALUES (5, ?, 9, 0, ?, ?)',
    );
    insert.run(476256 + 9, 1, 2);
    insert.run(476256 + 17, 4, 0);
    insert.run(476256 + 24, 0, 7);
    old.close();
    const store = openStore(path);
    expect(
      store.db.prepare('SELECT local_day, n0, n3 FROM v2_button_rollup_daily ORDER BY local_day').all(),
    ).toEqual([
      { local_day: 19844, n0: 5, n3: 2 },
      { local_day: 19845, n0: 0, n3: 7 },
    ]);
    store.close();
  });

  it('0020 drops the hourly point rollup of a synced file; its hours are read from the presses the same', () => {
    const { path, old } = storeBefore('0020', 'h.sqlite');
    // Point 5, survey 9, 2024-05-01 local (hour 476256 is its midnight): 09:10 and 09:40 (buttons 0 and 3), 17:05
    // (button 0), and one misuse press at 09:20. The rollup rows are what the old writer kept for them.
    const at = (h: number, m: number): number => (476256 + h) * 3_600_000 + m * 60_000;
    const fact = old.prepare(
      `INSERT INTO v2_button_feedback (experience_point_id, local_time, feedback_id, utc_offset_min, survey_id,
         smiley_id, button_index, misuse) VALUES (5, ?, ?, 120, 9, 1, ?, ?)`,
    );
    fact.run(at(9, 10), 'a', 0, 0);
    fact.run(at(9, 40), 'b', 3, 0);
    fact.run(at(17, 5), 'c', 0, 0);
    fact.run(at(9, 20), 'd', 2, 1);
    const rollup = old.prepare(
      `INSERT INTO v2_button_rollup_hourly (experience_point_id, local_hour, survey_id, misuse, n0, n2, n3)
       VALUES (5, ?, 9, ?, ?, ?, ?)`,
    );
    rollup.run(476256 + 9, 0, 1, 0, 1);
    rollup.run(476256 + 17, 0, 1, 0, 0);
    rollup.run(476256 + 9, 1, 0, 1, 0);
    const before = old
      .prepare('SELECT local_hour, misuse, n0, n2, n3 FROM v2_button_rollup_hourly ORDER BY 1, 2')
      .all();
    old.close();
    const store = openStore(path);
    expect(
      store.db.prepare("SELECT type FROM sqlite_schema WHERE name LIKE 'v2_button_%hourly'").pluck().all(),
    ).toEqual(['view']);
    expect(
      store.db
        .prepare(
          `SELECT local_hour, misuse, sum(n0) AS n0, sum(n2) AS n2, sum(n3) AS n3 FROM v2_button_presses_hourly
           WHERE experience_point_id = 5 GROUP BY 1, 2 ORDER BY 1, 2`,
        )
        .all(),
    ).toEqual(before);
    store.close();
  });
  it("0022 flattens the stored alert summaries' weeks and moves what they were computed from to a column", () => {
    const { path, old } = storeBefore('0022', 'i.sqlite');
    // The form 0014 to 0021 wrote: weeks as [Monday, service, replayed] arrays, the inputs inside the JSON.
    const spec = { alertSpecificationId: 7, type: 'negative', serviceAlerts: 3, replayed: 4, matched: 2 };
    const insert = old.prepare(
      'INSERT INTO v2_alert_replay_summary (alert_specification_id, sync_run_id, parameters, summary) VALUES (?, 2, ?, ?)',
    );
    const weeks = [
      [19844, 1, 0],
      [19851, 2, 3],
      [19872, 0, 1],
    ];
    insert.run(
      7,
      'threshold=60',
      JSON.stringify({ summary: spec, weeks, inputs: 'four|negative|3:12:9:9:33' }),
    );
    insert.run(
      8,
      'threshold=70',
      JSON.stringify({ summary: { ...spec, alertSpecificationId: 8 }, weeks: [], inputs: 'x' }),
    );
    old.close();
    const store = openStore(path);
    const rows = store.db
      .prepare(
        'SELECT alert_specification_id AS id, parameters, summary, inputs FROM v2_alert_replay_summary ORDER BY 1',
      )
      .all() as { id: number; parameters: string; summary: string; inputs: string }[];
    expect(rows.map((r) => ({ ...r, summary: JSON.parse(r.summary) as unknown }))).toEqual([
      {
        id: 7,
        parameters: 'threshold=60',
        inputs: 'four|negative|3:12:9:9:33',
        summary: { summary: spec, weeks: weeks.flat() },
      },
      {
        id: 8,
        parameters: 'threshold=70',
        inputs: 'x',
        summary: { summary: { ...spec, alertSpecificationId: 8 }, weeks: [] },
      },
    ]);
    store.close();
  });
});
