// The writer thread: owns a second connection to the store and commits the button-feedback ops it is sent, in order.
import { parentPort, workerData } from 'node:worker_threads';
import { openFeedbackWriter } from '../store/db.ts';
import { applyOp, reusableBuffers } from './feedbackWriter.ts';
import type { Reply, WriteOp } from './feedbackWriter.ts';
import { backgroundThisThread } from './threadPriority.ts';

const port = parentPort;
if (!port) throw new Error('feedbackWriterThread.ts runs as a worker thread only');
const { path } = workerData as { path: string };

const errorOf = (e: unknown): { message: string; code?: string } => {
  const message = e instanceof Error ? e.message : String(e);
  const code = e && typeof e === 'object' && 'code' in e && typeof e.code === 'string' ? e.code : undefined;
  return code === undefined ? { message } : { message, code };
};

let writer: ReturnType<typeof openFeedbackWriter>;
try {
  writer = openFeedbackWriter(path);
  port.postMessage('ready');
} catch (error) {
  port.postMessage({ error: errorOf(error) });
  process.exit(1);
}

port.on('message', (message: { id: number; op: WriteOp } | { close: true } | { background: true }) => {
  if ('background' in message) {
    backgroundThisThread();
    return;
  }
  if ('close' in message) {
    writer.close();
    port.close();
    return;
  }
  let reply: Reply;
  try {
    const result = applyOp(writer.buttonFeedback, message.op);
    reply = { id: message.id, ok: true, result, buffers: reusableBuffers(message.op) };
  } catch (error) {
    reply = { id: message.id, ok: false, error: errorOf(error) };
  }
  // A written batch's buffers go back to the sync thread (transferred, not copied) for its next batches.
  port.postMessage(reply, reply.ok ? reply.buffers : []);
});
