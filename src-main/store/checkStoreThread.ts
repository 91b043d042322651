// The store check's thread: runs checkStore on its own connection and reports the verdict.
import { parentPort, workerData } from 'node:worker_threads';
import { checkStore } from './checkStore.ts';

parentPort?.postMessage(checkStore((workerData as { path: string }).path));
