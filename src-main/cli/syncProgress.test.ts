// The sync's progress lines: items, pages, share, rate, ETA; redrawn in place on a terminal, throttled otherwise.
import { describe, expect, it } from 'vitest';
import type { SyncProgress } from '#shared/contract.ts';
import { createProgressDisplay, formatDuration, formatProgress } from './syncProgress.ts';

const p = (over: Partial<SyncProgress> = {}): SyncProgress => ({
  stream: 'v2:button-feedbacks',
  phase: 'running',
  items: 1_234_567,
  pages: 124,
  fraction: 0.415,
  itemsPerSecond: 152_000,
  etaSeconds: 130,
  ...over,
});

function io(tty: boolean) {
  let err = '';
  return {
    text: () => err,
    io: {
      stdout: { write: () => true },
      stderr: { write: (t: string) => (err += t), isTTY: tty },
      stdin: process.stdin,
      env: {},
      signal: new AbortController().signal,
    },
  };
}

describe('sync progress', () => {
  it('formats one stream', () => {
    expect(formatProgress(p())).toBe(
      'v2:button-feedbacks: 1,234,567 items, 124 pages, 41%, 152,000/s, ETA 2 min 10 s',
    );
    expect(formatProgress(p({ phase: 'done', message: 'ok' }))).toBe(
      'v2:button-feedbacks: 1,234,567 items, 124 pages, done (ok)',
    );
    expect([formatDuration(59.4), formatDuration(3725)]).toEqual(['59 s', '1 h 02 min']);
  });

  it('off a terminal: a line per stream at most every interval, and each stream’s end', () => {
    const out = io(false);
    const d = createProgressDisplay(out.io, { intervalMs: 60_000 });
    d.update(p({ items: 0, pages: 0 })); // not started: nothing to say
    d.update(p());
    d.update(p({ items: 2 })); // within the interval: dropped
    d.update(p({ stream: 'v1', items: 5, pages: 1, fraction: null, itemsPerSecond: 0 }));
    d.update(p({ phase: 'done' }));
    expect(out.text().split('\n').filter(Boolean)).toEqual([
      'v2:button-feedbacks: 1,234,567 items, 124 pages, 41%, 152,000/s, ETA 2 min 10 s',
      'v1: 5 items, 1 pages, ETA 2 min 10 s',
      'v2:button-feedbacks: 1,234,567 items, 124 pages, done',
    ]);
  });

  it('on a terminal: one line per stream, redrawn in place; notes go above', () => {
    const out = io(true);
    const d = createProgressDisplay(out.io, { intervalMs: 0 });
    d.update(p());
    d.update(p({ stream: 'v1', items: 5 }));
    d.note('retrying (503): waiting 1 s');
    expect(out.text()).toContain('\x1b[1A'); // moved up over the first block
    expect(out.text()).toContain('\rretrying (503): waiting 1 s\x1b[K\n');
    expect(out.text().endsWith('\rv1: 5 items, 124 pages, 41%, 152,000/s, ETA 2 min 10 s\x1b[K\n')).toBe(
      true,
    );
  });
});
