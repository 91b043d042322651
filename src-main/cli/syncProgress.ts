// The sync's live progress in a terminal: one line per stream (items, pages, rate, ETA) redrawn in place on a TTY,
// plain lines at most every few seconds per stream (and at each stream's end) otherwise.
import type { SyncProgress } from '#shared/contract.ts';
import type { CliIO } from './command.ts';

const number = (n: number): string => n.toLocaleString('en-US');

export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
}

/** One stream's line, e.g. `v2:button-feedbacks  1,234,567 items, 124 pages, 41% · 152,000/s · ETA 2 min 10 s`. */
export function formatProgress(p: SyncProgress): string {
  const parts = [`${number(p.items)} items`, `${number(p.pages)} pages`];
  if (p.phase === 'running') {
    if (p.fraction !== null) parts.push(`${Math.floor(p.fraction * 100)}%`);
    if (p.itemsPerSecond) parts.push(`${number(p.itemsPerSecond)}/s`);
    if (p.etaSeconds !== undefined) parts.push(`ETA ${formatDuration(p.etaSeconds)}`);
  } else parts.push(p.phase);
  // A failure's message is not repeated here: the command says it once, at the end, naming this stream.
  const message = p.message && p.phase !== 'failed' ? ` (${p.message})` : '';
  return `${p.stream}: ${parts.join(', ')}${message}`;
}

export interface ProgressDisplay {
  update(p: SyncProgress): void;
  /** A line printed above the live block (retries, pacing). */
  note(text: string): void;
  end(): void;
}

export function createProgressDisplay(
  io: CliIO,
  options: { tty?: boolean; intervalMs?: number } = {},
): ProgressDisplay {
  const tty = options.tty ?? ('isTTY' in io.stderr && io.stderr.isTTY === true);
  const interval = options.intervalMs ?? (tty ? 200 : 5000);
  const latest = new Map<string, SyncProgress>();
  const printedAt = new Map<string, number>();
  let drawn = 0; // lines of the live block on screen
  let lastDraw = 0;

  const redraw = (force: boolean): void => {
    const now = performance.now();
    if (!force && now - lastDraw < interval) return;
    lastDraw = now;
    const lines = [...latest.values()].map(formatProgress);
    let out = drawn > 0 ? `\x1b[${drawn}A` : '';
    for (const line of lines) out += `\r${line}\x1b[K\n`;
    io.stderr.write(out);
    drawn = lines.length;
  };

  return {
    update(p) {
      latest.set(p.stream, p);
      if (tty) return redraw(p.phase !== 'running');
      const now = performance.now();
      const last = printedAt.get(p.stream);
      if (p.phase === 'running' && last !== undefined && now - last < interval) return;
      if (p.phase === 'running' && last === undefined && p.items === 0) return; // not started yet: nothing to say
      printedAt.set(p.stream, now);
      io.stderr.write(`${formatProgress(p)}\n`);
    },
    note(text) {
      if (tty && drawn > 0) {
        io.stderr.write(`\x1b[${drawn}A\r${text}\x1b[K\n`);
        drawn = 0;
        redraw(true);
      } else io.stderr.write(`${text}\n`);
    },
    end() {
      if (tty) redraw(true);
    },
  };
}
