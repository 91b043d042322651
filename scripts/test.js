// `npm test`: preflight (system packages, keytar), then typecheck, lint, format, build, unit, integration and e2e suites
// (web mode from the built out/main/cli.js, and the built desktop main through the electron stand-in),
// and the suites that touch time again with the clock moved far away (faketime); ends with one line
// `N passed, N failed` counted from the runners' JSON reports (each typecheck half, lint, format, electronegativity and
// build: one each).
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { childrenCpuSeconds } from './cpuTime.js';
import { countPlaywright, countVitest, printSlowest, wholeCheck } from './testReports.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'test-results');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
/**
 * No step may run longer than this: a guard against a hang, not a speed target (the whole run takes under ten minutes
 * on a quiet 2-core machine, but the integration step alone passed 15 minutes at load 10-14 on the shared one).
 */
const stepTimeoutMs = 30 * 60_000;

// The project's pinned Node 24 (node_modules/.bin/node) comes first, also when this file was started by hand. Every Node
// process of the run keeps its compiled code in one cache (the folder the CLI's own `enableCompileCache()` uses): the
// runners' workers, the CLI and test children (dozens of syncs are started and killed), the web-mode servers and the
// checks load the same modules again and again; a sync child that finds them compiled uses about a sixth less CPU
// (measured on the tiny world: 2.5 → 2.1 CPU-seconds).
const childEnv = {
  ...process.env,
  PATH: `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH}`,
  NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? path.join(tmpdir(), 'node-compile-cache'),
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
  // Steps with the same `together` run side by side (2 cores; each of these is mostly one thread or waits on I/O),
  // their output kept in test-results/<step>.log and printed whole when the step ends. Inside such a group, the steps
  // with the same `lane` run one after another (a short step follows another instead of adding a third process), and
  // a step marked `whenFree` waits until any lane of its group has ended, then runs in that lane.
  // The two halves of typecheck are two steps, so neither waits for the other while a core is free.
  {
    name: 'typecheck (node)',
    together: 'checks',
    command: 'npm',
    args: ['run', '--silent', 'typecheck:node'],
    count: wholeCheck,
  },
  {
    name: 'typecheck (web)',
    together: 'checks',
    command: 'npm',
    args: ['run', '--silent', 'typecheck:web'],
    count: wholeCheck,
  },
  { name: 'lint', together: 'checks', command: 'npm', args: ['run', '--silent', 'lint'], count: wholeCheck },
  {
    name: 'format',
    together: 'checks',
    command: 'npm',
    args: ['run', '--silent', 'format:check'],
    count: wholeCheck,
  },
  // Doyensec's Electron security scanner over main, preload and renderer: any finding fails it.
  {
    name: 'electronegativity',
    together: 'checks',
    lane: 'scan, then build',
    command: 'node',
    args: ['scripts/electronegativity.js'],
    count: wholeCheck,
  },
  // The build (a few seconds, needed by the integration and e2e suites only) follows the shortest check.
  {
    name: 'build',
    together: 'checks',
    lane: 'scan, then build',
    command: bin('electron-vite'),
    args: ['build'],
    count: wholeCheck,
  },
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
    count: (code) => countVitest(root, report('unit'), code),
  },
  // The integration suite in two halves (each one file at a time) and e2e run side by side, each in its own keychain
  // session, on loopback ports the system picks. None of them keeps a core busy on its own (an integration file is a
  // sync in one thread, or a child process the test waits for; e2e mostly waits for the page): on the 2-core CI
  // machine the three together use about two cores, where integration and e2e alone left close to half idle. The
  // time-shifted run (below) follows whichever ends first.
  {
    name: 'integration (long syncs)',
    together: 'suites',
    keyring: true,
    command: bin('vitest'),
    // The long syncs of the small world (vitest.config.ts), about half of the integration files' time.
    args: [...vitestArgs(report('integration-1')), '--project', 'integration-long'],
    count: (code) => countVitest(root, report('integration-1'), code),
  },
  {
    name: 'integration (the rest)',
    together: 'suites',
    keyring: true,
    command: bin('vitest'),
    args: [
      ...vitestArgs(report('integration-2')),
      '--project',
      'integration',
      '--project',
      'integration-keychain',
    ],
    count: (code) => countVitest(root, report('integration-2'), code),
  },
  {
    name: 'e2e (web mode, desktop)',
    together: 'suites',
    keyring: true,
    command: bin('playwright'),
    // Playwright empties its output folder first: give it its own, so the other reports stay.
    args: ['test', '--pass-with-no-tests', '--output', path.join(resultsDir, 'e2e-artifacts')],
    count: (code) => countPlaywright(root, report('e2e'), code),
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
  together: 'suites',
  whenFree: true,
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
  count: (code) => countVitest(root, report('time-shifted'), code),
});

