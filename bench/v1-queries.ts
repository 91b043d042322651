// `npm run bench -- v1-queries`: whole-tree questions on a store synced through v1 alone, from the v1 node rollups (0011) and through the point views (the route before 0011), same run; and migration 0011's time.
// The point route is forced by a survey filter listing every survey (a question by survey reads the point views), so
// both answer the same question and the answers are compared. Options: --db=PATH (a store synced with --source v1;
// default: the --size world, default demo, is synced through v1 into a temp file first), --runs=N (default 15),
// --keep (keep the synced temp file and print its path). Heavy: run it under `flock /work/.bench.lock`.
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { QuerySpec } from '#shared/contract.ts';
import { pressTotals } from '../src-main/analytics/pressTotals.ts';
import { listTree, runQuery } from '../src-main/analytics/query.ts';
import { openStore, type Store } from '../src-main/store/db.ts';
import { rollBackSql } from '../src-main/store/repos/testing/rollBack.ts';
import { startEmulator, timeCli } from './_syncTiming.ts';

const worldNow = '2026-11-21T14:00:00Z';
const today = '2026-11-21';
const dateBefore = (days: number): string =>
  new Date(Date.parse(today) - days * 86_400_000).toISOString().slice(0, 10);
const option = (args: string[], name: string): string | undefined =>
  args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const loadAverage = (): string => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

async function syncV1World(size: string, db: string): Promise<number> {
  const emulator = await startEmulator(size, 0, worldNow);
  try {
    return await timeCli(['sync', '--base-url', emulator.url, '--db', db, '--source', 'v1'], {
      ...process.env,
      FEEDBACK_DESK_V1_CLIENT_ID: 'demo-client',
      FEEDBACK_DESK_V1_TOKEN: 'demo-token',
    });
  } finally {
    emulator.stop();
  }
}

/** Median and 95th percentile of `runs` timings of `f` (ms), after one warm-up. */
function time(runs: number, f: () => unknown): { p50: number; p95: number } {
  f();
  const t: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    f();
    t.push(performance.now() - t0);
  }
  t.sort((a, b) => a - b);
  const at = (q: number): number => t[Math.min(t.length - 1, Math.ceil(q * t.length) - 1)] ?? 0;
  return { p50: at(0.5), p95: at(0.95) };
}

function questions(store: Store): { name: string; spec: QuerySpec }[] {
  const tree = listTree(store.db);
  const root = tree.find((t) => t.parent === null)?.experiencePointId ?? 0;
  const country = tree.find((t) => t.parent === root && tree.some((c) => c.parent === t.experiencePointId));
  const year = { from: dateBefore(365), to: today };
  return [
    {
      name: 'whole tree, day × button, 365 days',
      spec: { measures: ['count'], groupBy: ['day', 'buttonIndex'], filter: year },
    },
    {
      name: 'whole tree, month × button, all time',
      spec: { measures: ['count'], groupBy: ['month', 'buttonIndex'], filter: {} },
    },
    {
      name: 'whole tree, weekday × hour of day, 365 days',
      spec: { measures: ['count'], groupBy: ['weekday', 'hourOfDay'], filter: year },
    },
    {
      name: 'one country, day × button, 365 days',
      spec: {
        measures: ['count'],
        groupBy: ['day', 'buttonIndex'],
        filter: { ...year, experiencePointIds: [country?.experiencePointId ?? root] },
      },
    },
    {
      name: "root's children, happy index, 90 days",
      spec: {
        measures: ['happyIndex', 'presses'],
        groupBy: ['experiencePointId'],
        experiencePointLevel: 'children',
        filter: { from: dateBefore(90), to: today, scale: 'four', experiencePointIds: [root] },
      },
    },
  ];
}

const ms = (n: number): string => n.toFixed(1).padStart(8);

export async function run(args: string[]): Promise<void> {
  const runs = Number(option(args, 'runs') ?? 15);
  const dir = mkdtempSync(join(tmpdir(), 'bench-v1-'));
  const given = option(args, 'db');
  const db = given ?? join(dir, 'v1.sqlite');
  try {
    if (!given) {
      const size = option(args, 'size') ?? 'demo';
      console.log(`v1 sync of the ${size} world: ${(await syncV1World(size, db)).toFixed(1)} s`);
    }
    const store = openStore(db);
    const surveys = store.db.prepare('SELECT survey_key FROM v1_survey').pluck().all() as number[];
    const count = (sql: string): number => Number(store.db.prepare(sql).pluck().get());
    console.log(
      `store: ${count('SELECT sum(presses) FROM v1_press').toLocaleString('en-US')} raw presses, ${surveys.length} surveys, ` +
        `${count('SELECT count(*) FROM v1_folder')} folders; point rows ${count('SELECT count(*) FROM v1_press_rollup_daily')} daily + ` +
        `${count('SELECT count(*) FROM v1_summed_result')} summed, node rows ${count('SELECT count(*) FROM v1_node_rollup_daily')} daily; load ${loadAverage()}`,
    );
    console.log(`${'question'.padEnd(46)} nodes p50/p95 ms   points p50/p95 ms   ratio p50`);
    for (const q of questions(store)) {
      const viaPoints: QuerySpec = { ...q.spec, filter: { ...q.spec.filter, surveyIds: surveys } };
      const same =
        JSON.stringify(runQuery(store.db, q.spec)) === JSON.stringify(runQuery(store.db, viaPoints));
      const a = time(runs, () => runQuery(store.db, q.spec));
      const b = time(runs, () => runQuery(store.db, viaPoints));
      console.log(
        `${q.name.padEnd(46)} ${ms(a.p50)} ${ms(a.p95)}   ${ms(b.p50)} ${ms(b.p95)}   ${(b.p50 / a.p50).toFixed(1).padStart(6)}×${same ? '' : '  ANSWERS DIFFER'}`,
      );
    }
    const totals = time(runs, () => pressTotals(store.db));
    const sum = Array.from({ length: 11 }, (_, i) => `n${i}`).join(' + ');
    const viewTotals = time(runs, () =>
      store.db.prepare(`SELECT sum(${sum}), sum((misuse = 0) * (${sum})) FROM v1_analytics_daily`).get(),
    );
    console.log(
      `${'totals (status)'.padEnd(46)} ${ms(totals.p50)} ${ms(totals.p95)}   ${ms(viewTotals.p50)} ${ms(viewTotals.p95)}   ${(viewTotals.p50 / totals.p50).toFixed(1).padStart(6)}×`,
    );
    store.close();
    // Migration 0011 on a copy as the version before left it: without the node rollups.
    const copy = join(dir, 'before-0011.sqlite');
    copyFileSync(db, copy);
    const raw = new Database(copy);
    raw.exec(`${rollBackSql(11)} VACUUM`); // 0012 (comment facets) goes and comes back too: empty in a v1 store
    raw.close();
    const t0 = performance.now();
    openStore(copy).close();
    console.log(`migrations 0011 on (opening the copy): ${((performance.now() - t0) / 1000).toFixed(2)} s`);
  } finally {
    if (args.includes('--keep') && !given) console.log(`kept ${db}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}
