// `feedback-desk annotations` in-process: add, list with the estimate, export and import (never doubled), remove,
// one sentence for bad input, and the notes surviving a rebuild of the store (the damaged file set aside).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeExportStore } from '../../export/testing/exportStore.ts';
import { setAsideStore } from '../../store/checkStore.ts';
import { runCommand } from '../testing.ts';
import { annotations } from './annotations.ts';

let dir: string;
let db: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fd-annotations-cli-'));
  db = join(dir, 'store.sqlite');
  writeExportStore(db);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (...args: string[]) => runCommand(annotations, ['--db', db, ...args], {});

describe('annotations', () => {
  it('adds a note, lists it with its before/after, exports, imports without doubling, removes', async () => {
    const added = await run('--add', '=New <b>menu</b>', '--on', '2026-10-02', '--experience-point', '21');
    expect(added.code).toBe(0);
    const id = /^Added ([0-9a-f]{16}) \(2026-10-02\)\.$/m.exec(added.stdout)?.[1] ?? '';
    expect(id).not.toBe('');
    const list = await run();
    expect(list.stdout).toContain(`${id}  2026-10-02  point 21  "=New <b>menu</b>"`);
    // Point 21 before 10-02 (09-04 … 10-01): 10-01 09:00 b3 and 10:00 b3; from 10-02 (… 10-29): 10-02 10:00 b0.
    // No weekday × hour has presses on both sides (Thursday 9h and 10h before, Friday 10h after): no estimate.
    expect(list.stdout).toContain('no estimate');
    const file = join(dir, 'notes.json');
    expect((await run('--export', file)).stdout).toBe(`Wrote ${file}.\n`);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ version: 1, annotations: [{ id }] });
    expect((await run('--import', file)).stdout).toBe('Imported 0 notes (1 already there).\n');
    expect((await run('--edit', id, '--text', 'Menu', '--until', '2026-10-04')).stdout).toBe(
      `Changed ${id} (2026-10-02 to 2026-10-04).\n`,
    );
    expect((await run()).stdout).toContain('2026-10-02 to 2026-10-04  point 21  "Menu"');
    expect((await run('--remove', id)).stdout).toBe(`Removed ${id}.\n`);
    expect((await run('--import', file)).stdout).toBe('Imported 1 notes (0 already there).\n');
  });

  it('keeps the notes when the store is set aside and filled again', async () => {
    await run('--add', 'Survives the rebuild', '--on', '2026-10-03');
    setAsideStore(db);
    expect(existsSync(db)).toBe(false);
    writeExportStore(db); // the sync filling a new store
    expect((await run()).stdout).toContain('"Survives the rebuild"');
  });

  it('says what is wrong in one sentence and changes nothing', async () => {
    const before = readFileSync(`${db}.annotations.json`, 'utf8');
    expect((await run('--add', 'no day')).stderr).toBe(
      "feedback-desk annotations: option '--add' needs '--on yyyy-MM-dd' (the note's day)\n",
    );
    expect((await run('--add', 'x', '--on', '2026-10-05', '--until', '2026-10-01')).stderr).toContain(
      'the note.to is before its .from; nothing was added.',
    );
    expect((await run('--remove', 'nope')).stderr).toContain("There is no annotation with the id 'nope'");
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '[1, 2]');
    expect((await run('--import', bad)).stderr).toContain(
      'is not a Feedback Desk annotations export (it is not an object); nothing was imported',
    );
    expect(readFileSync(`${db}.annotations.json`, 'utf8')).toBe(before);
  });
});
