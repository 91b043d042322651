// The report pack's threads, seen from the caller: start one on the store, send it nodes one at a time, close it.
import { Worker } from 'node:worker_threads';
import { threadModuleUrl, threadReady } from '../threadModule.ts';
import type { PackNode } from './packPlan.ts';
import type { PackJob } from './packReport.ts';
import type { PackThreadReply } from './reportPackThread.ts';

export interface Drawer {
  draw(node: PackNode): Promise<void>;
  close(): Promise<void>;
}

/** A thread that draws the reports it is sent, one at a time. */
export async function startPackThread(storePath: string, job: PackJob): Promise<Drawer> {
  const worker = new Worker(threadModuleUrl('reportPackThread', import.meta.url), {
    workerData: { storePath, job },
  });
  await threadReady(worker, 'the report thread', (m) => new Error(String(m)));
  return {
    draw: (node) =>
      new Promise<void>((done, fail) => {
        const onMessage = (reply: PackThreadReply): void => {
          off();
          if ('error' in reply) fail(new Error(reply.error));
          else done();
        };
        const onError = (error: Error): void => {
          off();
          fail(error);
        };
        const onExit = (code: number): void => onError(new Error(`the report thread stopped (${code})`));
        const off = (): void => {
          worker.off('message', onMessage);
          worker.off('error', onError);
          worker.off('exit', onExit);
        };
        worker.on('message', onMessage);
        worker.on('error', onError);
        worker.on('exit', onExit);
        worker.postMessage(node);
      }),
    async close() {
      worker.postMessage(null);
      await worker.terminate().catch(() => undefined);
    },
  };
}
