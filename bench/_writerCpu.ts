// The writer's CPU per press on real rows, without the network or the sync thread: the presses of a synced store
// (e.g. `npm run bench -- first-chart --phases=large --keep`: the first window of `large`) read back in time order as
// 10,000-row pages, gathered into the sync's batches (ten pages) and appended to a new store with the same tree, on
// this thread, as the writer thread does. Prints the CPU (user + system) of the appends alone, per press, and the
// new file's bytes per press. Run: npx node bench/_writerCpu.ts SOURCE.sqlite [maxRows] [--check] [--say]
// (--check: every fact and rollup row compared with the source's; --say: 'appending' on stderr when the timed part
// starts, e.g. to attach `perf record -p` to it alone; --cache-mb=N: the new store's page cache, N MB instead of the
// writer connection's; --pages-per-batch=N: N pages a batch instead of the sync's 10; --autocheckpoint=N: the WAL checkpointed every N pages
// instead of the writer connection's 16,384).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openStore, writerCacheKb, writerCheckpointPages } from '../src-main/store/db.ts';
import { createBatchPool } from '../src-main/store/repos/batchPool.ts';
import { createBatchBuilder } from '../src-main/store/repos/batchGathering.ts';
import { batchBuffers, emptyColumns, noPosition, noUi } from '../src-main/store/repos/feedbackBatch.ts';
import type { PageColumns } from '../src-main/store/repos/feedbackBatch.ts';
import { uiOf } from '../src-main/store/repos/uiCode.ts';
import { factColumns } from '../src-main/store/repos/factInsert.ts';

const source = process.argv[2];
if (!source) throw new Error('usage: npx node bench/_writerCpu.ts SOURCE.sqlite [maxRows]');
const maxRows = Number(process.argv.slice(3).find((a) => !a.startsWith('--')) ?? 1e12);
const pageSize = 10_000;
const pagesPerBatch = Number(
  process.argv.find((a) => a.startsWith('--pages-per-batch='))?.slice('--pages-per-batch='.length) ?? 10,
);

interface Row {
  p: number;
  t: number;
  id: Buffer | string;
  o: number;
  s: number;
  sm: number;
  b: number;
  m: number;
  pos: number | null;
  ui: string | null;
  ty: string;
}

/** The source's presses in the service's order (UTC time), as pages of columns. */
function readPages(): { pages: PageColumns[]; tree: unknown[] } {
  const src = new Database(source as string, { readonly: true });
  const tree = src
    .prepare('SELECT experience_point_id, name, parent_id, type FROM experience_point')
    .raw()
    .all();
  const rows = src
    .prepare(
      `SELECT f.experience_point_id AS p, f.local_time AS t, f.feedback_id AS id, f.utc_offset_min AS o, f.survey_id AS s,
         f.smiley_id AS sm, f.button_index AS b, f.misuse AS m, f.position AS pos, ${uiOf('f.ui')} AS ui,
         coalesce(y.smiley_type, 'SMILEY_TERMINAL') AS ty
       FROM v2_button_feedback f LEFT JOIN smiley y USING (smiley_id)
       ORDER BY f.local_time - f.utc_offset_min * 60000, f.feedback_id LIMIT ?`,
    )
    .iterate(maxRows) as IterableIterator<Row>;
  const pages: PageColumns[] = [];
  let page: Row[] = [];
  for (const r of rows) {
    page.push(r);
    if (page.length === pageSize) {
      pages.push(columnsOf(page));
      page = [];
    }
  }
  if (page.length) pages.push(columnsOf(page));
  src.close();
  return { pages, tree };
}

function columnsOf(rows: Row[]): PageColumns {
  const n = rows.length;
  const c: PageColumns = emptyColumns(n);
  const smileys = new Map<number, string>();
  rows.forEach((r, i) => {
    c.point[i] = r.p;
    c.localMs[i] = r.t;
    c.offsetMin[i] = r.o;
    c.survey[i] = r.s;
    c.smiley[i] = r.sm;
    c.button[i] = r.b;
    c.misuse[i] = r.m;
    c.position[i] = r.pos ?? noPosition;
    if (r.ui === null) c.ui[i] = noUi;
    else {
      let u = c.uiNames.indexOf(r.ui);
      if (u < 0) u = c.uiNames.push(r.ui) - 1;
      c.ui[i] = u;
    }
    if (typeof r.id === 'string') c.textIds.set(i, r.id);
    else c.ids.set(r.id, i * 16);
    smileys.set(r.sm, r.ty);
  });
  c.smileys = [...smileys];
  return c;
}

