// Bringing a data file up to this version's schema on a thread of its own, telling each step as it starts.
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { threadModuleUrl } from '../threadModule.ts';
import { checkHeader } from './checkStore.ts';
import { StoreError, defaultMigrationsDir, loadMigrations, type MigrationStart } from './migrate.ts';

/**
 * How many migrations the file still needs (0 for a missing, new, foreign or unreadable file: opening it says
 * what is wrong, and a new file's migrations run on empty tables). One read-only look at schema_migration.
 */
export function pendingMigrations(path: string, migrationsDir: string = defaultMigrationsDir): number {
  if (path === ':memory:' || !existsSync(path) || checkHeader(path) !== 'ok') return 0;
  let db: Database.Database | null = null;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    const known = db
      .prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_migration'")
      .pluck()
      .get();
    if (known !== 1) return 0;
    const applied = Number(db.prepare('SELECT count(*) FROM schema_migration').pluck().get());
    return Math.max(0, loadMigrations(migrationsDir).length - applied);
  } catch {
    return 0;
  } finally {
    db?.close();
  }
}

export interface MigrateInThreadOptions {
  migrationsDir?: string;
  /** Told as each migration starts (on this thread). */
  onStart: (m: MigrationStart) => void;
  /** A pause before each migration, in ms: only for tests that watch the progress of a small file. */
  pauseBeforeEachMs?: number;
}

/** What the migration thread posts: a step starting, the end, or the failure's sentence. */
export type MigrationThreadMessage =
  { start: MigrationStart } | { done: true } | { failed: string; reason: StoreError['reason'] };

/** Opens (and so migrates) the file on a worker thread, then closes it there. Rejects with a StoreError. */
export async function migrateInThread(path: string, options: MigrateInThreadOptions): Promise<void> {
  const worker = new Worker(threadModuleUrl('migrateThread', import.meta.url), {
    workerData: {
      path,
      migrationsDir: options.migrationsDir ?? null,
      pauseBeforeEachMs: options.pauseBeforeEachMs ?? 0,
    },
  });
  try {
    await new Promise<void>((resolve, reject) => {
      worker.on('message', (m: MigrationThreadMessage) => {
        if ('start' in m) options.onStart(m.start);
        else if ('done' in m) resolve();
        else reject(new StoreError(m.reason, m.failed));
      });
      worker.once('error', (e) => reject(new StoreError('unusable', e.message)));
      worker.once('exit', (code) =>
        reject(new StoreError('unusable', `the thread updating the data file stopped (${code})`)),
      );
    });
  } finally {
    await worker.terminate().catch(() => undefined);
  }
}
