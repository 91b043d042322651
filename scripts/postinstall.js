// Postinstall: fetch the Electron binary where the network allows it, then say in one line what happened, why and
// what to do; the reason is kept (node_modules/.cache/feedback-desk/electron-install.json) for `npm start` to repeat.
// package.json's allowScripts keeps electron's own download script from failing `npm ci`; this never fails it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { electronInstallNotePath, retryAdvice } from './electronInstallNote.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.dirname(here);
const requireFrom = createRequire(import.meta.url);
const notePath = electronInstallNotePath(root);

let electronDir;
try {
  electronDir = path.dirname(requireFrom.resolve('electron/package.json'));
} catch {
  process.exit(0); // a production install (no devDependencies): nothing to download
}
const version = JSON.parse(readFileSync(path.join(electronDir, 'package.json'), 'utf8')).version;
const timeoutSeconds = Number(process.env.FEEDBACK_DESK_ELECTRON_DOWNLOAD_TIMEOUT) || 900;

/** Says the outcome in one line; a failure's reason is kept for `npm start`, a success clears an old one. */
function finish(line, note) {
  if (note) {
    mkdirSync(path.dirname(notePath), { recursive: true });
    writeFileSync(notePath, `${JSON.stringify({ version, ...note })}\n`);
  } else rmSync(notePath, { force: true });
  console.log(`feedback-desk: ${line}`);
  process.exit(0);
}

if (existsSync(path.join(electronDir, 'path.txt')))
  finish(`Electron ${version} is installed; \`npm start\` opens the desktop app.`, null);
if (process.env.FEEDBACK_DESK_SKIP_ELECTRON_DOWNLOAD) {
  const reason = 'its download was skipped (FEEDBACK_DESK_SKIP_ELECTRON_DOWNLOAD is set)';
  finish(
    `Electron ${version} is not installed: ${reason}. Only web mode works (\`npm start\`); ${retryAdvice}.`,
    {
      reason,
    },
  );
}

// Node's fetch (which @electron/get uses) takes a proxy from HTTPS_PROXY only when asked, and the OS certificate
// store only with --use-system-ca: both matter behind a company gateway.
// npm's own proxy setting (npm config set https-proxy …) reaches scripts as npm_config_https_proxy.
const npmProxy = process.env.npm_config_https_proxy || process.env.npm_config_proxy;
const envProxy = process.env.HTTPS_PROXY || process.env.https_proxy || process.env.HTTP_PROXY;
const proxyEnv = envProxy
  ? { NODE_USE_ENV_PROXY: '1' }
  : npmProxy
    ? { NODE_USE_ENV_PROXY: '1', HTTPS_PROXY: npmProxy }
    : {};
const result = spawnSync(
  process.execPath,
  [
    '--use-system-ca',
    '--import',
    pathToFileURL(path.join(here, 'electronFetchCause.js')).href,
    path.join(electronDir, 'install.js'),
  ],
  {
    stdio: 'pipe',
    encoding: 'utf8',
    timeout: timeoutSeconds * 1000,
    env: { ...process.env, ...proxyEnv, ELECTRON_GET_NO_PROGRESS: '1' },
  },
);
if (result.status === 0 && existsSync(path.join(electronDir, 'path.txt')))
  finish(`Electron ${version} downloaded; \`npm start\` opens the desktop app.`, null);

const proxy = envProxy || npmProxy;
const reason = proxy
  ? failureReason(result).replace(
      /^the download/,
      `the download through the proxy ${withoutCredentials(proxy)}`,
    )
  : failureReason(result);
finish(
  `Electron ${version} is not installed: ${reason}. Only web mode works on this machine (\`npm start\`); ${retryAdvice}${hint(reason)}.`,
  { reason },
);

/** What went wrong, from the child's end and the first line of its error (install.js prints the stack). */
function failureReason(child) {
  if (child.error?.code === 'ETIMEDOUT' || child.signal === 'SIGTERM')
    return `the download did not finish within ${timeoutSeconds} s`;
  if (child.error) return `its install script could not run (${child.error.message})`;
  const first = (child.stderr || child.stdout || '')
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line.length > 0);
  if (!first) return `its install script ended with code ${child.status} and no message`;
  const detail = first.replace(/^(Type|HTTP)?Error: /, '');
  const host = /ENOTFOUND (\S+)/.exec(detail)?.[1];
  if (host) return `the download failed: ${host} could not be found, no internet or DNS here (${detail})`;
  if (/ECONNREFUSED/.test(detail)) return `the download failed: the connection was refused (${detail})`;
  if (/CERT|certificate|self[- ]signed/i.test(detail))
    return `the download failed: the server's certificate is not trusted here (${detail})`;
  return `the download failed (${detail})`;
}

/** A proxy's address for a message: never the user name and password it may carry. */
function withoutCredentials(address) {
  try {
    return new URL(address).origin;
  } catch {
    return '(an address that is not a URL)';
  }
}

/** A next step for the usual causes: no route (proxy), an untrusted certificate (company CA), a mirror's 404. */
function hint(reason) {
  if (
    !proxy &&
    /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|did not finish/.test(
      reason,
    )
  )
    return ' (behind a proxy: HTTPS_PROXY=http://host:port NODE_USE_ENV_PROXY=1 npx install-electron)';
  if (/CERT|certificate|self[- ]signed/i.test(reason))
    return ' (behind a TLS-inspecting gateway: NODE_EXTRA_CA_CERTS=company-ca.pem npx install-electron)';
  if (/Response code 404/.test(reason) && process.env.ELECTRON_MIRROR)
    return ` (ELECTRON_MIRROR=${process.env.ELECTRON_MIRROR} has no Electron ${version})`;
  return '';
}
