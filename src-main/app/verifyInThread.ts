// The check against the service's counts on a worker thread (verifyThread.ts) with a bounded heap, so the main
// process stays small and free; null when no thread can start (e.g. a bundled build without the module): the caller
// then checks on its own thread.
import { Worker } from 'node:worker_threads';
import type { NetworkSettings } from '../api/network.ts';
import { reviveError } from '../sync/syncRunner.ts';
import type { SerialError } from '../sync/syncRunner.ts';
import type { VerifyResult } from '../sync/v2Verify.ts';
import { threadModuleUrl } from '../threadModule.ts';

/** What the thread needs (plain data: it crosses a thread boundary). */
export interface VerifyRequest {
  path: string;
  migrationsDir?: string;
  baseUrl: string;
  token: string;
  network?: NetworkSettings;
  /** The instant the check counts from (ISO). */
  now: string;
  since?: string;
  until?: string;
  scope?: number[];
}

type Reply = { result: VerifyResult } | { failed: SerialError };

/** Resolves with the check's result; rejects with its failure as the check would have thrown it on this thread. */
export async function verifyInThread(
  request: VerifyRequest,
  signal?: AbortSignal,
): Promise<VerifyResult | null> {
  let worker: Worker;
  try {
    worker = new Worker(threadModuleUrl('verifyThread', import.meta.url), {
      workerData: request,
      // Its reads leave a row per press behind: a small young generation collects them cheaply.
      resourceLimits: { maxYoungGenerationSizeMb: 12, maxOldGenerationSizeMb: 256 },
    });
  } catch {
    return null;
  }
  const cancel = (): void => worker.postMessage('cancel');
  signal?.addEventListener('abort', cancel, { once: true });
  if (signal?.aborted) cancel();
  try {
    return await new Promise<VerifyResult>((resolve, reject) => {
      let answered = false;
      worker.once('message', (m: Reply) => {
        answered = true;
        if ('result' in m) resolve(m.result);
        else reject(reviveError(m.failed));
      });
      worker.once('error', reject);
      worker.once('exit', (code) => {
        if (!answered) reject(new Error(`the check's thread stopped unexpectedly (${code})`));
      });
    });
  } finally {
    signal?.removeEventListener('abort', cancel);
  }
}
