// `npm test`: preflight (system packages, keytar), then typecheck, lint, format, build, unit, integration and e2e suites
// (web mode from the built out/main/cli.js, and the built desktop main through the electron stand-in),
// and the suites that touch time again with the clock moved far away (faketime); ends with one line
// `N passed, N failed` counted from the runners' JSON reports (typecheck/lint/format/electronegativity/build: one each).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'test-results');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
/** No step may run longer than this (the whole run takes a few minutes on 2 cores). */
const stepTimeoutMs = 15 * 60_000;

// The project's pinned Node 24 (node_modules/.bin/node) comes first, also when this file was started by hand.
const childEnv = {
  ...process.env,
  PATH: `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH}`,
};

// ---------------------------------------------------------------------------------------------------------------
// Preflight: the system packages the suites need, then keytar (npm drops it when libsecret was missing at `npm ci`).

const systemNeeds = [
  { what: 'Chromium at /usr/bin/chromium (e2e)', pkg: 'chromium', ok: () => existsSync('/usr/bin/chromium') },
  {
    what: 'gnome-keyring-daemon (keychain tests)',
    pkg: 'gnome-keyring',
    ok: () => onPath('gnome-keyring-daemon'),
  },
  { what: 'dbus-run-session (keychain tests)', pkg: 'dbus-daemon', ok: () => onPath('dbus-run-session') },
  {
    what: 'pdftotext and pdftoppm (export tests)',
    pkg: 'poppler-utils',
    ok: () => onPath('pdftotext') && onPath('pdftoppm'),
  },
  {
    what: 'faketime (the suites that touch time run again with the clock moved)',
    pkg: 'faketime',
    ok: () => onPath('faketime'),
  },
  { what: 'openssl (the HTTPS tests make their own CA)', pkg: 'openssl', ok: () => onPath('openssl') },
  {
    what: 'tinyproxy (the proxy tests)',
    pkg: 'tinyproxy',
    ok: () => onPath('tinyproxy') || existsSync('/usr/sbin/tinyproxy'),
  },
  {
    what: 'libsecret headers (to build keytar)',
    pkg: 'libsecret-1-dev',
    ok: () => existsSync('/usr/include/libsecret-1/libsecret/secret.h'),
  },
];

function onPath(command) {
  return (process.env.PATH ?? '')
    .split(path.delimiter)
    .some((dir) => dir && existsSync(path.join(dir, command)));
}

/** Stops before any suite ran; the count line still closes the output, as CI expects. */
function stop(message) {
  console.log(message);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, env: childEnv, stdio: 'inherit', ...options });
  return result.status === 0;
}

function preflightSystem() {
  if (process.platform !== 'linux') {
    console.log(
      'preflight: not Linux; skipping the Debian package checks (the keychain tests need gnome-keyring).',
    );
    return;
  }
  const missing = systemNeeds.filter((need) => !need.ok());
  if (missing.length === 0) return;
  const packages = [...new Set(missing.map((need) => need.pkg))];
  console.log(`preflight: missing ${missing.map((need) => need.what).join(', ')}.`);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && onPath('apt-get')) {
    console.log(`preflight: installing ${packages.join(' ')} with apt-get`);
    const aptEnv = { ...childEnv, DEBIAN_FRONTEND: 'noninteractive' };
    const ok =
      run('apt-get', ['update', '-q'], { env: aptEnv }) &&
      run('apt-get', ['install', '-y', '-q', ...packages], { env: aptEnv });
    const still = systemNeeds.filter((need) => !need.ok());
    if (ok && still.length === 0) return;
    stop(
      `preflight: apt-get could not provide ${still.map((need) => need.pkg).join(' ') || packages.join(' ')}.`,
    );
  }
  stop(
    `preflight: install them first, then run npm test again:\n  sudo apt-get install -y ${packages.join(' ')}`,
  );
}

function keytarLoads() {
  const probe = spawnSync(process.execPath, ['-e', "require('keytar')"], {
    cwd: root,
    env: childEnv,
    stdio: 'pipe',
  });
  return probe.status === 0;
}

function preflightKeytar() {
  if (!existsSync(path.join(root, 'node_modules'))) {
    stop('preflight: node_modules is missing: run `npm ci` first (the README says `npm ci && npm test`).');
  }
  if (keytarLoads()) return;
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const version = pkg.optionalDependencies?.keytar ?? pkg.dependencies?.keytar;
  console.log(
    `preflight: keytar does not load; building keytar@${version} (libsecret must have been missing at install)`,
  );
  const ok = existsSync(path.join(root, 'node_modules', 'keytar', 'package.json'))
    ? run('npm', ['rebuild', 'keytar'])
    : run('npm', ['install', '--no-save', '--no-audit', '--no-fund', `keytar@${version}`]);
  if (ok && keytarLoads()) return;
  stop('preflight: keytar still does not load; the keychain tests cannot run (see the npm output above).');
}

// ---------------------------------------------------------------------------------------------------------------
// The steps. Each yields { passed, failed, skipped, note }.

