// The writer thread: owns a second connection to the store and commits the button-feedback ops it is sent, in order.
import { parentPort, workerData } from 'node:worker_threads';
import { openFeedbackWriter } from '../store/db.ts';
import { applyOp } from './feedbackWriter.ts';
import type { WriteOp } from './feedbackWriter.ts';
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
  try {
    port.postMessage({ id: message.id, ok: true, result: applyOp(writer.buttonFeedback, message.op) });
  } catch (error) {
    port.postMessage({ id: message.id, ok: false, error: errorOf(error) });
  }
});
