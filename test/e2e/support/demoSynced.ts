// Waiting for the whole demo: with newest first the views open on the recent days while the rest goes on syncing;
// the demo's last step is the check against the emulator's counts, kept in its file (plain SQL, read-only).
import { expect } from '@playwright/test';
import Database from 'better-sqlite3';

/** How many checks against the service the file keeps (0 while the file or its table is not there yet). */
function checksKept(storePath: string): number {
  try {
    const db = new Database(storePath, { readonly: true, fileMustExist: true });
    try {
      return Number(db.prepare('SELECT count(*) FROM sync_verification').pluck().get());
    } finally {
      db.close();
    }
  } catch {
    return 0;
  }
}

/** Resolves once the demo's sync has ended with its check (everything is in the file by then). */
export async function demoSynced(storePath: string, timeout = 900_000): Promise<void> {
  await expect.poll(() => checksKept(storePath), { timeout, intervals: [2_000] }).toBeGreaterThan(0);
}
