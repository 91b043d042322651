// The app's name and version as exported files print them (read once from the project's package.json).
import { readFileSync } from 'node:fs';

export interface AppInfo {
  name: string;
  version: string;
}

let info: AppInfo | null = null;

/**
 * From src-main/export/ and from the built out/main/ alike, the package file is two folders up; when it cannot be
 * read (an unusual packaging) the version says so rather than failing the export.
 */
export function appInfo(): AppInfo {
  if (info) return info;
  let version = 'unknown version';
  try {
    const parsed: unknown = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'version' in parsed &&
      typeof parsed.version === 'string'
    )
      version = parsed.version;
  } catch {
    // Keep 'unknown version'.
  }
  info = { name: 'Feedback Desk', version };
  return info;
}
