// The sync thread: runs one SyncRequest and reports progress, retries, pacing and the outcome to its parent.
import { parentPort, workerData } from 'node:worker_threads';
import { runSyncRequest, serialiseError } from './syncRunner.ts';
import type { RunnerReply, SyncRequest } from './syncRunner.ts';

const port = parentPort;
if (!port) throw new Error('syncRunnerThread.ts runs as a worker thread only');
const { request } = workerData as { request: SyncRequest };
const controller = new AbortController();
port.on('message', (m: unknown) => {
  if (m === 'cancel') controller.abort();
});
const post = (m: RunnerReply): void => port.postMessage(m);

try {
  const { summary, error } = await runSyncRequest(request, {
    signal: controller.signal,
    onProgress: (progress) => post({ progress }),
    onRetry: (retry) => post({ retry }),
    onPace: (pace) => post({ pace }),
  });
  post({ summary, error: error === null ? null : serialiseError(error) });
} catch (error) {
  port.postMessage({ failed: serialiseError(error) });
}
port.close();
