// Where a worker thread's module is: beside the caller as .ts when running from source (Node type stripping), or
// as .js beside the built main (electron-vite makes each thread module a build entry: out/main/<name>.js). Inside
// a packaged app the file is read from app.asar.unpacked, where electron-builder puts out/main (asarUnpack).
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Worker } from 'node:worker_threads';

export function threadModuleUrl(name: string, from: string): URL {
  const source = from.endsWith('.ts');
  const url = new URL(`./${name}.${source ? 'ts' : 'js'}`, from);
  if (url.protocol !== 'file:') return url;
  const path = fileURLToPath(url);
  const unpacked = path.replace(/([\\/])app\.asar([\\/])/, '$1app.asar.unpacked$2');
  return unpacked !== path && existsSync(unpacked) ? pathToFileURL(unpacked) : url;
}

/**
 * Resolves when a thread posts 'ready'; rejects with `failure(message)` for any other first message, or with the
 * thread's error or exit. Only these listeners are removed afterwards: Worker keeps internal ones
 * (removeAllListeners breaks it).
 */
export function threadReady(
  worker: Worker,
  label: string,
  failure: (message: unknown) => Error,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const onMessage = (m: unknown): void => {
      done();
      if (m === 'ready') resolve();
      else reject(failure(m));
    };
    const onError = (e: Error): void => {
      done();
      reject(e);
    };
    const onExit = (code: number): void => onError(new Error(`${label} exited (${code})`));
    const done = (): void => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
  });
}
