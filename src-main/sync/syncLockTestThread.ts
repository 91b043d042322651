// A thread for syncLock.test.ts: takes the lock of the file it is given and says whether it got it, then holds it
// until told to let go (or until the test ends the thread).
import { parentPort, workerData } from 'node:worker_threads';
import { SyncLockedError, acquireSyncLock } from './syncLock.ts';

const { path } = workerData as { path: string };
try {
  const lock = acquireSyncLock(path, () => new Date('2026-03-04T05:06:07Z'));
  parentPort?.postMessage('held');
  parentPort?.on('message', () => {
    lock.release();
    parentPort?.postMessage('released');
  });
} catch (error) {
  parentPort?.postMessage(
    error instanceof SyncLockedError ? `refused: ${error.message}` : `error: ${String(error)}`,
  );
}
