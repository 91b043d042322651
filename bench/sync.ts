// `npm run bench -- sync`: a full v2 sync of the `large` world from an emulator in its own process (button feedbacks
// per second end to end, peak RSS of the sync process); the same rows exported to CSV and loaded by Debian's sqlite3
// with `.import` (the practical ceiling) and the ratio; where the file's bytes go (dbstat per table and index, bytes per
// press); an incremental sync of the `demo` world with nothing new.
// Options: --size=xlarge|large|demo|small (the full-sync world), --skip-import, --keep (leave the files in the temp dir),
// --since=yyyy-MM-dd / --until=yyyy-MM-dd (a window of the history instead of all of it: the sync's own options, for a
// bounded partial run of a world too big to sync whole on a busy machine), --skip-incremental (no demo part),
// --base-url=URL (sync from an emulator already running with this size, `--seed 1 --now 2026-11-21T14:00:00Z`:
// `xlarge` takes minutes to generate).
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3';
import { printBytes } from './_dbstat.ts';
import { processCpu } from './_procCpu.ts';

const cli = join(import.meta.dirname, '../bin/feedback-desk.js');
const now = '2026-11-21T14:00:00Z';
const token = 'demo-v2-token';
const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');
const loadAverage = (): string => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
/** Starts `feedback-desk emulator` in a child process; resolves with its URL once it listens. */
async function startEmulatorProcess(size: string): Promise<{
  url: string;
  presses: string;
  startSeconds: number;
  cpuSeconds: () => number;
  stop: () => void;
}> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [cli, 'emulator', '--size', size, '--port', '0', '--now', now, '--seed', '1', '--rate-limit', '1000000'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout });
  let url = '';
  let presses = '?';
  for await (const line of lines) {
    const m = /Emulator listening on (http:\/\/\S+)/.exec(line);
    if (m?.[1]) url = m[1];
    const w = /(\d+) presses/.exec(line);
    if (w?.[1]) presses = w[1];
    if (url && line.startsWith('World:')) break;
  }
  if (!url) throw new Error('the emulator did not start');
  const startSeconds = (performance.now() - started) / 1000;
  return {
    ...{ url, presses, startSeconds },
    cpuSeconds: () => processCpu(child.pid),
    stop: () => void child.kill('SIGTERM'),
  };
}

interface SyncRun {
  code: number | null;
  stdout: string;
  wallSeconds: number;
  peakRssMb: number;
  /** CPU seconds (user + system) of the sync process, as last read before it exited. */
  cpuSeconds: number;
}

/** Runs `feedback-desk sync` in a child process, sampling its peak RSS (VmHWM) from /proc. */
function runSync(url: string, db: string, window: string[] = []): Promise<SyncRun> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [cli, 'sync', '--verbose', '--base-url', url, '--db', db, '--source', 'v2', ...window],
    {
      env: { ...process.env, FEEDBACK_DESK_V2_TOKEN: token },
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  let stdout = '';
  let peakKb = 0;
  let cpuSeconds = NaN;
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  const sample = (): void => {
    try {
      const m = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      if (m?.[1]) peakKb = Math.max(peakKb, Number(m[1]));
    } catch {
      // exited
    }
    const cpu = processCpu(child.pid);
    if (!Number.isNaN(cpu)) cpuSeconds = cpu;
  };
  const timer = setInterval(sample, 50);
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      clearInterval(timer);
      const wallSeconds = (performance.now() - started) / 1000;
      resolve({ code, stdout, wallSeconds, peakRssMb: peakKb / 1024, cpuSeconds });
    });
  });
}

/** `v2:button-feedbacks: done, N items received, M rows held (S s)` of the sync's summary. */
function feedbackLine(stdout: string): { items: number; seconds: number } {
  const m = /^v2:button-feedbacks: done, ([\d,]+) items received, [\d,]+ rows held \(([\d.]+) s\)$/m.exec(
    stdout,
  );
  if (!m?.[1] || !m[2]) throw new Error(`no button-feedback summary in:\n${stdout}`);
  return { items: Number(m[1].replace(/,/g, '')), seconds: Number(m[2]) };
}

/**
 * The stored facts as CSV (feedback_id as hex text: sqlite3 3.40 cannot read a blob from CSV), in the order the
 * service delivers them (time) or in the table's key order (the most favourable order for .import).
 */
