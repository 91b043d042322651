// The check against the service's counts after a sync on a thread of its own (verifyInThread.ts): it reads every
// stored press of the window once, and on the main thread those short-lived rows grew the young generation to 64 MB
// and the process by ~240 MB on `large`; here the heap is bounded. Posts the result, or the failure as plain data.
import { parentPort, workerData } from 'node:worker_threads';
import { createNetworkFetch } from '../api/network.ts';
import { createV2Client } from '../api/v2/client.ts';
import { openStore } from '../store/db.ts';
import { serialiseError } from '../sync/syncRunner.ts';
import type { SerialError } from '../sync/syncRunner.ts';
import { verifyAgainstAggregates } from '../sync/v2Verify.ts';
import type { VerifyResult } from '../sync/v2Verify.ts';
import type { VerifyRequest } from './verifyInThread.ts';

const port = parentPort;
if (!port) throw new Error('verifyThread.ts runs as a worker thread only');
const request = workerData as VerifyRequest;
const controller = new AbortController();
port.on('message', (m: unknown) => {
  if (m === 'cancel') controller.abort();
});

// The connection is closed before the answer goes: the caller may go on to the file's quick check at once.
let reply: { result: VerifyResult } | { failed: SerialError };
try {
  // Its reads go through the file once: a small page cache is enough.
  const store = openStore(request.path, {
    ...(request.migrationsDir ? { migrationsDir: request.migrationsDir } : {}),
    cacheKib: 8000,
  });
  try {
    const client = createV2Client({
      baseUrl: request.baseUrl,
      token: request.token,
      ...(request.network ? { fetch: createNetworkFetch(request.network) } : {}),
    });
    const now = new Date(request.now);
    const result = await verifyAgainstAggregates({
      store,
      client,
      signal: controller.signal,
      now: () => now,
      ...(request.since ? { since: request.since } : {}),
      ...(request.until ? { until: request.until } : {}),
      ...(request.scope ? { scope: request.scope } : {}),
    });
    reply = { result };
  } finally {
    store.close();
  }
} catch (error) {
  reply = { failed: serialiseError(error) };
}
port.postMessage(reply);
port.close();
