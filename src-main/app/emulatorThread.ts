// The emulator on a worker thread of its own: generates the world and serves it, so the caller's event loop (the
// desktop's main process, whose window freezes while it is busy) never runs either. Started by demoServiceThread.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { startEmulator } from '#emulator/index.ts';
import type { ThreadEmulatorOptions } from './demoServiceThread.ts';

const options = workerData as ThreadEmulatorOptions | null;
if (options === null || typeof options !== 'object')
  parentPort?.postMessage({ error: 'the emulator thread needs its options as workerData' });
else
  startEmulator(options).then(
    (running) => {
      parentPort?.on('message', (message: unknown) => {
        if (message !== 'close') return;
        running.close().then(
          () => parentPort?.postMessage({ closed: true }),
          (error: unknown) => parentPort?.postMessage({ closed: false, error: String(error) }),
        );
      });
      parentPort?.postMessage({ url: running.url, presses: running.world.presses.count });
    },
    (error: unknown) =>
      parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) }),
  );
