// Forward-only numbered migrations (`NNNN_name.sql`), each in its own transaction, recorded with a SHA-256 checksum.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type Database from 'better-sqlite3';

export interface Migration {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

/** A store that must not be used as it is; `reason` tells the user what happened and what to do. */
export class StoreError extends Error {
  override name = 'StoreError';
  readonly reason: 'newer-version' | 'edited-migration' | 'corrupt' | 'unusable' | 'read-only';
  constructor(reason: StoreError['reason'], message: string) {
    super(message);
    this.reason = reason;
  }
}

export const defaultMigrationsDir = join(import.meta.dirname, 'migrations');

export function checksumOf(sql: string): string {
  return createHash('sha256').update(sql.replace(/\r\n/g, '\n')).digest('hex');
}

/** Reads `NNNN_name.sql` files in version order; gaps and duplicates are a programming error. */
export function loadMigrations(dir: string = defaultMigrationsDir): Migration[] {
  if (!existsSync(dir))
    throw new StoreError(
      'unusable',
      `Feedback Desk's database migrations are missing (${dir}); this installation is incomplete. Reinstall Feedback Desk.`,
    );
  const migrations = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .map((file) => {
      const m = /^(\d{4})_([a-z0-9_]+)\.sql$/.exec(file);
      if (!m) throw new Error(`migration file name '${file}' is not NNNN_name.sql`);
      const sql = readFileSync(join(dir, file), 'utf8');
      return { version: Number(m[1]), name: m[2] ?? '', sql, checksum: checksumOf(sql) };
    })
    .sort((a, b) => a.version - b.version);
  migrations.forEach((m, i) => {
    if (m.version !== i + 1)
      throw new Error(
        `migrations must be numbered 0001, 0002, … without gaps (found ${m.version} at position ${i + 1})`,
      );
  });
  return migrations;
}

/**
 * Earlier texts of migrations that were rewritten without changing what they leave behind (the same tables holding the
 * same rows), by version: a file that applied one of them is as current as one that applied today's text. 0006 first
 * joined every point rollup row to every ancestor (68 s on the `large` world); it now sums points with the same
 * ancestors first (19 s).
 */
export const equivalentChecksums: Readonly<Record<number, readonly string[]>> = {
  6: ['1b12c046c56486257cdd0271afe963952e45cb2c8847687a9ad9959c1fbc691b'],
};

interface AppliedRow {
  version: number;
  name: string;
  checksum: string;
}

/**
 * Brings the file up to the newest migration. Refuses a file written by a newer version (a migration it does not
 * know) and a file whose applied migration no longer matches its source (an edited migration).
 */
/** A migration about to run: the `index`-th (from 1) of `count` pending ones, for a progress line. */
export interface MigrationStart {
  version: number;
  name: string;
  index: number;
  count: number;
}

/** What a running migration is, for the user (a new version's first open of a big file can take a minute). */
export function describeMigration(m: MigrationStart): string {
  return `Updating the data file for this version (${m.index} of ${m.count}: ${String(m.version).padStart(4, '0')} ${m.name.replace(/_/g, ' ')}); a big file takes a minute.`;
}

export function migrate(
  db: Database.Database,
  migrations: readonly Migration[],
  now: () => Date = () => new Date(),
  onStart?: (m: MigrationStart) => void,
): { applied: number[] } {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migration (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    checksum TEXT NOT NULL,
    applied_at TEXT NOT NULL
  ) STRICT`);
  const appliedRows = db
    .prepare<[], AppliedRow>('SELECT version, name, checksum FROM schema_migration ORDER BY version')
    .all();
  const newest = migrations.at(-1)?.version ?? 0;
  const unknown = appliedRows.find((r) => r.version > newest);
  if (unknown)
    throw new StoreError(
      'newer-version',
      `This data file was written by a newer version of Feedback Desk (schema ${appliedRows.at(-1)?.version}, this version knows up to ${newest}). Update Feedback Desk, or choose another data file.`,
    );
  for (const row of appliedRows) {
    const source = migrations[row.version - 1];
    if (
      !source ||
      (source.checksum !== row.checksum && !equivalentChecksums[row.version]?.includes(row.checksum))
    )
      throw new StoreError(
        'edited-migration',
        `Migration ${String(row.version).padStart(4, '0')}_${row.name} was changed after it was applied to this data file. Restore the migration, or rebuild the data file from the service.`,
      );
  }
  const record = db.prepare(
    'INSERT INTO schema_migration (version, name, checksum, applied_at) VALUES (?, ?, ?, ?)',
  );
  const isApplied = db.prepare<[number], { one: number }>(
    'SELECT 1 AS one FROM schema_migration WHERE version = ?',
  );
  const applied: number[] = [];
  const pending = migrations.slice(appliedRows.length);
  for (const [i, m] of pending.entries()) {
    onStart?.({ version: m.version, name: m.name, index: i + 1, count: pending.length });
    // Re-checked inside the write lock: another process may have applied it meanwhile.
    const done = db
      .transaction(() => {
        if (isApplied.get(m.version)) return false;
        db.exec(m.sql);
        record.run(m.version, m.name, m.checksum, now().toISOString());
        return true;
      })
      .immediate();
    if (done) applied.push(m.version);
  }
  return { applied };
}
