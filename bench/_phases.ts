// For `npm run bench -- first-chart --phases=SIZE`: where a first sync's time goes before the views open. The sync runs
// as the app runs it (runSyncInThread, the same thread and streams) against an emulator in its own process; every
// progress event's first and last instant per stream is kept with the CPU this process (every thread of it) and the
// emulator's process had used by then, up to the coverage event that opens the views (then the sync is cancelled,
// or, with `whole`, followed to its end). The wall clock moves with the machine's load; the CPU seconds much less.
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SyncProgress } from '#shared/contract.ts';
import { runSyncInThread } from '../src-main/sync/syncRunner.ts';
import { processCpu, statCpu } from './_procCpu.ts';
import { startEmulator } from './_syncTiming.ts';

const now = '2026-11-21T14:00:00Z';
/** CPU seconds per thread of this process (name from /proc: the sync's and the writer's threads apart), busiest first. */
function threadCpu(): { tid: string; name: string; cpu: number }[] {
  try {
    return readdirSync('/proc/self/task')
      .map((tid) => {
        const cpu = statCpu(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8'));
        const name = readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim();
        return { tid, name, cpu };
      })
      .sort((a, b) => b.cpu - a.cpu);
  } catch {
    return [];
  }
}

const ownCpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

interface Mark {
  at: number;
  cpu: number;
  emulatorCpu: number;
}

interface StreamSpan {
  stream: string;
  first: Mark;
  last: Mark;
  items: number;
}

/** An emulator started elsewhere: its pid from the socket listening on the URL's port (NaN CPU when not found). */
function runningEmulator(url: string): { url: string; pid: number; stop: () => void } {
  const port = Number(new URL(url).port);
  let pid = 0;
  try {
    const hex = port.toString(16).toUpperCase().padStart(4, '0');
    const inode = readFileSync('/proc/net/tcp', 'utf8')
      .split('\n')
      .map((l) => l.trim().split(/\s+/))
      .find((f) => f[1]?.endsWith(`:${hex}`) && f[3] === '0A')?.[9];
    for (const p of inode ? readdirSync('/proc') : [])
      if (/^\d+$/.test(p))
        try {
          if (
            readdirSync(`/proc/${p}/fd`).some(
              (fd) => readlinkOr(`/proc/${p}/fd/${fd}`) === `socket:[${inode}]`,
            )
          )
            pid = Number(p);
        } catch {
          // another user's process
        }
  } catch {
    pid = 0;
  }
  return { url, pid, stop: () => undefined };
}

function readlinkOr(path: string): string {
  try {
    return readlinkSync(path);
  } catch {
    return '';
  }
}

const loadAverage = (): string => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const s = (x: number): string => x.toFixed(2).padStart(7);

/**
 * Syncs a new store from an emulator world of `size` and prints, per stream, when it began and ended (from the
 * request) and the CPU used by then, and the segments between the milestones up to the coverage event.
 */
export async function firstSyncPhases(
  size: string,
  o: { whole: boolean; keep: boolean; baseUrl?: string | undefined },
): Promise<void> {
  const t0 = performance.now();
  // `--base-url`: an emulator already running (started with this `now`, seed 1, that size); its CPU from its pid.
  const emulator = o.baseUrl ? runningEmulator(o.baseUrl) : await startEmulator(size, 0, now);
  const emulatorPid = emulator.pid;
  console.log(
    `emulator world '${size}' ready in ${((performance.now() - t0) / 1000).toFixed(1)} s (own process)`,
  );
  const dir = mkdtempSync(join(tmpdir(), 'fd-bench-phases-'));
  const started = performance.now();
  const cpu0 = ownCpu();
  const emu0 = processCpu(emulatorPid);
  const mark = (): Mark => ({
    at: (performance.now() - started) / 1000,
    cpu: ownCpu() - cpu0,
    emulatorCpu: processCpu(emulatorPid) - emu0,
  });
  const spans = new Map<string, StreamSpan>();
  let coverage: Mark | null = null;
  let threadsAtCoverage: ReturnType<typeof threadCpu> = [];
  const threads0 = new Map(threadCpu().map((t) => [t.tid, t.cpu]));
  const controller = new AbortController();
  const onProgress = (p: SyncProgress): void => {
    const m = mark();
    if (p.coverage?.firstWindowReady && !coverage) {
      coverage = m;
      threadsAtCoverage = threadCpu();
      if (!o.whole) controller.abort();
    }
    const key = p.coverage ? 'coverage' : p.stream;
    const span = spans.get(key);
    if (span) {
      span.last = m;
      span.items = Math.max(span.items, p.items);
    } else spans.set(key, { stream: key, first: m, last: m, items: p.items });
  };
  try {
    const { summary } = await runSyncInThread(
      {
        dbPath: join(dir, 'store.sqlite'),
        baseUrl: emulator.url,
        source: 'v2',
        v2: { token: 'demo-v2-token' },
        now,
      },
      { signal: controller.signal, onProgress },
    );
    const end = mark();
    console.log(
      `\nload average ${loadAverage()}; clock from the request (the thread's start, the file's migrations included)`,
    );
    console.log('stream                         first s   last s  cpu@last  emu cpu   items');
    for (const span of [...spans.values()].sort((a, b) => a.first.at - b.first.at))
      console.log(
        `${span.stream.padEnd(28)} ${s(span.first.at)}  ${s(span.last.at)}  ${s(span.last.cpu)}  ${s(span.last.emulatorCpu)}  ${span.items}`,
      );
    printSegments([...spans.values()], coverage);
    const busy = threadsAtCoverage
      .map((t) => ({ ...t, cpu: t.cpu - (threads0.get(t.tid) ?? 0) }))
      .filter((t) => t.cpu >= 0.1);
    if (busy.length)
      console.log(
        `CPU per thread of this process up to the coverage (the sync's thread, the writer's, V8's helpers): ${busy.map((t) => `${t.name}#${t.tid} ${t.cpu.toFixed(2)} s`).join(', ')}`,
      );
    console.log(
      `${o.whole ? 'sync ended' : 'cancelled after the coverage; thread ended'} at ${end.at.toFixed(2)} s (status ${summary.status}), this process's CPU ${end.cpu.toFixed(2)} s, the emulator's ${end.emulatorCpu.toFixed(2)} s`,
    );
  } finally {
    emulator.stop();
    if (o.keep) console.log(`store kept: ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

/** The segments between consecutive stream starts up to the coverage: wall, this process's CPU, the emulator's. */
function printSegments(spans: StreamSpan[], coverage: Mark | null): void {
  if (!coverage) {
    console.log('\nno coverage event (a one-pass sync: the views opened at its end)');
    return;
  }
  const c: Mark = coverage;
  const starts = spans
    .filter((x) => x.first.at < c.at && x.stream !== 'coverage')
    .sort((a, b) => a.first.at - b.first.at);
  console.log('\nbefore the coverage (each segment runs from one stream start to the next):');
  console.log('segment                          wall s   cpu s  emu cpu s');
  let prev: Mark = { at: 0, cpu: 0, emulatorCpu: 0 };
  let label = 'thread start, migrations';
  for (const x of [...starts.map((x) => ({ label: x.stream, m: x.first })), { label: 'coverage', m: c }]) {
    console.log(
      `${label.padEnd(30)} ${s(x.m.at - prev.at)} ${s(x.m.cpu - prev.cpu)} ${s(x.m.emulatorCpu - prev.emulatorCpu)}`,
    );
    prev = x.m;
    label = x.label;
  }
  console.log(`${'request → coverage'.padEnd(30)} ${s(c.at)} ${s(c.cpu)} ${s(c.emulatorCpu)}`);
}
