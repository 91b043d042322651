// Opening the local SQLite store: file, pragmas (WAL, synchronous=NORMAL), migrations, and the repositories on it.
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { describeStoreFailure, failures, isDamage, isReadOnly, whyNotReadable } from '../core/failures.ts';
import { openReadOnly, storeNotWritable } from './access.ts';
import { checkHeader } from './checkStore.ts';
import {
  StoreError,
  defaultMigrationsDir,
  loadMigrations,
  migrate,
  type Migration,
  type MigrationStart,
} from './migrate.ts';
import { createButtonFeedbackRepo } from './repos/buttonFeedbackRepo.ts';
import type { ButtonFeedbackRepo } from './repos/buttonFeedbackRepo.ts';
import { createCheckpointRepo } from './repos/checkpointRepo.ts';
import type { CheckpointRepo } from './repos/checkpointRepo.ts';
import { createSyncRunRepo } from './repos/syncRunRepo.ts';
import type { SyncRunRepo } from './repos/syncRunRepo.ts';
import { createSyncStreamRepo } from './repos/syncStreamRepo.ts';
import type { SyncStreamRepo } from './repos/syncStreamRepo.ts';
import { createTreeRepo } from './repos/treeRepo.ts';
import type { TreeRepo } from './repos/treeRepo.ts';
import { createV1PressRepo } from './repos/v1PressRepo.ts';
import type { V1PressRepo } from './repos/v1PressRepo.ts';
import { createV1StructureRepo } from './repos/v1StructureRepo.ts';
import type { V1StructureRepo } from './repos/v1StructureRepo.ts';
import { createV2ResourceRepos } from './repos/v2ResourceRepos.ts';
import type { V2ResourceRepos } from './repos/v2ResourceRepos.ts';

export interface Store {
  readonly path: string;
  readonly db: Database.Database;
  /** Why this file cannot be written here (it was opened read-only: every read works, a sync refuses); null: it can. */
  readonly readOnly: string | null;
  readonly tree: TreeRepo;
  readonly buttonFeedback: ButtonFeedbackRepo;
  readonly checkpoints: CheckpointRepo;
  readonly syncRuns: SyncRunRepo;
  /** Per-stream outcome for `status` (migration 0003). */
  readonly syncStreams: SyncStreamRepo;
  /** API version 1: structure, alerts, raw-result windows (migration 0005; statements prepared on first use). */
  readonly v1: { readonly structure: V1StructureRepo; readonly presses: V1PressRepo };
  /** Every other v2 resource: definitions, people, alerts, the five feedback lists (migration 0004). */
  readonly v2Resources: V2ResourceRepos;
  close(): void;
}

export interface OpenStoreOptions {
  /** Refuse to create a new file (commands that only read, e.g. `query`). */
  mustExist?: boolean;
  migrationsDir?: string;
  now?: () => Date;
  /** Told before each pending migration runs (a new version's first open of a big file can take a while). */
  onMigration?: (m: MigrationStart) => void;
  /**
   * SQLite's page cache of this connection in KiB (default 32,000): a connection that mostly reads through the file
   * once, or writes little, needs less, and every thread's connection adds to the process's memory.
   */
  cacheKib?: number;
  /**
   * The WAL's size, in pages, that starts a checkpoint after this connection commits (SQLite's default 1,000): a
   * connection that writes much (the sync's) checkpoints less often, each checkpoint paying its fsyncs once.
   */
  checkpointPages?: number;
}

/**
 * Opens (creating when allowed) and migrates the store. A file that cannot be written here but can be read is opened
 * read-only (`readOnly` says why): every read works, and a sync refuses in one sentence. Throws StoreError with a
 * user-facing message.
 */