/** A command that passes or fails as a whole (typecheck, lint, build). */
const wholeCheck = (code) =>
  code === 0 ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0 };

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Vitest's JSON report; a file that failed to load has no failed test but a failed suite, so it counts as one. */
function countVitest(file, code) {
  const report = readJson(file);
  if (!report) return { passed: 0, failed: 1, skipped: 0, note: `no report at ${path.relative(root, file)}` };
  const passed = report.numPassedTests ?? 0;
  let failed = report.numFailedTests ?? 0;
  const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  const brokenFiles = (report.testResults ?? []).filter(
    (suite) =>
      suite.status === 'failed' && !(suite.assertionResults ?? []).some((t) => t.status === 'failed'),
  );
  failed += brokenFiles.length;
  const notes = brokenFiles.map(
    (suite) => `${path.relative(root, suite.name)} did not run: ${firstLine(suite.message)}`,
  );
  if (code !== 0 && failed === 0) {
    failed = 1;
    notes.push(`vitest exited ${code} although every test passed (an unhandled error?)`);
  }
  return { passed, failed, skipped, note: notes.join('; ') };
}

/** Playwright's JSON report: expected pass, unexpected (or flaky) fail; an error outside any test counts as one failure. */
function countPlaywright(file, code) {
  const report = readJson(file);
  if (!report?.stats)
    return { passed: 0, failed: 1, skipped: 0, note: `no report at ${path.relative(root, file)}` };
  // No retries (playwright.config.ts): a test that failed once, even if a --retries run passed it later, failed.
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
  let failed = unexpected + flaky;
  const notes = (report.errors ?? []).map((error) => firstLine(error.message));
  if ((code !== 0 || notes.length > 0) && failed === 0) failed = 1;
  return { passed: expected, failed, skipped, note: [...notes, ...skipReasons(report)].join('; ') };
}

/** "SKIPPED <title>: <reason>" for every skipped test (its test.skip annotation), so a skip is never silent. */
function skipReasons(report) {
  const out = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === 'skipped') {
          const why = (t.annotations ?? []).find((a) => a.type === 'skip')?.description ?? 'no reason given';
          out.push(`SKIPPED ${spec.title}: ${why}`);
        }
    (suite.suites ?? []).forEach(walk);
  };
  (report.suites ?? []).forEach(walk);
  return out;
}

