// Thread modules are found from source (.ts beside the caller) and from the build (.js beside out/main's bundle),
// preferring app.asar.unpacked inside a packaged app.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { threadModuleUrl } from './threadModule.ts';

describe('threadModuleUrl', () => {
  it('finds the .ts beside a source module and the .js beside a built one', () => {
    expect(threadModuleUrl('syncRunnerThread', 'file:///p/src-main/sync/syncRunner.ts').href).toBe(
      'file:///p/src-main/sync/syncRunnerThread.ts',
    );
    expect(threadModuleUrl('syncRunnerThread', 'file:///p/out/main/index.js').href).toBe(
      'file:///p/out/main/syncRunnerThread.js',
    );
  });

  it('reads from app.asar.unpacked when the packaged app has it there', () => {
    const root = mkdtempSync(join(tmpdir(), 'fd-asar-'));
    try {
      mkdirSync(join(root, 'app.asar.unpacked', 'out', 'main'), { recursive: true });
      writeFileSync(join(root, 'app.asar.unpacked', 'out', 'main', 'checkStoreThread.js'), '');
      const from = pathToFileURL(join(root, 'app.asar', 'out', 'main', 'index.js')).href;
      expect(fileURLToPath(threadModuleUrl('checkStoreThread', from))).toBe(
        join(root, 'app.asar.unpacked', 'out', 'main', 'checkStoreThread.js'),
      );
      expect(fileURLToPath(threadModuleUrl('syncRunnerThread', from))).toBe(
        join(root, 'app.asar', 'out', 'main', 'syncRunnerThread.js'),
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