export function openStore(path: string, options: OpenStoreOptions = {}): Store {
  const readOnly = path === ':memory:' ? null : refuseBeforeOpen(path, options.mustExist ?? false);
  let db: Database.Database;
  try {
    db = readOnly ? openReadOnly(path) : new Database(path, { fileMustExist: options.mustExist ?? false });
  } catch (error) {
    if (isDamage(error)) throw corrupt(path);
    throw new StoreError('unusable', failures.unreadable(path, whyNotReadable(error)));
  }
  try {
    if (readOnly) configureReadOnly(db);
    else configureConnection(db);
    if (options.cacheKib !== undefined)
      db.pragma(`cache_size = -${Math.max(1, Math.round(options.cacheKib))}`);
    if (!readOnly && options.checkpointPages !== undefined)
      db.pragma(`wal_autocheckpoint = ${Math.max(1, Math.round(options.checkpointPages))}`);
    refuseForeignSchema(db, path);
    const migrations = loadMigrations(options.migrationsDir ?? defaultMigrationsDir);
    if (readOnly) refuseUpdateReadOnly(db, migrations, path, readOnly);
    else migrate(db, migrations, options.now, options.onMigration);
  } catch (error) {
    db.close();
    if (error instanceof StoreError) throw error;
    if (isDamage(error)) throw corrupt(path);
    throw new StoreError(
      'unusable',
      describeStoreFailure(error, path) ?? `Could not prepare the data file ${path} (${messageOf(error)}).`,
    );
  }
  const now = options.now ?? (() => new Date());
  const checkpoints = createCheckpointRepo(db, now);
  const store: Store = {
    path,
    db,
    readOnly,
    tree: createTreeRepo(db),
    buttonFeedback: createButtonFeedbackRepo(db, checkpoints),
    checkpoints,
    syncRuns: createSyncRunRepo(db, now),
    syncStreams: createSyncStreamRepo(db, now),
    v1: createV1Repos(db, checkpoints),
    v2Resources: createV2ResourceRepos(db, checkpoints),
    close: () => {
      if (db.open) db.close();
    },
  };
  return store;
}

/**
 * Refuses, in one sentence, a path that cannot be a data file here before SQLite or a migration touches it (missing
 * when it must exist, a folder, not creatable, unreadable, damaged header, another application's); answers why it
 * cannot be written (null: it can; the folder is then created).
 */
function refuseBeforeOpen(path: string, mustExist: boolean): string | null {
  if (mustExist && !existsSync(path))
    throw new StoreError(
      'unusable',
      `There is no data file at ${path} yet. Run 'feedback-desk sync' first, or give its path with --db.`,
    );
  const problem = storePathProblem(path);
  if (problem) throw new StoreError('unusable', problem);
  const readOnly = storeNotWritable(path);
  if (readOnly && !existsSync(path)) throw new StoreError('read-only', failures.cannotCreate(path, readOnly));
  if (!readOnly) mkdirSync(dirname(path), { recursive: true });
  // The header costs one read.
  let header: ReturnType<typeof checkHeader>;
  try {
    header = checkHeader(path);
  } catch (error) {
    throw new StoreError('unusable', failures.unreadable(path, whyNotReadable(error)));
  }
  if (header === 'not-sqlite') throw new StoreError('corrupt', failures.notAStore(path));
  if (header === 'foreign')
    throw new StoreError(
      'unusable',
      `${path} belongs to another application, not Feedback Desk. Choose another data file (--db).`,
    );
  return readOnly;
}

/**
 * What is wrong with a data file path before anything opens it, in one sentence (null: nothing seen). A folder
 * given where a file belongs would otherwise surface as a raw `EISDIR`.
 */
export function storePathProblem(path: string): string | null {
  if (path === ':memory:' || !existsSync(path)) return null;
  if (statSync(path).isDirectory()) return failures.isFolder(path, join(path, 'default.sqlite'));
  return null;
}

/**
 * A failure met while reading or writing an opened store, in its one sentence when it is about the file (damage
 * found by a query, a full disk, a lock held too long, a read-only file); any other error is returned as it is.
 */
export function storeFailure(error: unknown, path: string): unknown {
  if (error instanceof StoreError) return error;
  const sentence = describeStoreFailure(error, path);
  if (sentence === null) return error;
  return new StoreError(isDamage(error) ? 'corrupt' : isReadOnly(error) ? 'read-only' : 'unusable', sentence);
}

function corrupt(path: string): StoreError {
  return new StoreError('corrupt', failures.damaged(path));
}

/** An SQLite file with tables but none of ours (no schema_migration) is someone else's: never migrate into it. */
function refuseForeignSchema(db: Database.Database, path: string): void {
  const names = db.prepare('SELECT name FROM sqlite_master').pluck().all() as string[];
  if (names.length > 0 && !names.includes('schema_migration'))
    throw new StoreError(
      'unusable',
      `${path} is not a Feedback Desk data file. Choose another data file (--db).`,
    );
}

