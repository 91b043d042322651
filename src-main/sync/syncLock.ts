// One sync per data file: a lock file beside it (`<file>.sync-lock`) naming the process that holds it. A lock left
// by a process that no longer runs (killed, crashed) is taken over.
import {
  closeSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';

interface Holder {
  pid: number;
  host: string;
  startedAt: string;
}

export class SyncLockedError extends Error {
  override name = 'SyncLockedError';
  readonly holder: Holder | null;
  constructor(path: string, holder: Holder | null) {
    super(
      `Another sync is already writing to ${path}${holder ? ` (process ${holder.pid} on ${holder.host}, started ${holder.startedAt})` : ''}. Wait for it to finish or stop it, then try again; two syncs never write to one file at once.`,
    );
    this.holder = holder;
  }
}

export interface SyncLock {
  release(): void;
}

export function lockPathOf(storePath: string): string {
  return `${storePath}.sync-lock`;
}

function readHolder(path: string): Holder | null {
  try {
    const h = JSON.parse(readFileSync(path, 'utf8')) as Partial<Holder>;
    return typeof h.pid === 'number' && typeof h.host === 'string' && typeof h.startedAt === 'string'
      ? { pid: h.pid, host: h.host, startedAt: h.startedAt }
      : null;
  } catch {
    return null;
  }
}

/**
 * The lock file's age by the file system's own clock (a probe written beside it now), not this process's: the folder
 * may be shared with a machine whose clock differs, and the process's clock may be moved (tests run it far away).
 */
function ageMs(path: string): number {
  const probe = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.probe`;
  try {
    writeFileSync(probe, '');
    return statSync(probe).mtimeMs - statSync(path).mtimeMs;
  } catch {
    return Infinity;
  } finally {
    rmSync(probe, { force: true });
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // exists, but is someone else's
  }
}

/**
 * Whether a sync holds the file's lock right now (a live process on this machine, or any process on another
 * machine sharing the folder, which cannot be checked and so counts as live).
 */
export function syncRunning(storePath: string): Holder | null {
  const holder = readHolder(lockPathOf(storePath));
  if (!holder) return null;
  return holder.host !== hostname() || alive(holder.pid) ? holder : null;
}

/** Takes the file's sync lock or throws SyncLockedError. In-memory stores need none. */
export function acquireSyncLock(storePath: string, now: () => Date = () => new Date()): SyncLock {
  if (storePath === ':memory:' || storePath === '') return { release: () => undefined };
  const path = lockPathOf(storePath);
  const mine: Holder = { pid: process.pid, host: hostname(), startedAt: now().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(path, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(path);
      // A lock without a readable holder is being written right now, unless it is old (its writer died first).
      if (holder === null && ageMs(path) < 10_000) throw new SyncLockedError(storePath, null);
      if (holder !== null && syncRunning(storePath)) throw new SyncLockedError(storePath, holder);
      try {
        unlinkSync(path);
      } catch {
        // Another process took it over first: try again, and meet its lock.
      }
      continue;
    }
    try {
      writeSync(fd, JSON.stringify(mine));
    } finally {
      closeSync(fd);
    }
    return {
      release() {
        const holder = readHolder(path);
        if (holder && holder.pid === mine.pid && holder.startedAt === mine.startedAt)
          try {
            unlinkSync(path);
          } catch {
            // Already gone.
          }
      },
    };
  }
  throw new SyncLockedError(storePath, readHolder(path));
}
