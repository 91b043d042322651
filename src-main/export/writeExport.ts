// Writes an exported file all-or-nothing: checked path, a temporary file beside it, then a rename onto the name.
import { randomBytes } from 'node:crypto';
import { linkSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

/** Why an export could not be written, as one sentence for the user. */
export class ExportPathError extends Error {
  override name = 'ExportPathError';
}

function statOrNull(path: string): ReturnType<typeof statSync> | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

const codeOf = (error: unknown): string =>
  error instanceof Error && 'code' in error ? String(error.code) : '';

const existsSentence = (target: string): string =>
  `${target} already exists; choose another name, or pass --force to replace it.`;

/** The checks made before any work (and again before writing): the folder exists and the name is free. */
export function checkExportPath(
  path: string,
  options: { force?: boolean } = {},
): { target: string; folder: string } {
  const target = resolve(path);
  const folder = dirname(target);
  const folderStat = statOrNull(folder);
  if (!folderStat)
    throw new ExportPathError(`The folder ${folder} does not exist; create it first or choose another.`);
  if (!folderStat.isDirectory())
    throw new ExportPathError(`${folder} is not a folder; choose another place to save.`);
  const existing = statOrNull(target);
  if (existing?.isDirectory())
    throw new ExportPathError(
      `${target} is a folder; give a file name such as ${join(target, 'export.png')}.`,
    );
  if (existing && !options.force) throw new ExportPathError(existsSentence(target));
  return { target, folder };
}

/**
 * Writes `bytes` to `path`. Refuses a folder, a missing folder, an existing file (unless `force`) and an
 * unwritable folder with one sentence; on any failure nothing is left behind (the temporary file is removed).
 */
export function writeExportFile(path: string, bytes: Uint8Array, options: { force?: boolean } = {}): string {
  const { target, folder } = checkExportPath(path, options);
  const temp = join(folder, `.${basename(target)}.${randomBytes(6).toString('hex')}.part`);
  try {
    writeFileSync(temp, bytes, { flag: 'wx' });
    if (options.force) renameSync(temp, target);
    else {
      // Without force, a file that appeared meanwhile is never replaced: a hard link fails if the name is taken.
      try {
        linkSync(temp, target);
      } catch (error) {
        // A file system without hard links: check once more, then rename.
        if (codeOf(error) === 'EEXIST' || statOrNull(target)) throw error;
        renameSync(temp, target);
      }
      rmSync(temp, { force: true });
    }
  } catch (error) {
    rmSync(temp, { force: true });
    const code = codeOf(error);
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS')
      throw new ExportPathError(
        `Feedback Desk may not write in ${folder}; choose a folder you can write to.`,
      );
    if (code === 'EEXIST') throw new ExportPathError(existsSentence(target));
    if (code === 'ENOSPC')
      throw new ExportPathError(`The disk holding ${folder} is full; free space or choose another.`);
    throw error;
  }
  return target;
}
