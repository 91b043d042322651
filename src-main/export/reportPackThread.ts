// A report pack's thread: opens the store once, then makes each node's report it is sent, and says when each is
// written (or the one sentence why not). The pack runs one or two of these, so both cores draw charts.
import { parentPort, workerData } from 'node:worker_threads';
import { openStore } from '../store/db.ts';
import type { PackNode } from './packPlan.ts';
import { writeNodeReport, type PackJob } from './packReport.ts';
import { storeNames } from './queryTable.ts';

export type PackThreadReply = { id: number; path: string } | { id: number; error: string };

const { storePath, job } = workerData as { storePath: string; job: PackJob };
const store = openStore(storePath, { mustExist: true });
const names = storeNames(store.db);
// One node at a time: the parent sends the next only after this one's answer.
parentPort?.on('message', (node: PackNode | null) => {
  if (node === null) {
    // The pack is done: close the connection cleanly, then let the thread end.
    store.close();
    parentPort?.close();
    return;
  }
  writeNodeReport(store.db, job, node, names).then(
    (path) => parentPort?.postMessage({ id: node.experiencePointId, path } satisfies PackThreadReply),
    (error: unknown) =>
      parentPort?.postMessage({
        id: node.experiencePointId,
        error: error instanceof Error ? error.message : String(error),
      } satisfies PackThreadReply),
  );
});
parentPort?.postMessage('ready');
