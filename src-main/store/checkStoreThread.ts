// The store check's thread: runs checkStore on its own connection and reports the verdict.
import { parentPort, workerData } from 'node:worker_threads';
import { checkStore } from './checkStore.ts';

const { path, migrationsDir } = workerData as { path: string; migrationsDir?: string };
parentPort?.postMessage(checkStore(path, migrationsDir));
