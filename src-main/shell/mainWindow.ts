// The one application window.
import { BrowserWindow } from 'electron';
import { windowWebPreferences } from './policy.ts';

export function createMainWindow(options: { preloadPath: string; url: string }): BrowserWindow {
  const window = new BrowserWindow({
    width: 1320,
    height: 860,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Feedback Desk',
    backgroundColor: '#f5f6f8',
    webPreferences: windowWebPreferences(options.preloadPath),
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(options.url);
  return window;
}
