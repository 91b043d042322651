// Starts the emulator on a worker thread (emulatorThread.ts) and answers its address: the demo's world is generated
// and served off the caller's thread. Measured by the desktop harness: generating the demo world on the main
// process stalled its event loop for 6–8 s at "Explore demo data".
import { Worker } from 'node:worker_threads';
import { threadModuleUrl } from '../threadModule.ts';
import type { WorldSize } from '#emulator/world/types.ts';

/** What crosses to the thread (plain data only: no world, no callbacks). */
export interface ThreadEmulatorOptions {
  port?: number;
  host?: string;
  seed?: number;
  size?: WorldSize;
  now?: Date;
}

export interface ThreadEmulator {
  url: string;
  /** Presses in the served world. */
  presses: number;
  close(): Promise<void>;
}

type Reply = { url: string; presses: number } | { error: string } | { closed: boolean; error?: string };

export async function startEmulatorThread(options: ThreadEmulatorOptions): Promise<ThreadEmulator> {
  const worker = new Worker(threadModuleUrl('emulatorThread', import.meta.url), { workerData: options });
  const started = await new Promise<{ url: string; presses: number }>((resolve, reject) => {
    const onExit = (code: number): void => reject(new Error(`the demo service's thread exited (${code})`));
    worker.once('error', reject);
    worker.once('exit', onExit);
    worker.once('message', (reply: Reply) => {
      worker.off('error', reject);
      worker.off('exit', onExit);
      if ('url' in reply) resolve(reply);
      else
        reject(
          new Error(`the demo service could not start: ${'error' in reply ? reply.error : 'no answer'}`),
        );
    });
  }).catch(async (error: unknown) => {
    await worker.terminate();
    throw error;
  });
  let closing: Promise<void> | null = null;
  return {
    ...started,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        // A thread that does not answer in time is ended anyway: closing the demo must never hang the app.
        const timer = setTimeout(() => void worker.terminate().then(() => resolve()), 5_000);
        worker.once('message', () => {
          clearTimeout(timer);
          void worker.terminate().then(() => resolve());
        });
        worker.postMessage('close');
      })),
  };
}
