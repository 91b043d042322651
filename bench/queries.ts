// `npm run bench -- queries`: the dashboard's questions on the `large` world, answered by the project (runQuery and
// the domain reads, from the local store) and by DuckDB over the same raw rows, in the same run: p50 and p95 per
// question and the ratio. Options: --size=large|xlarge|… (the world, default large), --db=PATH (a synced store of
// that world to reuse; default /work/cache/<size>.sqlite when it exists, else the world is synced into a temp file
// first), --runs=N (default 15), --keep, --only=TEXT (the questions whose name holds TEXT; A|B: either), --no-duckdb
// (the project's side only). Each question's wall time and CPU time (process.cpuUsage: what the answer itself cost,
// on a loaded machine). Then `status` and an incremental sync with nothing new, whole commands (bench/_syncTiming.ts;
// --skip-sync leaves the sync out). The last line: `queries: worst p95 N ms (CPU C ms), worst ratio R`.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { searchCommentPage } from '../src-main/analytics/comments.ts';
import { followupSummary } from '../src-main/analytics/followups.ts';
import { runQuery } from '../src-main/analytics/query.ts';
import { rank } from '../src-main/analytics/ranking.ts';
import { openStore } from '../src-main/store/db.ts';
import { alertReplayQuestions } from './_alertReplay.ts';
import { anomalyQuestions } from './_anomalies.ts';
import { commentQuestions } from './_comments.ts';
import { duckRows, openDuck, type Duck } from './_duckdb.ts';
import { intervalQuestions } from './_intervals.ts';
import { annotationQuestions } from './_annotations.ts';
import { startEmulator, timeCli, timeTotals } from './_syncTiming.ts';

/** The emulator's present for the benchmark worlds (as bench/sync.ts): the questions' "today". */
const worldNow = '2026-11-21T14:00:00Z';
const today = '2026-11-21';
const dayMs = 86_400_000;
const dateBefore = (date: string, days: number): string =>
  new Date(Date.parse(date) - days * dayMs).toISOString().slice(0, 10);
const loadAverage = (): string => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** Syncs the world from an emulator in its own process through the CLI (as a user would), into `db`. */
async function syncWorld(size: string, db: string): Promise<void> {
  const emulator = await startEmulator(size, 0, worldNow);
  try {
    await timeCli(['sync', '--base-url', emulator.url, '--db', db, '--source', 'v2'], {
      ...process.env,
      FEEDBACK_DESK_V2_TOKEN: 'demo-v2-token',
    });
  } finally {
    emulator.stop();
  }
}

interface Question {
  name: string;
  project: () => number; // rows answered
  duck: (d: Duck) => Promise<number>;
}