const { pages, tree } = readPages();
const total = pages.reduce((s, p) => s + p.n, 0);
const dir = mkdtempSync(join(tmpdir(), 'fd-bench-writer-'));
const path = join(dir, 'store.sqlite');
const store = openStore(path);
const cacheMb = process.argv.find((a) => a.startsWith('--cache-mb='))?.slice('--cache-mb='.length);
store.db.pragma(`cache_size = -${cacheMb ? Number(cacheMb) * 1000 : writerCacheKb}`); // the writer thread's
const autocheckpoint = process.argv
  .find((a) => a.startsWith('--autocheckpoint='))
  ?.slice('--autocheckpoint='.length);
store.db.pragma(`wal_autocheckpoint = ${autocheckpoint ? Number(autocheckpoint) : writerCheckpointPages}`);
const insertNode = store.db.prepare('INSERT INTO experience_point VALUES (?, ?, ?, ?)');
store.db.transaction(() => tree.forEach((r) => insertNode.run(r as unknown[])))();
// Batches over reused buffers, given back once appended, as the sync's writer does (batchPool.ts).
const pool = createBatchPool();
const builder = createBatchBuilder(pool);
let buildUs = 0;
let appendUs = 0;
let inserted = 0;
const cpu = (): number => {
  const u = process.cpuUsage();
  return u.user + u.system;
};
if (process.argv.includes('--say')) console.error('appending');
const t0 = performance.now();
for (let k = 0; k < pages.length; k += pagesPerBatch) {
  const c0 = cpu();
  for (const page of pages.slice(k, k + pagesPerBatch)) builder.addColumns(page);
  const batch = builder.build();
  const c1 = cpu();
  inserted += store.buttonFeedback.append(batch, { stream: 'bench', cursor: { k } }).inserted;
  appendUs += cpu() - c1;
  pool.give(batchBuffers(batch));
  buildUs += c1 - c0;
}
const wall = (performance.now() - t0) / 1000;
store.db.pragma('wal_checkpoint(TRUNCATE)');
const bytes = statSync(path).size;
const load = (await import('node:fs')).readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(
  JSON.stringify({
    presses: total,
    inserted,
    appendCpuS: +(appendUs / 1e6).toFixed(2),
    appendUsPerPress: +(appendUs / total).toFixed(2),
    buildUsPerPress: +(buildUs / total).toFixed(2),
    wallS: +wall.toFixed(1),
    bytesPerPress: +(bytes / total).toFixed(1),
    rollupTotal: store.buttonFeedback.total(),
    cacheKb: -Number(store.db.pragma('cache_size', { simple: true })),
    load,
  }),
);
if (process.argv.includes('--check')) {
  // Every fact and rollup row as the source holds them (the source was written by the sync itself).
  store.db.prepare('ATTACH ? AS src').run(source);
  const tables = store.db
    .prepare(
      `SELECT name FROM src.sqlite_master WHERE type = 'table'
       AND (name = 'v2_button_feedback' OR name LIKE 'v2_button_rollup%' OR name LIKE 'v2_node_rollup%' OR name = 'smiley')`,
    )
    .pluck()
    .all() as string[];
  for (const t of tables) {
    const cols = t === 'v2_button_feedback' ? factColumns : '*';
    const diff = (a: string, b: string): number =>
      store.db
        .prepare(`SELECT count(*) FROM (SELECT ${cols} FROM ${a}.${t} EXCEPT SELECT ${cols} FROM ${b}.${t})`)
        .pluck()
        .get() as number;
    console.log(`${t}: ${diff('main', 'src')} rows not in the source, ${diff('src', 'main')} missing`);
  }
}
store.close();
rmSync(dir, { recursive: true, force: true });
