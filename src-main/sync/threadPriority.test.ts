// The sync's threads step back once the views are open (threadPriority.ts): on Linux a worker thread's own nice value
// becomes backgroundNice while its process's main thread keeps its own; never the main thread itself.
import { readFileSync } from 'node:fs';
import { isMainThread, Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { backgroundNice, backgroundThisThread } from './threadPriority.ts';

/** A thread's nice value from /proc (field 19 of stat; read independently of os.getPriority). */
const niceOf = (path: string): number => {
  const stat = readFileSync(path, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
};

describe.runIf(process.platform === 'linux')('backgroundThisThread', () => {
  it('lowers the calling worker thread alone, and never the main thread', async () => {
    const before = niceOf('/proc/self/stat');
    // Where the test itself runs on a process's main thread (vitest's forks), that thread is never lowered.
    if (isMainThread) expect(backgroundThisThread()).toBe(false);
    const source = `
      const { parentPort } = require('node:worker_threads');
      const { readFileSync } = require('node:fs');
      const nice = (p) => { const s = readFileSync(p, 'utf8'); return Number(s.slice(s.lastIndexOf(')') + 2).split(' ')[16]); };
      parentPort.once('message', (modulePath) => {
        import(modulePath).then((m) => {
          const lowered = m.backgroundThisThread();
          parentPort.postMessage({ lowered, own: nice('/proc/thread-self/stat'), process: nice('/proc/self/stat') });
        });
      });`;
    const worker = new Worker(source, { eval: true });
    const reply = await new Promise<{ lowered: boolean; own: number; process: number }>((resolve) => {
      worker.once('message', resolve);
      worker.postMessage(new URL('./threadPriority.ts', import.meta.url).href);
    });
    await worker.terminate();
    expect(reply).toEqual({ lowered: true, own: backgroundNice, process: before });
  });
});