const pct = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** Wall and CPU time (this process's user + system, `process.cpuUsage`) of each run, each sorted, in ms. */
async function timeIt(runs: number, body: () => unknown): Promise<{ wall: number[]; cpu: number[] }> {
  await body(); // warm-up: statements prepared, pages cached
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await body();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return { wall: wall.sort((a, b) => a - b), cpu: cpu.sort((a, b) => a - b) };
}

export async function run(args: string[]): Promise<void> {
  const opt = (name: string): string | undefined =>
    args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const runs = Number(opt('runs') ?? 15);
  const size = opt('size') ?? 'large';
  const cached = `/work/cache/${size}.sqlite`;
  let db = opt('db') ?? (existsSync(cached) ? cached : undefined);
  let dir: string | null = null;
  if (!db) {
    dir = mkdtempSync(join(tmpdir(), 'fd-bench-queries-'));
    db = join(dir, `${size}.sqlite`);
    console.log(`syncing the ${size} world into ${db} …`);
    await syncWorld(size, db);
  }
  try {
    await measure(db, runs, {
      size,
      skipSync: args.includes('--skip-sync'),
      skipDuck: args.includes('--no-duckdb'),
      only: opt('only') ?? '',
    });
  } finally {
    if (dir && !args.includes('--keep')) rmSync(dir, { recursive: true, force: true });
  }
}

async function measure(
  path: string,
  runs: number,
  o: { size: string; skipSync: boolean; skipDuck: boolean; only: string },
): Promise<void> {
  console.log(`store ${path}; ${runs} runs per question after one warm-up; load average ${loadAverage()}`);
  const store = openStore(path);
  const sdb = store.db;
  const duck = o.skipDuck ? null : await openDuck(path, (l) => console.log(l));
  const presses = Number(sdb.prepare('SELECT count(*) FROM v2_button_feedback').pluck().get());
  // The country: the root's child with the most points below it; the point: the one with the most presses.
  const country = Number(
    sdb
      .prepare(
        `WITH RECURSIVE sub(top, id) AS (
           SELECT e.experience_point_id, e.experience_point_id FROM experience_point e
            WHERE e.parent_id = (SELECT experience_point_id FROM experience_point WHERE parent_id IS NULL)
           UNION ALL SELECT s.top, e.experience_point_id FROM experience_point e JOIN sub s ON e.parent_id = s.id)
         SELECT top FROM sub GROUP BY top ORDER BY count(*) DESC, top LIMIT 1`,
      )
      .pluck()
      .get(),
  );
  const point = Number(
    sdb
      .prepare(
        `SELECT experience_point_id FROM v2_button_rollup_daily GROUP BY 1
         ORDER BY sum(n0+n1+n2+n3+n4+n5+n6+n7+n8+n9+n10) DESC LIMIT 1`,
      )
      .pluck()
      .get(),
  );
  const y365 = dateBefore(today, 365);
  const d90 = dateBefore(today, 90);
  const d180 = dateBefore(today, 180);
  const d30 = dateBefore(today, 30);
  const d60 = dateBefore(today, 60);
  const word = 'staff';
  console.log(
    `${presses.toLocaleString('en-US')} presses; country ${country}, point ${point}; today ${today}; comment word '${word}'`,
  );
  const ms = (date: string): number => Date.parse(date);
  const inTree = (id: number): string => `point IN (SELECT point FROM closure WHERE ancestor = ${id})`;
  const day = 'local_time // 86400000';
  const questions: Question[] = [
    {
      name: 'overview: presses + Happy Index, four faces, 30 d vs previous 30 d',
      project: () =>
        runQuery(sdb, {
          measures: ['presses', 'happyIndex'],
          groupBy: [],
          filter: { from: d30, to: today, scale: 'four' },
          comparison: { kind: 'previousPeriod' },
        }).length,
      duck: (d) =>
        duckRows(
          d,
          `SELECT local_time >= ${ms(d30)} AS current, count(*) AS presses, 100 * sum(button) / (3 * count(*)) AS hi
           FROM press WHERE local_time >= ${ms(d60)} AND local_time < ${ms(today)} AND misuse = 0
             AND survey IN (SELECT survey FROM survey WHERE scale = 'four') GROUP BY 1`,
        ),
    },
    ...(
      [
        ['whole tree', null],
        ['one country', country],
        ['one point', point],
      ] as const
    ).map(([label, id]): Question => ({
      name: `trend day × button, 365 d, ${label}`,
      project: () =>
        runQuery(sdb, {
          measures: ['count'],
          groupBy: ['day', 'buttonIndex'],
          filter: { from: y365, to: today, ...(id !== null ? { experiencePointIds: [id] } : {}) },
        }).length,
      duck: (d) =>
        duckRows(
          d,
          `SELECT ${day} AS day, button, count(*) FROM press
             WHERE local_time >= ${ms(y365)} AND local_time < ${ms(today)} AND misuse = 0 ${id !== null ? `AND ${inTree(id)}` : ''}
             GROUP BY 1, 2 ORDER BY 1, 2`,
        ),
    })),
    {
      name: 'month × button, all time, whole tree',
      project: () =>
        runQuery(sdb, { measures: ['count'], groupBy: ['month', 'buttonIndex'], filter: {} }).length,
      duck: (d) =>
        duckRows(
          d,
          `SELECT strftime(epoch_ms(local_time), '%Y-%m') AS month, button, count(*) FROM press WHERE misuse = 0
           GROUP BY 1, 2 ORDER BY 1, 2`,
        ),
    },
    {
      name: 'heatmap weekday × hour of day, 365 d, whole tree',
      project: () =>
        runQuery(sdb, {
          measures: ['count'],
          groupBy: ['weekday', 'hourOfDay'],
          filter: { from: y365, to: today },
        }).length,
      duck: (d) =>
        duckRows(
          d,
          `SELECT isodow(epoch_ms(local_time)) AS weekday, (local_time // 3600000) % 24 AS hour, count(*) FROM press
           WHERE local_time >= ${ms(y365)} AND local_time < ${ms(today)} AND misuse = 0 GROUP BY 1, 2 ORDER BY 1, 2`,
        ),
    },
    {
      name: 'ranking of every point, Happy Index, 90 d (+ previous 90 d, sparklines)',
      project: () =>
        rank(sdb, {
          filter: { from: d90, to: today },
          scale: 'four',
          measure: 'happyIndex',
          level: 'points',
          top: 10,
        }).ranked,
      duck: (d) =>
        duckRows(
          d,
          `WITH c AS (SELECT point, local_time >= ${ms(d90)} AS current, count(*) AS n, sum(button) AS w FROM press
             WHERE local_time >= ${ms(d180)} AND local_time < ${ms(today)} AND misuse = 0
               AND survey IN (SELECT survey FROM survey WHERE scale = 'four') GROUP BY 1, 2),
           p AS (SELECT current, 100 * sum(w) / (3 * sum(n)) AS hi FROM c GROUP BY 1)
           SELECT c.point, c.current, c.n, (c.n * 100 * c.w / (3 * c.n) + 30 * p.hi) / (c.n + 30) AS adjusted
           FROM c JOIN p USING (current) ORDER BY current DESC, adjusted DESC`,
        ),
    },
    {
      name: `comment search '${word}' (count + newest 50)`,
      project: () => searchCommentPage(sdb, { query: word, limit: 50 }).hits.length,
      duck: async (d) =>
        (await duckRows(
          d,
          `SELECT count(*) FROM comment WHERE spam = 0 AND misuse = 0
             AND (regexp_matches(lower(text), '\\b${word}\\b') OR regexp_matches(lower(text_en), '\\b${word}\\b'))`,
        )) +
        (await duckRows(
          d,
          `SELECT id, point, local_time, text FROM comment WHERE spam = 0 AND misuse = 0
             AND (regexp_matches(lower(text), '\\b${word}\\b') OR regexp_matches(lower(text_en), '\\b${word}\\b'))
           ORDER BY local_time DESC, id DESC LIMIT 50`,
        )),
    },
    ...commentQuestions(sdb, { word, country, from: y365, to: today }),
    ...intervalQuestions(sdb, { country, today, d30, d60, d90, d180 }),
    ...annotationQuestions(sdb, { country, note: dateBefore(today, 28) }),
    ...alertReplayQuestions(sdb),
    ...anomalyQuestions(store, { country, point, today }),
    {
      name: 'follow-up pain points, 90 d, whole tree',
      project: () =>
        followupSummary(sdb, { filter: { from: d90, to: today }, side: 'painPoint' }).sides[0]?.options
          .length ?? 0,
      duck: (d) =>
        duckRows(
          d,
          `SELECT label, count(*) AS n FROM followup WHERE positive = 0 AND misuse = 0
             AND local_time >= ${ms(d90)} AND local_time < ${ms(today)} GROUP BY 1 ORDER BY 2 DESC`,
        ),
    },
  ];
  let worstP95 = 0;
  let worstCpuP95 = 0;
  let worstRatio = 0;
  console.log(
    '\n| question | project p50 / p95 ms | project CPU p50 / p95 ms | DuckDB p50 / p95 ms | ratio (p50) |',
  );
  console.log('|---|---|---|---|---|');
  // --only=A|B: the questions whose name holds A or B.
  const wanted = o.only.split('|');
  for (const q of questions.filter((q) => wanted.some((w) => q.name.includes(w)))) {
    const ours = await timeIt(runs, q.project);
    const theirs = duck ? (await timeIt(runs, () => q.duck(duck))).wall : null;
    const ratio = theirs ? pct(ours.wall, 50) / pct(theirs, 50) : NaN;
    worstP95 = Math.max(worstP95, pct(ours.wall, 95));
    worstCpuP95 = Math.max(worstCpuP95, pct(ours.cpu, 95));
    if (theirs) worstRatio = Math.max(worstRatio, ratio);
    const f = (s: number[]): string => `${pct(s, 50).toFixed(1)} / ${pct(s, 95).toFixed(1)}`;
    console.log(
      `| ${q.name} | ${f(ours.wall)} | ${f(ours.cpu)} | ${theirs ? f(theirs) : '—'} | ${theirs ? ratio.toFixed(2) : '—'} |`,
    );
  }
  duck?.closeSync();
  store.close();
  console.log(`\nload average ${loadAverage()}`);
  console.log('\n| command on the same store | p50 / p95 | target |\n|---|---|---|');
  await timeTotals(path, {
    runs: Math.min(runs, 5),
    size: o.size,
    now: worldNow,
    withSync: !o.skipSync,
    log: (line) => console.log(line),
  });
  console.log(`load average ${loadAverage()}`);
  console.log(
    `queries: worst p95 ${Math.round(worstP95)} ms (CPU ${Math.round(worstCpuP95)} ms), worst ratio ${worstRatio.toFixed(2)}`,
  );
}
