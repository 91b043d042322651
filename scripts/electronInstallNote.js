// Why Electron's binary is missing, as postinstall.js found it: kept in node_modules/.cache for `npm start`.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** How to try again; the same words after `npm ci` and from `npm start`. */
export const retryAdvice = '`npx install-electron` retries the download';

export function electronInstallNotePath(root) {
  return path.join(root, 'node_modules', '.cache', 'feedback-desk', 'electron-install.json');
}

/** The reason the last `npm ci` gave, or null when none was kept (e.g. installed with --ignore-scripts). */
export function readElectronInstallReason(root) {
  try {
    const note = JSON.parse(readFileSync(electronInstallNotePath(root), 'utf8'));
    return typeof note.reason === 'string' && note.reason.length > 0 ? note.reason : null;
  } catch {
    return null;
  }
}
