// `npm start -- [options]`: which program runs with which arguments, and options refused before the build.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startPlan } from './startPlan.ts';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const cli = join(root, 'bin', 'feedback-desk.js');

describe('startPlan', () => {
  it('passes --port to web mode, with Electron missing', () => {
    expect(startPlan(['--port', '4100'], null, root)).toEqual({
      kind: 'run',
      mode: 'web',
      command: process.execPath,
      args: [cli, 'serve', '--port', '4100'],
      note: 'Electron is not installed on this machine, so Feedback Desk starts in web mode: open the URL printed below.',
    });
  });

  it('repeats why Electron is missing, as postinstall kept it', () => {
    const plan = startPlan(
      [],
      null,
      root,
      'Electron is not installed on this machine (the download did not finish within 900 s; `npx install-electron` retries it)',
    );
    expect(plan).toMatchObject({ kind: 'run', mode: 'web', args: [cli, 'serve'] });
    expect(plan.kind === 'run' && plan.note).toBe(
      'Electron is not installed on this machine (the download did not finish within 900 s; `npx install-electron` retries it), so Feedback Desk starts in web mode: open the URL printed below.',
    );
  });

  it('starts web mode for options even where Electron is installed, and says why', () => {
    const plan = startPlan(['--port=4100', '--no-open'], '/opt/electron', root);
    expect(plan).toMatchObject({
      kind: 'run',
      mode: 'web',
      args: [cli, 'serve', '--port=4100', '--no-open'],
    });
    expect(plan.kind === 'run' && plan.note).toBe(
      '--port=4100 --no-open: options of web mode, so Feedback Desk starts in web mode: open the URL printed below.',
    );
  });

  it('opens the desktop app without options where Electron is installed', () => {
    expect(startPlan([], '/opt/electron', root)).toEqual({
      kind: 'run',
      mode: 'desktop',
      command: '/opt/electron',
      args: [root],
      note: null,
    });
  });

  it.each([
    [['--port', '70000'], "npm start: option '--port' must be at most 65535, not 70000"],
    [['--prot', '4100'], "npm start: unknown option '--prot'"],
    [['4100'], "npm start: unexpected argument '4100' (options start with --)"],
  ])('refuses %j in one line', (argv, start) => {
    const plan = startPlan(argv, null, root);
    expect(plan).toEqual({
      kind: 'print',
      exitCode: 2,
      text: `${start} (npm start -- --help lists the options)\n`,
    });
  });
});

describe('scripts/start.js', () => {
  it('refuses a bad port before building anything', () => {
    const run = spawnSync(process.execPath, [join(root, 'scripts', 'start.js'), '--port', 'abc'], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(2);
    expect(run.stdout).not.toContain('Building');
    expect(run.stderr).toBe(
      "npm start: option '--port' takes a whole number, not 'abc' (npm start -- --help lists the options)\n",
    );
  });

  it('lists the options with --help', () => {
    const run = spawnSync(process.execPath, [join(root, 'scripts', 'start.js'), '--help'], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Usage: npm start [-- options]');
    expect(run.stdout).toMatch(/--port N\s+port on 127\.0\.0\.1/);
  });
});
