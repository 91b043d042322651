// Migration 0007: alert comments may name no user and v1 survey types are open, and the rows a file held are kept.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from './db.ts';
import { defaultMigrationsDir, loadMigrations, migrate } from './migrate.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fd-m0007-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('migration 0007', () => {
  it('keeps every comment and survey of a file migrated before it, then takes NULL users and new survey types', () => {
    const before = join(dir, 'migrations');
    mkdirSync(before);
    for (const f of readdirSync(defaultMigrationsDir))
      if (f < '0007') copyFileSync(join(defaultMigrationsDir, f), join(before, f));
    const path = join(dir, 'old.sqlite');
    const old = new Database(path);
    migrate(old, loadMigrations(before));
    old.exec(`INSERT INTO v2_alert_comment VALUES (1, 50, 7, '2026-03-01T10:00:00.000+01:00', 1772355600000, 'a 🍕');
      INSERT INTO v1_survey VALUES (80001, 10011, 300, 'Europe/Berlin', 'TERMINAL');
      INSERT INTO v1_summed_result (survey_key, local_day, bucket_start, n0, n1, n2, n3)
        VALUES (80001, 20513, '2026-03-01T00:00:00.000+01:00', 1, 0, 0, 2);`);
    // Before 0007: a comment without user and a new survey type are refused by the table itself.
    expect(() => old.exec("INSERT INTO v2_alert_comment VALUES (2, 50, NULL, 't', 0, 'x')")).toThrow(
      /NOT NULL/,
    );
    expect(() =>
      old.exec("INSERT INTO v1_survey VALUES (80002, 10011, 300, 'Europe/Berlin', 'KIOSK')"),
    ).toThrow(/CHECK/);
    old.close();

    const store = openStore(path);
    const db = store.db;
    expect(db.prepare('SELECT * FROM v2_alert_comment').all()).toEqual([
      {
        alert_comment_id: 1,
        alert_id: 50,
        user_id: 7,
        time: '2026-03-01T10:00:00.000+01:00',
        time_utc: 1772355600000,
        comment: 'a 🍕',
      },
    ]);
    db.exec("INSERT INTO v2_alert_comment VALUES (2, 50, NULL, '2026-03-02T10:00:00.000+01:00', 0, 'x')");
    db.exec("INSERT INTO v1_survey VALUES (80002, 10011, 300, 'Europe/Berlin', 'KIOSK')");
    expect(db.prepare('SELECT survey_key, survey_type FROM v1_survey ORDER BY 1').raw(true).all()).toEqual([
      [80001, 'TERMINAL'],
      [80002, 'KIOSK'],
    ]);
    // The view over v1_survey still reads it (the summed result joined to its survey's folder).
    expect(db.prepare('SELECT experience_point_id, n0, n3 FROM v1_analytics_daily').raw(true).all()).toEqual([
      [10011, 1, 2],
    ]);
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name LIKE '%_copy'").pluck().get()).toBe(0);
    store.close();
  });
});
