// A stand-in for the `electron` module, for tests only: the built main process (out/main/index.js) runs on plain
// Node with this in Electron's place (register.ts), its windows are pages of Debian's Chromium, and the test steers
// what a user would (dialogs, menu) through control.ts. docs/DESKTOP-TESTS.md says what it covers and what it cannot.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { app } from './app.ts';
import { defaultSession, protocol } from './browser.ts';
import { askTest, report } from './control.ts';
import { Menu, MenuItem } from './menu.ts';
import { BrowserWindow, ipcMain, screen } from './window.ts';

export { app, BrowserWindow, ipcMain, Menu, MenuItem, protocol, screen };

export const session = { defaultSession, fromPartition: () => defaultSession };

/** Electron's net.fetch goes through Chromium's network stack; here it is Node's fetch. */
export const net = { fetch: (input: string | URL | Request, init?: RequestInit) => fetch(input, init) };

/** The optional window argument Electron's dialog functions take first. */
function withoutWindow(args: unknown[]): unknown {
  return args[0] instanceof BrowserWindow ? args[1] : args[0];
}

export const dialog = {
  async showSaveDialog(...args: unknown[]): Promise<{ canceled: boolean; filePath: string }> {
    const filePath = await askTest('save', withoutWindow(args), null);
    return typeof filePath === 'string' ? { canceled: false, filePath } : { canceled: true, filePath: '' };
  },
  async showOpenDialog(...args: unknown[]): Promise<{ canceled: boolean; filePaths: string[] }> {
    const filePaths = await askTest('open', withoutWindow(args), null);
    return Array.isArray(filePaths) ? { canceled: false, filePaths } : { canceled: true, filePaths: [] };
  },
  async showMessageBox(...args: unknown[]): Promise<{ response: number; checkboxChecked: boolean }> {
    const response = await askTest('message', withoutWindow(args), 0);
    return { response: typeof response === 'number' ? response : 0, checkboxChecked: false };
  },
  showErrorBox(title: string, content: string): void {
    console.error(`${title}: ${content}`);
    report({ type: 'dialog', id: 0, kind: 'error', options: { title, content } });
  },
};

function recordShell(method: string, args: unknown[]): void {
  report({ type: 'shell', method, args });
}
export const shell = {
  openExternal: async (url: string): Promise<void> => recordShell('openExternal', [url]),
  openPath: async (path: string): Promise<string> => (recordShell('openPath', [path]), ''),
  showItemInFolder: (path: string): void => recordShell('showItemInFolder', [path]),
  trashItem: async (path: string): Promise<void> => recordShell('trashItem', [path]),
  beep: (): void => recordShell('beep', []),
};

/** Encrypts for real (AES-256-GCM) with a key tied to the user-data folder, so a relaunch on it decrypts. */
const key = createHash('sha256')
  .update(`electron-stand-in:${app.getPath('userData')}`)
  .digest();
export const safeStorage = {
  isEncryptionAvailable: (): boolean => true,
  getSelectedStorageBackend: (): string => 'gnome_libsecret',
  encryptString(plain: string): Buffer {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]);
  },
  decryptString(blob: Buffer): string {
    const decipher = createDecipheriv('aes-256-gcm', key, blob.subarray(0, 12));
    decipher.setAuthTag(blob.subarray(12, 28));
    return Buffer.concat([decipher.update(blob.subarray(28)), decipher.final()]).toString('utf8');
  },
};

/** Preload-only modules: the page host (pageHost.ts) provides them; main must not use them. */
const rendererOnly = (name: string): object =>
  new Proxy(
    {},
    {
      get: () => {
        throw new Error(`electron.${name} is available in a preload only`);
      },
    },
  );
export const contextBridge = rendererOnly('contextBridge');
export const ipcRenderer = rendererOnly('ipcRenderer');

export default {
  app,
  BrowserWindow,
  contextBridge,
  dialog,
  ipcMain,
  ipcRenderer,
  Menu,
  MenuItem,
  net,
  protocol,
  safeStorage,
  screen,
  session,
  shell,
};
