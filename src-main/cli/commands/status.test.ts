// `status` at the command line: what it says about a --db path that cannot be a data file.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCommand } from '../testing.ts';
import { query } from './query.ts';
import { status } from './status.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fd-status-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('a folder given as --db', () => {
  it.each([[[] as string[]], [['--check']]])(
    'status %j says the path is a folder and names a file to give instead',
    async (extra) => {
      const folder = join(dir, 'data');
      mkdirSync(folder);
      const out = await runCommand(status, ['--db', folder, ...extra], {});
      expect(out.code).toBe(1);
      expect(out.stdout).toBe('');
      expect(out.stderr).toBe(
        `feedback-desk status: ${folder} is a folder, not a data file; nothing was changed. Give the path of a file with --db, e.g. ${join(folder, 'default.sqlite')}.\n`,
      );
    },
  );

  it('query says the same (one sentence, no EISDIR)', async () => {
    const out = await runCommand(query, ['--db', dir], {});
    expect(out.code).toBe(1);
    expect(out.stderr).toContain(`${dir} is a folder, not a data file;`);
    expect(out.stderr).not.toMatch(/EISDIR/);
  });
});