function exportCsv(db: string, csv: string, order: 'time' | 'key'): number {
  const d = new Database(db, { readonly: true });
  const fd = openSync(csv, 'w');
  let rows = 0;
  try {
    writeSync(
      fd,
      'experience_point_id,local_time,feedback_id,utc_offset_min,survey_id,smiley_id,button_index,misuse,position,ui\n',
    );
    let chunk = '';
    const it = d
      .prepare(
        `SELECT experience_point_id, local_time, hex(feedback_id), utc_offset_min, survey_id, smiley_id, button_index,
           misuse, position, CASE ui WHEN CAST(x'80' AS TEXT) THEN 'p' WHEN CAST(x'81' AS TEXT) THEN 't'
             WHEN CAST(x'82' AS TEXT) THEN 'd' ELSE ui END FROM v2_button_feedback
         ORDER BY ${order === 'key' ? 'experience_point_id, local_time, feedback_id' : 'local_time - utc_offset_min * 60000, experience_point_id'}`,
      )
      .raw(true)
      .iterate() as IterableIterator<unknown[]>;
    for (const r of it) {
      chunk += `${r.join(',')}\n`;
      if (++rows % 50_000 === 0) {
        writeSync(fd, chunk);
        chunk = '';
      }
    }
    writeSync(fd, chunk);
  } finally {
    closeSync(fd);
    d.close();
  }
  return rows;
}

/**
 * sqlite3 `.import` of the CSV into the facts table's equivalent (same key, WITHOUT ROWID, WAL, NORMAL; `ui` one
 * byte as stored since migration 0016: its code exported as a letter).
 */
function sqliteImport(csv: string, db: string): { seconds: number; rows: number; version: string } {
  const version = spawnSync('sqlite3', ['--version'], { encoding: 'utf8' }).stdout.split(' ')[0] ?? '?';
  const script = [
    'PRAGMA journal_mode = WAL;',
    'PRAGMA synchronous = NORMAL;',
    'PRAGMA cache_size = -32000;',
    `CREATE TABLE v2_button_feedback (experience_point_id INTEGER NOT NULL, local_time INTEGER NOT NULL,
      feedback_id ANY NOT NULL, utc_offset_min INTEGER NOT NULL, survey_id INTEGER NOT NULL, smiley_id INTEGER NOT NULL,
      button_index INTEGER NOT NULL, misuse INTEGER NOT NULL, position INTEGER, ui TEXT,
      PRIMARY KEY (experience_point_id, local_time, feedback_id)) WITHOUT ROWID;`,
    '.mode csv',
    `.import --skip 1 ${csv} v2_button_feedback`,
    'SELECT count(*) FROM v2_button_feedback;',
  ].join('\n');
  const started = performance.now();
  const out = spawnSync('sqlite3', [db], { input: script, encoding: 'utf8', maxBuffer: 1 << 24 });
  const seconds = (performance.now() - started) / 1000;
  if (out.status !== 0) throw new Error(`sqlite3 failed: ${out.stderr}`);
  return { seconds, rows: Number(out.stdout.trim().split('\n').at(-1)), version };
}

