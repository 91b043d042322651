// `npm start`: build the app, then open the desktop app where Electron's binary is present, else web mode.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readElectronInstallReason, retryAdvice } from './electronInstallNote.js';
import { readSandboxFacts, sandboxProblem } from './linuxSandbox.ts';
import { startPlan } from './startPlan.ts';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const require = createRequire(import.meta.url);

let electronBinary = null;
try {
  const electronDir = dirname(require.resolve('electron/package.json'));
  // the package's main export is the binary's path; path.txt exists once the binary was downloaded
  if (existsSync(join(electronDir, 'path.txt'))) electronBinary = require('electron');
} catch {
  // electron is a devDependency; without it, web mode is the only way.
}
// `npm start -- --port 4100`: the options after `--` are checked before the build and go to web mode.
// Without the binary, say why (as postinstall found it after `npm ci`) and how to get it. On Linux, a binary whose
// sandbox cannot start would abort at once: say why and how to allow it, and use web mode meanwhile.
const sandbox =
  electronBinary && process.platform === 'linux'
    ? sandboxProblem(readSandboxFacts(electronBinary), join(dirname(electronBinary), 'chrome-sandbox'))
    : null;
const unavailable = electronBinary
  ? sandbox
  : `Electron is not installed on this machine (${readElectronInstallReason(root) ?? 'its download did not run'}; ${retryAdvice})`;
const plan = startPlan(process.argv.slice(2), sandbox ? null : electronBinary, root, unavailable);
if (plan.kind === 'print') {
  (plan.exitCode === 0 ? process.stdout : process.stderr).write(plan.text);
  process.exit(plan.exitCode);
}

if (plan.note) console.log(plan.note);
console.log('Building Feedback Desk…');
const build = spawnSync(
  process.execPath,
  [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build', '--logLevel', 'warn'],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
if (build.status !== 0) {
  console.error('feedback-desk: the build failed (see above); nothing was started.');
  process.exit(build.status ?? 1);
}

/** Runs a child to completion and exits with its code. Ctrl+C reaches the child from the terminal directly
 * (same process group), so SIGINT is only kept from killing this parent first; SIGTERM is passed on. */
function runToEnd(command, args, env) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  child.on('error', (error) => {
    console.error(`feedback-desk: could not start ${command}: ${error.message}`);
    process.exit(1);
  });
}

const env = { ...process.env };
if (plan.mode === 'desktop') delete env.ELECTRON_RUN_AS_NODE;
runToEnd(plan.command, plan.args, env);
