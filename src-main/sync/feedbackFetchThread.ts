// The fetch thread: its own v2 client fetches a window's pages (the next one in flight), validates them and turns
// them into columns, at most two pages ahead of what the main thread has taken.
import { parentPort, workerData } from 'node:worker_threads';
import { ApiError } from '../api/errors.ts';
import { createNetworkFetch } from '../api/network.ts';
import { createV2Client } from '../api/v2/client.ts';
import type { FeedbackWindowQuery } from '../api/v2/client.ts';
import { pageBuffers } from '../store/repos/feedbackBatch.ts';
import { columnPage, columnReader } from './feedbackPages.ts';
import type { FetchReply, V2ClientConfig } from './feedbackPages.ts';

const port = parentPort;
if (!port) throw new Error('feedbackFetchThread.ts runs as a worker thread only');
const { config } = workerData as { config: V2ClientConfig };
const ahead = 2;
/** Pages are transferred to the main thread, their buffers with them: made anew for each (no pool here). */
const reader = columnReader(null);

let current = 0;
let controller = new AbortController();
let credits = ahead;
let wake: (() => void) | null = null;
const post = (m: FetchReply, transfer: ArrayBuffer[] = []): void => port.postMessage(m, transfer);

const { network, ...clientConfig } = config;
const client = createV2Client({
  ...clientConfig,
  ...(network ? { fetch: createNetworkFetch(network) } : {}),
  onRetry: (retry) => post({ run: current, retry }),
  onPace: (pace) => post({ run: current, pace }),
});

async function fetchWindow(run: number, query: FeedbackWindowQuery, startOffset: number): Promise<void> {
  const signal = controller.signal;
  try {
    for await (const read of client.buttonFeedbackPagesAs(query, reader, { startOffset, signal })) {
      while (credits <= 0 && !signal.aborted) await new Promise<void>((resolve) => (wake = resolve));
      if (signal.aborted) break;
      const page = columnPage(read);
      credits--;
      post({ run, page }, pageBuffers(page.columns));
    }
    post({ run, end: true });
  } catch (error) {
    if (error instanceof ApiError)
      post({
        run,
        error: {
          kind: error.kind,
          message: error.message,
          ...(error.endpoint !== undefined ? { endpoint: error.endpoint } : {}),
          ...(error.status !== undefined ? { status: error.status } : {}),
        },
      });
    else
      post({
        run,
        error: { kind: 'other', message: error instanceof Error ? error.message : String(error) },
      });
  }
}

port.on(
  'message',
  (
    m:
      | { start: { run: number; query: FeedbackWindowQuery; startOffset: number } }
      | { ack: number }
      | { stop: number }
      | { close: true },
  ) => {
    if ('start' in m) {
      controller.abort();
      controller = new AbortController();
      current = m.start.run;
      credits = ahead;
      void fetchWindow(m.start.run, m.start.query, m.start.startOffset);
    } else if ('ack' in m) {
      if (m.ack === current) credits++;
    } else if ('stop' in m) {
      if (m.stop === current) controller.abort();
    } else {
      controller.abort();
      port.close();
      return;
    }
    wake?.();
    wake = null;
  },
);
port.postMessage('ready');
