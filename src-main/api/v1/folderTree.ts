// The whole v1 folder tree with its surveys: folders and folders/:key (two levels per call) until every branch ends.
import { invalid } from '../validate.ts';
import type { V1Client } from './client.ts';
import type { V1Folder } from './records.ts';
import type { V1TreeFolder } from '../../core/records/v1.ts';
export type { V1TreeFolder } from '../../core/records/v1.ts';

/** Levels below the requested folder that one folders call returns (api-v1.md §8). */
const levelsPerCall = 2;

/**
 * Every folder below (and including) the company root, or `rootKey`, parents before children, with surveys.
 * A folder at the two-level cut of a call comes without `folders` whether or not it has sub-folders, so it is
 * asked for again with folders/:key — unless it has surveys: only leaf folders hold surveys (api-v1.md §1).
 */
export async function walkFolderTree(
  client: V1Client,
  options: { rootKey?: number; signal?: AbortSignal } = {},
): Promise<V1TreeFolder[]> {
  const query = { surveys: true, ...(options.signal ? { signal: options.signal } : {}) };
  const out: V1TreeFolder[] = [];
  const seen = new Set<number>();
  const endpoint = options.rootKey === undefined ? 'folders' : 'folders/:key';

  async function visit(
    folder: V1Folder,
    parentKey: number | null,
    depth: number,
    level: number,
  ): Promise<void> {
    if (seen.has(folder.key))
      throw invalid(
        { endpoint },
        `folder ${folder.key} appears twice in the tree; the tree cannot be walked`,
      );
    seen.add(folder.key);
    const surveys = folder.surveys ?? [];
    out.push({ key: folder.key, name: folder.name, parentKey, depth, surveys });
    let children = folder.folders;
    if (children === null && level >= levelsPerCall && surveys.length === 0) {
      const again = await client.folder(folder.key, query);
      if (again.key !== folder.key)
        throw invalid(
          { endpoint: 'folders/:key' },
          `asked for folder ${folder.key}, got folder ${again.key}`,
        );
      children = again.folders;
      level = 0;
    }
    for (const child of children ?? []) await visit(child, folder.key, depth + 1, level + 1);
  }

  const root =
    options.rootKey === undefined
      ? await client.rootFolder(query)
      : await client.folder(options.rootKey, query);
  await visit(root, null, 0, 0);
  return out;
}