const running = new Set();
const slug = (step) => step.name.replace(/[^a-z0-9]+/gi, '-');
function readCpu(file) {
  try {
    return Number(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Runs one step; with `logFile`, its output goes there instead of the terminal. Resolves with its exit code and the
 * CPU seconds it used (null where not measured).
 */
function runStep(step, logFile = null) {
  const wrapped =
    step.keyring && process.platform === 'linux'
      ? inKeyringSession(step.command, step.args)
      : { command: step.command, args: step.args, env: childEnv, cleanup: () => {} };
  if (step.env) wrapped.env = { ...wrapped.env, ...step.env };
  // On Linux, through scripts/cpuTime.js: the CPU seconds the step used (its whole process tree) land in a file.
  const cpuFile = path.join(resultsDir, `${slug(step)}.cpu`);
  if (process.platform === 'linux') {
    wrapped.args = [path.join(root, 'scripts', 'cpuTime.js'), cpuFile, wrapped.command, ...wrapped.args];
    wrapped.command = process.execPath;
  }
  const fd = logFile ? openSync(logFile, 'w') : null;
  return new Promise((resolve) => {
    // Its own process group, so a timeout or Ctrl-C ends the runner's workers and servers too.
    const child = spawn(wrapped.command, wrapped.args, {
      cwd: root,
      env: wrapped.env,
      stdio: ['ignore', fd ?? 'inherit', fd ?? 'inherit'],
      detached: true,
    });
    running.add(child);
    const timer = setTimeout(() => {
      console.error(`\n${step.name}: still running after ${stepTimeoutMs / 60_000} min; stopping it.`);
      killGroup(child);
    }, stepTimeoutMs);
    const done = (code) => {
      clearTimeout(timer);
      running.delete(child);
      if (fd !== null) closeSync(fd);
      wrapped.cleanup();
      resolve({ code, cpu: readCpu(cpuFile) });
    };
    child.once('error', (error) => {
      console.error(`${step.name}: could not start ${wrapped.command}: ${error.message}`);
      done(127);
    });
    child.once('exit', (code, signal) => done(code ?? (signal ? 128 : 1)));
  });
}

/** Runs a batch of steps side by side (one alone runs in the terminal); prints each log whole as it ends. */
async function runBatch(batch) {
  if (batch.length === 1) {
    const [step] = batch;
    console.log(`\n===== ${step.name} =====`);
    if (step.command === 'faketime') console.log(`clock moved to ${shifted.at} (TZ ${step.env.TZ})`);
    const t0 = Date.now();
    const { code, cpu } = await runStep(step);
    return [{ name: step.name, seconds: (Date.now() - t0) / 1000, cpu, ...step.count(code) }];
  }
  // Lanes: the steps of one `lane` one after another, each step without a lane alone in its own; the `whenFree` steps
  // wait in a queue, and the first lane to end takes the next of them (so the longer lane is not made longer still).
  const lanes = [];
  const queue = batch.filter((step) => step.whenFree);
  for (const step of batch.filter((s) => !s.whenFree)) {
    const lane = step.lane && lanes.find((l) => l[0].lane === step.lane);
    if (lane) lane.push(step);
    else lanes.push([step]);
  }
  const queued = queue.length ? `; then ${queue.map((s) => s.name).join(', ')} in the first lane free` : '';
  console.log(
    `\n===== side by side: ${lanes.map((lane) => lane.map((s) => s.name).join(' → ')).join(', ')}${queued} =====`,
  );
  const rowOf = new Map();
  await Promise.all(
    lanes.map(async (lane) => {
      for (let step = lane.shift(); step; step = lane.shift() ?? queue.shift()) {
        const log = path.join(resultsDir, `${slug(step)}.log`);
        const t0 = Date.now();
        const { code, cpu } = await runStep(step, log);
        const seconds = (Date.now() - t0) / 1000;
        console.log(
          `\n===== ${step.name} (ended after ${seconds.toFixed(1)} s; ${path.relative(root, log)}) =====`,
        );
        if (step.command === 'faketime') console.log(`clock moved to ${shifted.at} (TZ ${step.env.TZ})`);
        process.stdout.write(readFileSync(log, 'utf8'));
        rowOf.set(step, { name: step.name, seconds, cpu, ...step.count(code) });
      }
    }),
  );
  return batch.map((step) => rowOf.get(step));
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
    for (const child of running) killGroup(child);
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
for (let i = 0; i < steps.length;) {
  const batch = [steps[i++]];
  while (batch[0].together && steps[i]?.together === batch[0].together) batch.push(steps[i++]);
  rows.push(...(await runBatch(batch)));
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
/** A step's CPU seconds, its whole process tree (or blank where not measured). */
function cpuText(cpu) {
  return (cpu === null || cpu === undefined ? '' : `${cpu.toFixed(0)} CPU-s`).padStart(11);
}
console.log('\n===== summary =====');
console.log(`${'preflight'.padEnd(26)} ok      ${preflightSeconds.toFixed(1).padStart(6)} s`);
for (const r of rows) {
  const status = r.failed > 0 ? 'FAILED' : 'ok';
  const counts = `${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`;
  console.log(
    `${r.name.padEnd(26)} ${status.padEnd(7)} ${r.seconds.toFixed(1).padStart(6)} s ${cpuText(r.cpu)}  ${counts}${r.note ? `   (${r.note})` : ''}`,
  );
}
const totalCpu = process.platform === 'linux' ? childrenCpuSeconds() : null;
console.log(
  `total ${((Date.now() - started) / 1000).toFixed(1)} s${totalCpu === null ? '' : `, ${totalCpu.toFixed(0)} CPU-s`} (load average now ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}); reports in test-results/`,
);
printSlowest(root, [
  { stage: 'unit', file: report('unit'), kind: 'vitest' },
  { stage: 'integration', file: report('integration-1'), kind: 'vitest' },
  { stage: 'integration', file: report('integration-2'), kind: 'vitest' },
  { stage: 'e2e', file: report('e2e'), kind: 'playwright' },
  { stage: 'time-shifted', file: report('time-shifted'), kind: 'vitest' },
]);
console.log(
  `${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`,
);
process.exitCode = total.failed > 0 ? 1 : 0;
