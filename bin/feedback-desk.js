#!/usr/bin/env node
// Entry of `npx feedback-desk`: runs the TypeScript CLI directly on the project's pinned Node 24 (type stripping).
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `feedback-desk needs Node 24 or later (found ${process.versions.node}); run it through npx or npm, which use the project's pinned Node.`,
  );
  process.exit(1);
}
// A sync starts this process again once (process.execve: the same process id, nothing left waiting), on Linux:
// - with glibc's mmap threshold fixed at 128 KB. Left dynamic, glibc raises it to the size of the first big buffer
//   freed (up to 32 MB) and from then on serves every buffer below that from its per-thread arenas, which fragment and
//   stay large. A whole first sync of `large`, back to back (docs/BENCHMARKS.md, 2026-11-28 17:45): peak RSS 328 and
//   337 MB dynamic, 317 and 322 MB fixed; the first 150 s of `xlarge` 399 and 421 MB against 367 and 369. glibc reads
//   the variable only when a process starts; other C libraries ignore it; a value already set is kept.
// - with V8's heap bounded as the sync thread's is (src-main/sync/syncRunner.ts), so that the sync runs on this
//   thread instead of one of its own: one V8 heap less (peak 328 → ~300 MB on `large`, 2026-11-28 20:30). Unbounded,
//   V8 lets this thread's heap grow with the machine's memory (458 MB in the first 40 s). `gc` is exposed so that the
//   sync's heap is collected and shrunk before the work after it runs, on this thread too. Flags given to node come
//   after these and win. V8's flags are the whole process's: they win over a worker's `resourceLimits`, so the
//   semi-space here is also the writer thread's (src-main/sync/feedbackWriter.ts asks for 8 MB of young generation).
//   At 16 MB each of the two young generations took 32 MB, at 8 MB 16, at 4 MB 8: the first 150 s of `xlarge`, one
//   after the other, peaked at 361 and 352 MB with 16, 318 and 319 with 8, 295 and 308 with 4, at about the same
//   speed (docs/BENCHMARKS.md, 2026-11-29).
const syncHeapFlags = [
  '--max-semi-space-size=4',
  '--max-old-space-size=512',
  '--initial-old-space-size=32',
  '--expose-gc',
];
if (
  process.argv[2] === 'sync' &&
  process.platform === 'linux' &&
  !process.execArgv.includes(syncHeapFlags[0]) &&
  typeof process.execve === 'function'
) {
  try {
    process.execve(
      process.execPath,
      [process.execPath, ...syncHeapFlags, ...process.execArgv, ...process.argv.slice(1)],
      {
        ...process.env,
        MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072',
      },
    );
  } catch {
    // Not replaced (e.g. the executable cannot be run again): the sync runs on its own thread, with glibc's defaults.
  }
}
// Compiled (type-stripped) modules are cached between runs in the OS temp folder: `status` starts in ~0.1 s, not ~0.6;
// the sync's worker threads find the same folder through the environment (each starts in ~0.2 s instead of ~0.5).
const { enableCompileCache } = await import('node:module');
const compileCache = enableCompileCache?.();
if (compileCache?.directory) process.env.NODE_COMPILE_CACHE ??= compileCache.directory;
const { main } = await import('../src-main/cli/index.ts');
await main();
