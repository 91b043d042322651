// Maps a URL path to a file of the built renderer (out/renderer), refusing anything outside it.
import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';

const contentTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

export interface StaticFile {
  body: Buffer;
  contentType: string;
}

/** The file for `pathname` (already URL-decoded or not), or null for anything missing, hidden, or outside `root`. */
export async function readStaticFile(root: string, pathname: string): Promise<StaticFile | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const relative = decoded === '/' ? 'index.html' : decoded.replace(/^\/+/, '');
  const segments = relative.split('/');
  // No '..', no empty segments, no dot-files.
  if (segments.some((s) => s === '' || s.startsWith('.'))) return null;
  const contentType = contentTypes[extname(relative).toLowerCase()];
  if (!contentType) return null;
  try {
    const realRoot = await realpath(root);
    const file = await realpath(join(realRoot, ...segments));
    if (!file.startsWith(realRoot + sep)) return null; // a symlink out of the root
    if (!(await stat(file)).isFile()) return null;
    return { body: await readFile(file), contentType };
  } catch {
    return null;
  }
}
