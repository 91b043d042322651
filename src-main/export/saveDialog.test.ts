// The save dialog chooser: opens in Documents first, then in the last folder used, remembered across restarts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createSaveDialogChooser, type ShowSaveDialog } from './saveDialog.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fd-dialog-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('remembers the folder of the last export, also in a new session; a cancel changes nothing', async () => {
  const shown: Parameters<ShowSaveDialog>[0][] = [];
  const answers: { canceled: boolean; filePath?: string }[] = [
    { canceled: false, filePath: '/home/ana/Reports/q3.png' },
    { canceled: true },
    { canceled: false, filePath: '/home/ana/Reports/q3.csv' },
  ];
  const showSaveDialog: ShowSaveDialog = async (options) => {
    shown.push(options);
    return answers.shift() ?? { canceled: true };
  };
  const statePath = join(dir, 'export-folder.json');
  const choose = createSaveDialogChooser({ showSaveDialog, defaultFolder: '/home/ana/Documents', statePath });
  expect(await choose('trend.png')).toBe('/home/ana/Reports/q3.png');
  expect(await choose('trend.pdf')).toBeNull();
  // A new chooser (the app restarted) reads the folder back.
  const again = createSaveDialogChooser({ showSaveDialog, defaultFolder: '/home/ana/Documents', statePath });
  expect(await again('rows.csv')).toBe('/home/ana/Reports/q3.csv');
  expect(shown.map((s) => s.defaultPath)).toEqual([
    '/home/ana/Documents/trend.png',
    '/home/ana/Reports/trend.pdf',
    '/home/ana/Reports/rows.csv',
  ]);
  expect(shown[0]?.filters).toEqual([{ name: 'PNG image', extensions: ['png'] }]);
});
