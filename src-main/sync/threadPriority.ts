// The sync's own threads step back once the views are open: the history fills in behind the app's answers, not
// ahead of them (Linux: this thread's nice value, through /proc/thread-self; elsewhere nothing changes).
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { isMainThread } from 'node:worker_threads';

/** The nice value of a sync thread in the background (0 is the app's own; 19 the lowest). */
export const backgroundNice = 10;

/**
 * Lowers the calling thread's scheduling priority to `backgroundNice`, for this thread only (Linux applies a
 * thread id's nice value to that thread alone). Never on the main thread (a sync that fell back to it shares it
 * with the app); true when it was lowered.
 */
export function backgroundThisThread(): boolean {
  if (isMainThread || process.platform !== 'linux') return false;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    if (!Number.isInteger(tid) || tid <= 0) return false;
    setPriority(tid, backgroundNice);
    return true;
  } catch {
    return false; // no /proc, or not permitted: the sync goes on at its priority
  }
}