/** The pragmas every connection to a store uses. */
export function configureConnection(db: Database.Database): void {
  // First: switching a new file to WAL takes SQLite's write lock, which many syncs starting at once wait for.
  db.pragma('busy_timeout = 5000');
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('cache_size = -32000');
  db.pragma('temp_store = MEMORY');
}

/** The pragmas of a read-only connection (nothing that writes). */
function configureReadOnly(db: Database.Database): void {
  db.pragma('busy_timeout = 5000');
  db.pragma('cache_size = -32000');
  db.pragma('temp_store = MEMORY');
}

/** A read-only file that this version would have to update cannot be used as it is. */
function refuseUpdateReadOnly(
  db: Database.Database,
  migrations: readonly Migration[],
  path: string,
  why: string,
): void {
  const known = db
    .prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_migration'")
    .pluck()
    .get();
  const applied = known === 1 ? Number(db.prepare('SELECT count(*) FROM schema_migration').pluck().get()) : 0;
  if (applied < migrations.length) throw new StoreError('read-only', failures.needsUpdateReadOnly(path, why));
  if (applied > migrations.length) migrate(db, migrations); // says which version wrote it, before any write
}

/** The writer connection's page cache, KB. */
export const writerCacheKb = 8000;

/**
 * The writer connection's WAL size, in pages, that starts a checkpoint after a commit: 65,536 (256 MB). A batch of
 * `xlarge` writes ~33,000 pages (a leaf per point and table, rewritten by each batch); checkpointed every 16,384
 * pages, each commit paid a checkpoint of its batch and its fsyncs. Every 65,536, one checkpoint covers two batches
 * and copies a leaf both rewrote once: the first 120 s of `xlarge` wrote 592–600 bytes a press to the disk instead of
 * 771–794 (−24 %), at the same CPU a press; the rate moved within the host's spread (docs/BENCHMARKS.md, 2026-11-29
 * 10:40). The WAL grows to ~380 MB on disk during a first sync (removed when the file is closed).
 */
export const writerCheckpointPages = 65_536;

/**
 * The sync's own connection (the tree, the cursors, the other resources' pages: a transaction a page): 16,384 pages
 * instead of SQLite's 1,000, which checkpointed (and fsynced) at every 4 MB of WAL, every few pages of a list. Six
 * months of `xlarge` (13.7 M presses, then 1.35 M of the other resources): 0.83 GB less written to the disk a run,
 * the process's CPU −4 % (docs/BENCHMARKS.md, 2026-11-29 10:40).
 */
export const syncCheckpointPages = 16_384;

/**
 * A second connection to an already opened (migrated) store that only writes button feedbacks and checkpoints: the
 * sync's writer thread uses it while the main connection stays free for everything else.
 */
export function openFeedbackWriter(
  path: string,
  now: () => Date = () => new Date(),
): { buttonFeedback: ButtonFeedbackRepo; close(): void } {
  const db = new Database(path, { fileMustExist: true });
  try {
    configureConnection(db);
    // An 8 MB page cache, not 32: the facts are keyed by (point, local time, id) and written in time order, so a batch
    // touches about one leaf per point and table, and the rollups' pages; a larger cache only holds pages the batches
    // do not come back to, 24 MB of the first sync's peak RSS (docs/BENCHMARKS.md, 2026-11-28).
    db.pragma(`cache_size = -${writerCacheKb}`);
    // The WAL checkpointed every writerCheckpointPages instead of SQLite's 1,000: a batch of `large` writes more than
    // 1,000 pages, so each commit paid a checkpoint and its two fsyncs. `large`'s button feedbacks 82.6–84.3 s →
    // 75.8 s at 16,384 pages (docs/BENCHMARKS.md, 2026-11-28 07:11). Still `synchronous = NORMAL`.
    db.pragma(`wal_autocheckpoint = ${writerCheckpointPages}`);
    return {
      buttonFeedback: createButtonFeedbackRepo(db, createCheckpointRepo(db, now)),
      close: () => db.close(),
    };
  } catch (error) {
    db.close();
    throw error;
  }
}

function createV1Repos(db: Database.Database, checkpoints: CheckpointRepo): Store['v1'] {
  const presses = createV1PressRepo(db, checkpoints);
  return { presses, structure: createV1StructureRepo(db, checkpoints, presses) };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export { StoreError };