function firstLine(text) {
  return (
    String(text ?? '')
      // eslint-disable-next-line no-control-regex -- strips terminal colours from runner messages
      .replace(/\x1b\[[0-9;]*m/g, '')
      .trim()
      .split('\n')[0]
      .slice(0, 200)
  );
}

/**
 * A private D-Bus session with a throwaway, unlocked gnome-keyring, so no test can touch the user's real keychain
 * and CI needs no desktop session. The keyring files live in a temp folder removed afterwards.
 */
function inKeyringSession(command, args) {
  const scratch = mkdtempSync(path.join(tmpdir(), 'feedback-desk-test-keyring-'));
  const quoted = [command, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const script = `printf pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1; exec ${quoted}`;
  // NO_AT_BRIDGE: Chromium would otherwise start an accessibility bus on this session for nothing.
  const env = { ...childEnv, XDG_DATA_HOME: scratch, XDG_RUNTIME_DIR: scratch, NO_AT_BRIDGE: '1' };
  delete env.DISPLAY;
  delete env.DBUS_SESSION_BUS_ADDRESS;
  return {
    command: 'dbus-run-session',
    args: ['--', 'sh', '-c', script],
    env,
    cleanup: () => rmSync(scratch, { recursive: true, force: true }),
  };
}

const vitestArgs = (report) => [
  'run',
  '--passWithNoTests',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
];
const report = (name) => path.join(resultsDir, `${name}.json`);

const steps = [
  { name: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'], count: wholeCheck },
  { name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'], count: wholeCheck },
  { name: 'format', command: 'npm', args: ['run', '--silent', 'format:check'], count: wholeCheck },
  // Doyensec's Electron security scanner over main, preload and renderer: any finding fails it.
  { name: 'electronegativity', command: 'node', args: ['scripts/electronegativity.js'], count: wholeCheck },
  { name: 'build', command: bin('electron-vite'), args: ['build'], count: wholeCheck },
  {
    name: 'unit (main + renderer + emulator)',
    command: bin('vitest'),
    args: [
      ...vitestArgs(report('unit')),
      '--project',
      'main',
      '--project',
      'renderer',
      '--project',
      'emulator',
    ],
    count: (code) => countVitest(report('unit'), code),
  },
  {
    name: 'integration',
    keyring: true,
    command: bin('vitest'),
    args: [...vitestArgs(report('integration')), '--project', 'integration'],
    count: (code) => countVitest(report('integration'), code),
  },
  {
    name: 'e2e (web mode, desktop)',
    keyring: true,
    command: bin('playwright'),
    // Playwright empties its output folder first: give it its own, so the other reports stay.
    args: ['test', '--pass-with-no-tests', '--output', path.join(resultsDir, 'e2e-artifacts')],
    count: (code) => countPlaywright(report('e2e'), code),
  },
];

/**
 * The clock the time-shifted run lands on: the first night of a spring-forward DST change (last Sunday of March, 00:59
 * UTC, a minute before Europe's clocks jump) at least 400 days ahead, as an offset for faketime. Tests must not depend
 * on the day they run; this run proves the suites that touch time (sync, analytics, emulator, CLI) do not.
 */
function shiftedClock(nowMs) {
  for (let year = new Date(nowMs + 400 * 86_400_000).getUTCFullYear(); ; year++) {
    const march31 = new Date(Date.UTC(year, 2, 31));
    const lastSunday = Date.UTC(year, 2, 31 - march31.getUTCDay(), 0, 59);
    if (lastSunday >= nowMs + 400 * 86_400_000)
      return {
        offsetSeconds: Math.round((lastSunday - nowMs) / 1000),
        at: new Date(lastSunday).toISOString(),
      };
  }
}
const shifted = shiftedClock(Date.now());
const timeSuites = {
  unit: [
    'src-main/sync',
    'src-main/analytics',
    'packages/emulator',
    'src-main/cli',
    'src-main/api',
    'src-main/store',
  ],
  // The integration files whose default window comes from a clock (the CLI's sync, the account's history, v1
  // results, verification) and the emulator's calendar; the long resume and kill files are left to the first run.
  integration: [
    'test/integration/sync.test.ts',
    'test/integration/sync-history.test.ts',
    'test/integration/sync-v1-results.test.ts',
    'test/integration/sync-v2-resources-limited.test.ts',
    'test/integration/emulator-',
  ],
};
steps.push({
  name: 'time-shifted (faketime)',
  keyring: true,
  // libfaketime moves the wall clock (Date, timestamps) of every process started below, worker threads and child
  // processes included; monotonic clocks (timers, performance.now) keep their pace, as does the file system's clock.
  command: 'faketime',
  args: [
    '-f',
    `+${shifted.offsetSeconds}`,
    bin('vitest'),
    ...vitestArgs(report('time-shifted')),
    '--project',
    'main',
    '--project',
    'integration',
    '--project',
    'emulator',
    ...timeSuites.unit,
    ...timeSuites.integration,
  ],
  env: { TZ: 'Europe/Berlin', DONT_FAKE_MONOTONIC: '1' },
  count: (code) => countVitest(report('time-shifted'), code),
});

let current = null;
function runStep(step) {
  const wrapped =
    step.keyring && process.platform === 'linux'
      ? inKeyringSession(step.command, step.args)
      : { command: step.command, args: step.args, env: childEnv, cleanup: () => {} };
  if (step.env) wrapped.env = { ...wrapped.env, ...step.env };
  return new Promise((resolve) => {
    // Its own process group, so a timeout or Ctrl-C ends the runner's workers and servers too.
    const child = spawn(wrapped.command, wrapped.args, {
      cwd: root,
      env: wrapped.env,
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true,
    });
    current = child;
    const timer = setTimeout(() => {
      console.error(`\n${step.name}: still running after ${stepTimeoutMs / 60_000} min; stopping it.`);
      killGroup(child);
    }, stepTimeoutMs);
    const done = (code) => {
      clearTimeout(timer);
      current = null;
      wrapped.cleanup();
      resolve(code);
    };
    child.once('error', (error) => {
      console.error(`${step.name}: could not start ${wrapped.command}: ${error.message}`);
      done(127);
    });
    child.once('exit', (code, signal) => done(code ?? (signal ? 128 : 1)));
  });
}

function killGroup(child) {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (current) killGroup(current);
    process.exit(130);
  });
}

// ---------------------------------------------------------------------------------------------------------------

const started = Date.now();
preflightSystem();
preflightKeytar();
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });
const preflightSeconds = (Date.now() - started) / 1000;

const rows = [];
for (const step of steps) {
  console.log(`\n===== ${step.name} =====`);
  if (step.command === 'faketime') console.log(`clock moved to ${shifted.at} (TZ ${step.env.TZ})`);
  const t0 = Date.now();
  const code = await runStep(step);
  rows.push({ name: step.name, seconds: (Date.now() - t0) / 1000, ...step.count(code) });
}

const total = rows.reduce(
  (sum, r) => ({
    passed: sum.passed + r.passed,
    failed: sum.failed + r.failed,
    skipped: sum.skipped + r.skipped,
  }),
  {
    passed: 0,
    failed: 0,
    skipped: 0,
  },
);
console.log('\n===== summary =====');
console.log(`${'preflight'.padEnd(26)} ok      ${preflightSeconds.toFixed(1).padStart(6)} s`);
for (const r of rows) {
  const status = r.failed > 0 ? 'FAILED' : 'ok';
  const counts = `${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`;
  console.log(
    `${r.name.padEnd(26)} ${status.padEnd(7)} ${r.seconds.toFixed(1).padStart(6)} s   ${counts}${r.note ? `   (${r.note})` : ''}`,
  );
}
console.log(`total ${((Date.now() - started) / 1000).toFixed(1)} s; reports in test-results/`);
console.log(
  `${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`,
);
process.exitCode = total.failed > 0 ? 1 : 0;
