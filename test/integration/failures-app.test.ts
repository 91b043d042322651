// The app's side of a damaged or sound local file, through the handlers both bridges call (IPC and web mode carry
// their Results unchanged): the quick check after each sync finds damage on a worker before a view reads it, and the
// rebuild sets aside only a file found damaged. The sentences are written out by hand (core/failures.ts words them).
import { closeSync, existsSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../src-main/services.ts';
import type { Services } from '../../src-main/services.ts';
import { tempDir } from './syncFixtures.ts';

let dir: string;
let path: string;
const open: Services[] = [];
const services = (): Services => {
  const s = createServices({ storePath: path, dataDir: dir, demoSize: 'tiny' });
  open.push(s);
  return s;
};

beforeAll(() => {
  dir = tempDir('fd-failures-app-');
  path = join(dir, 'demo.sqlite');
});
afterAll(async () => {
  for (const s of open) await s.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Random bytes over the leaf page in the middle of `table`, on the closed file. */
function damagePage(table: string): void {
  const db = new Database(path);
  db.pragma('wal_checkpoint(TRUNCATE)');
  const pages = db
    .prepare("SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY pageno")
    .pluck()
    .all(table) as number[];
  db.close();
  const page = pages[Math.floor(pages.length / 2)] ?? 0;
  const fd = openSync(path, 'r+');
  writeSync(fd, Buffer.alloc(4096, 0xff), 0, 4096, (page - 1) * 4096); // 0xFF is no page type: always seen as damage
  closeSync(fd);
}

describe('the app and a damaged local file', () => {
  it('a rebuild of a sound file checks it and keeps it', async () => {
    const app = services();
    expect((await app.handlers['demo:explore']({})).ok).toBe(true);
    const rebuild = await app.handlers['store:rebuild']({});
    expect(rebuild).toMatchObject({ ok: true, value: { setAsidePath: null } });
    expect(rebuild.ok && rebuild.value.message).toMatch(
      new RegExp(
        `^The local file ${path.replace(/[.]/g, '\\.')} is sound \\(checked in [\\d.]+ s\\), so nothing was set aside; a normal sync keeps it up to date\\.$`,
      ),
    );
    expect(existsSync(path)).toBe(true);
    expect(await app.handlers['app:getState']({})).toMatchObject({ ok: true, value: { hasData: true } });
    await app.close();
  }, 120_000);

  it('the check after a sync finds damage the sync did not read; views then say it, and the rebuild sets it aside', async () => {
    damagePage('v2_comment_term');
    const app = services();
    expect((await app.handlers['demo:explore']({})).ok).toBe(true); // the sync itself does not read that page
    // The check runs on a worker after the sync answered; the views say the damage once it is known.
    let state = await app.handlers['app:getState']({});
    for (let i = 0; i < 600 && state.ok; i++) {
      await new Promise((r) => setTimeout(r, 100));
      state = await app.handlers['app:getState']({});
    }
    expect(state.ok).toBe(false);
    if (state.ok) return;
    expect(state.error.code).toBe('store');
    expect(state.error.message).toMatch(
      new RegExp(
        `^The local file ${path.replace(/[.]/g, '\\.')} is damaged \\(.+\\); nothing has been deleted\\. Rebuild it from the service: 'Rebuild the local data' in the app, or 'feedback-desk sync --rebuild' \\(the damaged file is set aside, never deleted, and everything is synced again\\)\\.$`,
      ),
    );
    expect(await app.handlers['tree:list']({})).toEqual(state); // every view, the same sentence
    const rebuild = await app.handlers['store:rebuild']({});
    expect(rebuild.ok).toBe(true);
    if (!rebuild.ok) return;
    const aside = readdirSync(dir).find((f) => f.startsWith('demo.sqlite.damaged-'));
    expect(rebuild.value.setAsidePath).toBe(join(dir, aside ?? ''));
    expect(rebuild.value.message).toBe(
      `The local file ${path} was damaged; it was set aside as ${join(dir, aside ?? '')} (nothing deleted), and a new one is filled from the service.`,
    );
    expect(await app.handlers['app:getState']({})).toMatchObject({ ok: true, value: { hasData: false } });
  }, 180_000);
});
