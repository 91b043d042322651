// Write-rate measurement of the button feedback store: synthetic time-ordered 10k pages, as the v2 list sends them.
// Run: npx node bench/_writeRate.ts [rows=2000000] [points=500]
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ButtonFeedbackV2 } from '../src-main/core/records/v2Feedback.ts';
import { openStore } from '../src-main/store/db.ts';

const rows = Number(process.argv[2] ?? 2_000_000);
const points = Number(process.argv[3] ?? 500);
const pageSize = 10_000;
const dir = mkdtempSync(join(tmpdir(), 'fd-bench-'));
const store = openStore(join(dir, 'bench.sqlite'));

let seed = 42;
const rand = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const hex = (n: number): string =>
  Math.floor(rand() * 16 ** n)
    .toString(16)
    .padStart(n, '0');
const uuid = (): string => `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(6)}${hex(6)}`;
const start = Date.UTC(2024, 0, 1);
const stepMs = (2 * 365 * 86_400_000) / rows;
const pad = (n: number): string => String(n).padStart(2, '0');

function page(from: number): ButtonFeedbackV2[] {
  const items: ButtonFeedbackV2[] = [];
  for (let i = from; i < Math.min(rows, from + pageSize); i++) {
    const d = new Date(start + i * stepMs);
    const localTime = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.000+01:00`;
    const point = 1 + Math.floor(rand() * points);
    items.push({
      feedbackId: uuid(),
      smileyId: point * 2 + Math.floor(rand() * 2),
      localTime,
      surveyId: 1 + (point % 20), // a point runs one survey at a time, as in the service
      experiencePointId: point,
      buttonIndex: Math.floor(rand() * 4),
      misuse: rand() < 0.01,
      smileyType: 'SMILEY_TERMINAL',
      position: 0,
      ui: 'physical',
    });
  }
  return items;
}

let writeMs = 0;
let writeCpuUs = 0; // CPU time of the writes: steadier than wall time on a shared machine
let inserted = 0;
const t0 = performance.now();
for (let off = 0; off < rows; off += pageSize) {
  const items = page(off);
  const w0 = performance.now();
  const c0 = process.cpuUsage();
  inserted += store.buttonFeedback.writePage(items, {
    stream: 'bench',
    cursor: { offset: off + pageSize },
  }).inserted;
  const cpu = process.cpuUsage(c0);
  writeCpuUs += cpu.user + cpu.system;
  writeMs += performance.now() - w0;
  if ((off / pageSize) % 50 === 49)
    console.log(`${off + pageSize} rows: ${Math.round((off + pageSize) / (writeMs / 1000))} rows/s so far`);
}
const total = (performance.now() - t0) / 1000;
// A re-sync of the last 20 pages (all rows present): ON CONFLICT DO NOTHING path.
seed = 42;
let again = 0;
const r0 = performance.now();
for (let off = 0; off < Math.min(rows, 200_000); off += pageSize)
  again += store.buttonFeedback.writePage(page(off)).inserted;
const resyncRate = Math.min(rows, 200_000) / ((performance.now() - r0) / 1000);
store.db.pragma('wal_checkpoint(TRUNCATE)');
const bytes = statSync(join(dir, 'bench.sqlite')).size;
console.log(
  JSON.stringify({
    rows,
    points,
    inserted,
    writeRowsPerSec: Math.round(rows / (writeMs / 1000)),
    writeRowsPerCpuSec: Math.round(rows / (writeCpuUs / 1e6)),
    wallSeconds: +total.toFixed(1),
    resyncRowsPerSec: Math.round(resyncRate),
    resyncInserted: again,
    bytesPerRow: +(bytes / rows).toFixed(1),
    rollupTotal: store.buttonFeedback.total(),
  }),
);
store.close();
rmSync(dir, { recursive: true, force: true });
