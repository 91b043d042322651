// The desktop's save dialog for exports: Electron's dialog.showSaveDialog, opened in the last folder an export used.
import { join } from 'node:path';
import { app, BrowserWindow, dialog } from 'electron';
import { createSaveDialogChooser, type ChooseExportPath } from '../export/saveDialog.ts';

/** The folder is remembered in `<dataFolder>/export-folder.json`; the first dialog opens in Documents. */
export function desktopExportChooser(dataFolder: string): ChooseExportPath {
  return createSaveDialogChooser({
    showSaveDialog: (options) => {
      const window = BrowserWindow.getFocusedWindow();
      return window ? dialog.showSaveDialog(window, options) : dialog.showSaveDialog(options);
    },
    defaultFolder: app.getPath('documents'),
    statePath: join(dataFolder, 'export-folder.json'),
  });
}
