// Where a worker thread's module is: beside the caller as .ts when running from source (Node type stripping), or
// as .js beside the built main (electron-vite makes each thread module a build entry: out/main/<name>.js). Inside
// a packaged app the file is read from app.asar.unpacked, where electron-builder puts out/main (asarUnpack).
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

export function threadModuleUrl(name: string, from: string): URL {
  const source = from.endsWith('.ts');
  const url = new URL(`./${name}.${source ? 'ts' : 'js'}`, from);
  if (url.protocol !== 'file:') return url;
  const path = fileURLToPath(url);
  const unpacked = path.replace(/([\\/])app\.asar([\\/])/, '$1app.asar.unpacked$2');
  return unpacked !== path && existsSync(unpacked) ? pathToFileURL(unpacked) : url;
}
