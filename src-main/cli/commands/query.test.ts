// `query` at the command line: a reversed date range is said in the options the user typed.
import { describe, expect, it } from 'vitest';
import { runCommand } from '../testing.ts';
import { query } from './query.ts';

describe('query --from and --to', () => {
  it.each([
    ['2026-03-01', '2026-02-01'],
    ['2026-02-01', '2026-02-01'],
  ])('refuses --from %s --to %s naming both options', async (from, to) => {
    // Refused before any file is opened: the --db folder does not even exist.
    const out = await runCommand(query, ['--db', '/nonexistent/fd.sqlite', '--from', from, '--to', to], {});
    expect(out.code).toBe(2);
    expect(out.stdout).toBe('');
    expect(out.stderr).toBe(
      `feedback-desk query: option '--from' (${from}) must be before '--to' (${to}, the day it stops before)\n`,
    );
    expect(out.stderr).not.toContain('filter.');
  });
});
