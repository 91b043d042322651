// The desktop's way to pick where an export goes: the native save dialog (injected), opened in the last folder used.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';

/** The part of Electron's `dialog.showSaveDialog` this needs (the shell passes the real one). */
export type ShowSaveDialog = (options: {
  title: string;
  defaultPath: string;
  filters: { name: string; extensions: string[] }[];
}) => Promise<{ canceled: boolean; filePath?: string | undefined }>;

/** Asks where to save a file named `suggestedName`; null when the user cancels. */
export type ChooseExportPath = (suggestedName: string) => Promise<string | null>;

const kinds: Record<string, string> = {
  png: 'PNG image',
  svg: 'SVG image',
  pdf: 'PDF document',
  csv: 'CSV table',
  xlsx: 'Excel workbook',
  html: 'HTML report',
};

function readLastFolder(statePath: string): string | null {
  try {
    const parsed: unknown = JSON.parse(readFileSync(statePath, 'utf8'));
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'folder' in parsed &&
      typeof parsed.folder === 'string'
    )
      return parsed.folder;
  } catch {
    // No folder remembered yet.
  }
  return null;
}

/** The last folder is remembered in memory and in `statePath` (a small JSON file), so it survives a restart. */
export function createSaveDialogChooser(deps: {
  showSaveDialog: ShowSaveDialog;
  defaultFolder: string;
  statePath: string;
}): ChooseExportPath {
  let lastFolder = readLastFolder(deps.statePath);
  return async (suggestedName) => {
    const extension = extname(suggestedName).slice(1).toLowerCase();
    const answer = await deps.showSaveDialog({
      title: 'Export',
      defaultPath: join(lastFolder ?? deps.defaultFolder, suggestedName),
      filters: [{ name: kinds[extension] ?? extension.toUpperCase(), extensions: [extension] }],
    });
    if (answer.canceled || !answer.filePath) return null;
    lastFolder = dirname(answer.filePath);
    try {
      mkdirSync(dirname(deps.statePath), { recursive: true });
      writeFileSync(deps.statePath, JSON.stringify({ folder: lastFolder }));
    } catch {
      // Remembering the folder is a convenience; the export itself goes on.
    }
    return answer.filePath;
  };
}
