// Web mode's finished exports, held briefly under an unguessable id until the page downloads them (once each).
import { randomBytes } from 'node:crypto';

export interface Download {
  fileName: string;
  mime: string;
  bytes: Buffer;
}

export interface DownloadShelf {
  /** Keeps the file and returns the id the download URL carries. */
  put(download: Download): string;
  /** The file, removed from the shelf (a second request for the same id finds nothing). */
  take(id: string): Download | null;
}

export function createDownloadShelf(
  options: { ttlMs?: number; maxFiles?: number; now?: () => number } = {},
): DownloadShelf {
  const ttl = options.ttlMs ?? 5 * 60_000;
  const maxFiles = options.maxFiles ?? 16;
  const now = options.now ?? Date.now;
  const shelf = new Map<string, Download & { expires: number }>();
  const prune = (): void => {
    const t = now();
    for (const [id, d] of shelf) if (d.expires <= t) shelf.delete(id);
    // The oldest go first when too many wait (Map keeps insertion order).
    while (shelf.size >= maxFiles) shelf.delete(shelf.keys().next().value ?? '');
  };
  return {
    put(download) {
      prune();
      const id = randomBytes(24).toString('base64url');
      shelf.set(id, { ...download, expires: now() + ttl });
      return id;
    },
    take(id) {
      const d = shelf.get(id);
      shelf.delete(id);
      if (!d || d.expires <= now()) return null;
      return { fileName: d.fileName, mime: d.mime, bytes: d.bytes };
    },
  };
}
