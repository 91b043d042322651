// The window icon's file inside the app (electron-free, so packaging.test.ts checks electron-builder.yml packs it).
import { join } from 'node:path';

/** Relative to the app's root (the project folder, or app.asar): a PNG made by `npm run icons`. */
export const windowIconFile = 'resources/icon.png';

/**
 * The BrowserWindow `icon` for Linux (title bar, task switcher) and Windows (task bar before the installer's
 * shortcut exists); null on macOS, where the bundle's icon.icns is the only icon. Electron reads it inside app.asar.
 */
export function windowIconPath(appPath: string, platform: NodeJS.Platform): string | null {
  return platform === 'darwin' ? null : join(appPath, ...windowIconFile.split('/'));
}