export async function run(args: string[]): Promise<void> {
  const opt = (name: string): string | undefined =>
    args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const size = opt('size') ?? 'large';
  const since = opt('since');
  const until = opt('until');
  const window = [...(since ? ['--since', since] : []), ...(until ? ['--until', until] : [])];
  const windowText = window.length
    ? ` — only the window ${since ?? 'start'} … ${until ?? 'now'} (a partial sync)`
    : '';
  const dir = mkdtempSync(join(tmpdir(), 'fd-bench-sync-'));
  const db = join(dir, `${size}.sqlite`);
  console.log(`files in ${dir}; ${new Date().toISOString()}; load average ${loadAverage()}`);
  try {
    const reuse = opt('base-url');
    const emulator = reuse
      ? { url: reuse, presses: 'NaN', startSeconds: NaN, cpuSeconds: () => NaN, stop: () => undefined }
      : await startEmulatorProcess(size);
    let ours: { rate: number; items: number } | null = null;
    try {
      console.log(
        reuse
          ? `\nfull v2 sync of the ${size} world from the emulator running at ${reuse}${windowText}`
          : `\nfull v2 sync of the ${size} world (${fmt(Number(emulator.presses))} presses), emulator in its own process${windowText}`,
      );
      if (!reuse)
        console.log(
          `  emulator start-up (world generated, listening): ${emulator.startSeconds.toFixed(1)} s`,
        );
      const emulatorCpuBefore = emulator.cpuSeconds();
      const full = await runSync(emulator.url, db, window);
      const emulatorCpu = emulator.cpuSeconds() - emulatorCpuBefore;
      if (full.code !== 0) throw new Error(`sync failed (${full.code}):\n${full.stdout}`);
      const fb = feedbackLine(full.stdout);
      ours = { rate: fb.items / fb.seconds, items: fb.items };
      console.log(
        `  button feedbacks: ${fmt(fb.items)} in ${fb.seconds.toFixed(1)} s → ${fmt(ours.rate)} per second (tree + feedback stream)`,
      );
      console.log(
        `  whole command (start, tree, button feedbacks, every other v2 resource): ${full.wallSeconds.toFixed(1)} s`,
      );
      console.log(`  peak RSS of the sync process: ${fmt(full.peakRssMb)} MB (target ≤ 300)`);
      // Both share this machine's cores: the emulator's part is the yardstick's cost, which a remote service bears.
      console.log(
        `  CPU (user + system): the sync ${full.cpuSeconds.toFixed(1)} s` +
          (Number.isNaN(emulatorCpu) ? '' : `, the emulator ${emulatorCpu.toFixed(1)} s over the same time`),
      );
      // What the command said after the sync: the check against the counts, the file check, the after-sync work.
      for (const line of full.stdout.split('\n'))
        if (/^(Checked against|Check:|After the sync)/.test(line)) console.log(`  the command: ${line}`);
      console.log(`  load average after the sync (other work on this machine): ${loadAverage()}`);
      const bytes = statSync(db).size;
      console.log(
        `  file: ${fmt(bytes / 1e6)} MB, ${(bytes / fb.items).toFixed(1)} bytes per button feedback; where they go (dbstat; target ≤ 80 B/press):`,
      );
      printBytes(db);
    } finally {
      emulator.stop();
    }

    if (!args.includes('--skip-import') && ours) {
      console.log(
        '\nsqlite3 .import ceiling (same rows, same key, WITHOUT ROWID, WAL, one transaction, no rollups)',
      );
      for (const order of ['time', 'key'] as const) {
        const csv = join(dir, `facts-${order}.csv`);
        const t0 = performance.now();
        const rows = exportCsv(db, csv, order);
        const exported = (performance.now() - t0) / 1000;
        const imp = sqliteImport(csv, join(dir, `import-${order}.sqlite`));
        const rate = imp.rows / imp.seconds;
        console.log(
          `  ${order === 'time' ? 'in the order the service sends them (time)' : 'in key order (best case)'}: CSV of ${fmt(rows)} rows (${fmt(statSync(csv).size / 1e6)} MB, exported in ${exported.toFixed(1)} s); sqlite3 ${imp.version} .import ${imp.seconds.toFixed(1)} s → ${fmt(rate)} rows/s; sync ÷ .import = ${(ours.rate / rate).toFixed(2)}${order === 'time' ? ' (target ≥ 0.5)' : ''}`,
        );
        rmSync(csv, { force: true });
        rmSync(join(dir, `import-${order}.sqlite`), { force: true });
      }
    }

    if (args.includes('--skip-incremental')) return;
    const demo = await startEmulatorProcess('demo');
    try {
      const demoDb = join(dir, 'demo.sqlite');
      const first = await runSync(demo.url, demoDb);
      if (first.code !== 0) throw new Error(`demo sync failed:\n${first.stdout}`);
      const fb = feedbackLine(first.stdout);
      console.log(
        `\ndemo world (${fmt(Number(demo.presses))} presses): full v2 sync ${first.wallSeconds.toFixed(1)} s (button feedbacks ${fmt(fb.items / fb.seconds)}/s), peak RSS ${fmt(first.peakRssMb)} MB`,
      );
      const again = await runSync(demo.url, demoDb);
      if (again.code !== 0) throw new Error(`incremental sync failed:\n${again.stdout}`);
      const inc = feedbackLine(again.stdout);
      console.log(
        `  incremental sync with nothing new: ${again.wallSeconds.toFixed(2)} s for the whole command (target < 3 s); trailing window ${fmt(inc.items)} button feedbacks re-fetched and replaced`,
      );
    } finally {
      demo.stop();
    }
  } finally {
    if (!args.includes('--keep')) rmSync(dir, { recursive: true, force: true });
  }
}
