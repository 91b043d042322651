// The data file's update at start: a file some migrations behind is updated on a thread, each step told, while
// handlers wait for it; a step that fails is said with what to do, and the file keeps the steps before it.
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoreMigration } from '#shared/contract.ts';
import { createServices, type Services } from '../services.ts';
import { defaultMigrationsDir, loadMigrations, migrate } from '../store/migrate.ts';

let dir: string;
let services: Services | null = null;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fd-store-ready-'));
});
afterEach(async () => {
  await services?.close();
  services = null;
  rmSync(dir, { recursive: true, force: true });
});

/** A file that applied only the first `applied` migrations of `migrationsDir`, as an older version left it. */
function olderStore(applied: number, migrationsDir = defaultMigrationsDir): string {
  const path = join(dir, 'older.sqlite');
  const db = new Database(path);
  migrate(db, loadMigrations(migrationsDir).slice(0, applied));
  db.close();
  return path;
}

function versions(path: string): number {
  const db = new Database(path, { readonly: true });
  const n = Number(db.prepare('SELECT count(*) FROM schema_migration').pluck().get());
  db.close();
  return n;
}

describe('the data file’s update at start', () => {
  it('tells each pending step while handlers wait, then answers them from the updated file', async () => {
    const total = loadMigrations().length;
    const path = olderStore(8);
    services = createServices({ storePath: path, dataDir: dir, migrationPauseMs: 40 });
    const seen: StoreMigration[] = [];
    const running = new Promise<StoreMigration | null>((resolve) =>
      services?.onEvent('store:migration', (m) => {
        seen.push(m);
        if (seen.length === 1)
          void services?.handlers['store:migration']({}).then((r) => resolve(r.ok ? r.value : null));
      }),
    );
    const state = await services.handlers['app:getState']({});
    expect(state.ok).toBe(true);
    // By hand: 8 applied before, so the rest are pending, numbered from 1, each told once before it runs, then done.
    const pending = total - 8;
    expect(seen.map((m) => `${m.phase} ${m.step}/${m.steps}`)).toEqual([
      ...Array.from({ length: pending }, (_, i) => `running ${i + 1}/${pending}`),
      `done ${pending}/${pending}`,
    ]);
    expect(seen[0]?.name).toBe('0009 period rollups');
    // Asked while it ran, the command answered at once with the step running (it does not wait for the file).
    expect(await running).toMatchObject({ phase: 'running', step: 1, steps: pending });
    expect(versions(path)).toBe(total);
    expect(await services.handlers['store:migration']({})).toEqual({ ok: true, value: seen.at(-1) });
  });

  it('a file refused before any step (an edited migration) can still be set aside, and then opens anew', async () => {
    const migrations = join(dir, 'migrations');
    mkdirSync(migrations);
    for (const f of readdirSync(defaultMigrationsDir))
      copyFileSync(join(defaultMigrationsDir, f), join(migrations, f));
    const path = olderStore(8, migrations);
    const first = join(migrations, readdirSync(migrations).sort()[0] ?? '');
    writeFileSync(first, `-- edited\n${readFileSync(first, 'utf8')}`); // still valid SQL, another checksum
    services = createServices({ storePath: path, dataDir: dir, migrationsDir: migrations });
    const state = await services.handlers['app:getState']({});
    expect(state).toMatchObject({ ok: false, error: { code: 'store' } });
    if (state.ok) return;
    expect(state.error.message).toContain('was changed after it was applied');
    expect(await services.handlers['store:migration']({})).toMatchObject({
      value: { phase: 'failed', step: 0 },
    });
    const rebuilt = await services.handlers['store:rebuild']({});
    expect(rebuilt.ok).toBe(true);
    expect(existsSync(path)).toBe(false); // set aside, not deleted (its new name is in the answer)
    expect(await services.handlers['app:getState']({})).toMatchObject({
      ok: true,
      value: { hasData: false },
    });
  });

  it('says which step failed and what to do; the file keeps the steps before it, and nothing is told for a current file', async () => {
    const migrations = join(dir, 'migrations');
    mkdirSync(migrations);
    for (const f of readdirSync(defaultMigrationsDir))
      copyFileSync(join(defaultMigrationsDir, f), join(migrations, f));
    const total = loadMigrations(migrations).length;
    writeFileSync(
      join(migrations, `${String(total + 1).padStart(4, '0')}_broken.sql`),
      'SELECT * FROM no_such_table;',
    );
    const path = olderStore(total - 1, migrations);
    services = createServices({ storePath: path, dataDir: dir, migrationsDir: migrations });
    const seen: StoreMigration[] = [];
    services.onEvent('store:migration', (m) => void seen.push(m));
    const state = await services.handlers['app:getState']({});
    expect(state.ok).toBe(false);
    if (state.ok) return;
    expect(state.error.code).toBe('store');
    expect(state.error.message).toMatch(
      /stopped at step 2 of 2 \(\d{4} broken\): .*no_such_table.*try again\.$/,
    );
    expect(seen.at(-1)).toMatchObject({ phase: 'failed', step: 2, steps: 2, error: state.error.message });
    expect(versions(path)).toBe(total); // the good step stayed, the broken one left nothing
    // Not tried again by itself (every view would start it anew): the same answer, until asked to try again.
    expect(await services.handlers['tree:list']({})).toEqual(state);
    const again = await services.handlers['store:migrate']({});
    // By hand: the good step was kept, so only the broken one is pending now.
    expect(again).toMatchObject({ ok: true, value: { phase: 'failed', step: 1, steps: 1 } });
    await services.close();

    // A current file: no update, no event, the command says none ran.
    const current = olderStore(total); // same path, already at this version's schema
    services = createServices({ storePath: current, dataDir: dir });
    const none: StoreMigration[] = [];
    services.onEvent('store:migration', (m) => void none.push(m));
    expect((await services.handlers['app:getState']({})).ok).toBe(true);
    expect(none).toEqual([]);
    expect(await services.handlers['store:migration']({})).toEqual({ ok: true, value: null });
  });
});
