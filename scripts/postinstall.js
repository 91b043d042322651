// Postinstall: fetch the Electron binary where the network allows it; otherwise say web mode only.
// package.json's allowScripts keeps electron's own download script from failing `npm ci`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
let electronDir;
try {
  electronDir = path.dirname(require.resolve('electron/package.json'));
} catch {
  process.exit(0);
}
if (process.env.FEEDBACK_DESK_SKIP_ELECTRON_DOWNLOAD || existsSync(path.join(electronDir, 'path.txt'))) {
  process.exit(0);
}
const result = spawnSync(process.execPath, [path.join(electronDir, 'install.js')], {
  stdio: 'pipe',
  timeout: 120_000,
  encoding: 'utf8',
});
if (result.status === 0 && existsSync(path.join(electronDir, 'path.txt'))) {
  console.log('feedback-desk: Electron binary installed; `npm start` opens the desktop app.');
} else {
  console.log(
    'feedback-desk: the Electron binary could not be downloaded here; only web mode is available on this machine (`npm start` opens it).',
  );
}
process.exit(0);
