// `npm run bench -- anomalies`: recall and false positives of the anomaly search on a generated world with injected
// incidents (emulator --incident), synced through the CLI as a user would, and false positives on a stored world
// without incidents. Options: --size=demo (the world with incidents), --seed=1, --clean-db=PATH (a synced world
// without incidents; default /work/cache/large.sqlite when it exists), --keep. Figures are printed, never asserted.
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findAnomalies } from '../src-main/analytics/anomalies.ts';
import { startEmulator } from '#emulator/index.ts';
import type { Incident } from '#emulator/world/incident.ts';
import { hashUnit } from '#emulator/world/prng.ts';
import { generateStructure } from '#emulator/world/structure.ts';
import type { World } from '#emulator/world/types.ts';
import { generateWorld, pressLocalDay } from '#emulator/world/world.ts';
import { openStore } from '../src-main/store/db.ts';
import type { AnomalyRow } from '#shared/contract.ts';
import { timeCli } from './_syncTiming.ts';

const worldNow = '2026-11-21T14:00:00Z';
const today = 20778; // 2026-11-21 as a local day number
const window = 60;
const dayText = (d: number): string => new Date(d * 86_400_000).toISOString().slice(0, 10);
const loadAverage = (): string => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** The generator's own bad days (pressGenerator.ts: BAD_DAY_RATE 0.03, key 0xbad): real dips no one injected. */
const isBadDay = (seed: number, epIndex: number, day: number): boolean =>
  hashUnit(seed, 0xbad, epIndex, day) < 0.03;

interface Planned extends Incident {
  kind: string;
  perDay: number;
}

/** Points by presses per day over the window, busiest first. */
function pointsByVolume(w: World): { id: number; index: number; perDay: number }[] {
  const counts = new Float64Array(w.experiencePoints.length);
  for (let i = 0; i < w.presses.count; i++) {
    const d = pressLocalDay(w, i);
    if (d >= today - window && d < today)
      counts[w.presses.ep[i] ?? 0] = (counts[w.presses.ep[i] ?? 0] ?? 0) + 1;
  }
  return w.experiencePoints
    .map((e) => ({ id: e.id, index: e.index, perDay: (counts[e.index] ?? 0) / window }))
    .sort((a, b) => b.perDay - a.perDay);
}

/** Incidents of three kinds on distinct points, their days spread over the window (never the last, partial day). */
function plan(points: { id: number; perDay: number }[]): Planned[] {
  const out: Planned[] = [];
  const kinds = [
    { kind: '3 days at 80 % red, busy point (the issue’s target)', from: 0, n: 10, days: 3, negative: 0.8 },
    {
      kind: '3 days at 40 % red, mid-volume point',
      from: Math.floor(points.length / 4),
      n: 10,
      days: 3,
      negative: 0.4,
    },
    {
      kind: '1 day at 40 % red, median point',
      from: Math.floor(points.length / 2),
      n: 10,
      days: 1,
      negative: 0.4,
    },
  ];
  for (const k of kinds)
    for (let j = 0; j < k.n; j++) {
      const p = points[k.from + j];
      if (!p) continue;
      const fromDay = today - window + 3 + ((j * 53 + k.from * 7) % (window - 8));
      out.push({
        kind: k.kind,
        perDay: p.perDay,
        pointId: p.id,
        fromDay,
        toDay: fromDay + k.days,
        negative: k.negative,
      });
    }
  return out;
}

function falsePositives(
  rows: AnomalyRow[],
  w: { seed: number; experiencePoints: { id: number; index: number }[] },
  incidents: Planned[],
  points: number,
) {
  const ids = new Map(w.experiencePoints.map((e) => [e.id, e.index]));
  let injected = 0;
  let bad = 0;
  let other = 0;
  for (const r of rows) {
    if (r.type !== 'EXPERIENCE_POINT') continue;
    const day = Date.parse(r.day) / 86_400_000;
    if (incidents.some((i) => i.pointId === r.experiencePointId && i.fromDay <= day && day < i.toDay))
      injected++;
    else if (isBadDay(w.seed, ids.get(r.experiencePointId) ?? -1, day)) bad++;
    else other++;
  }
  const per = (n: number): string => ((n / points) * (60 / window)).toFixed(3);
  return {
    injected,
    bad,
    other,
    line: `${bad} on generated bad days (${per(bad)} per point per 60 days), ${other} others (${per(other)} per point per 60 days)`,
  };
}

export async function run(args: string[]): Promise<void> {
  const opt = (name: string): string | undefined =>
    args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const size = (opt('size') ?? 'demo') as 'demo';
  const seed = Number(opt('seed') ?? 1);
  console.log(
    `load average ${loadAverage()}; world ${size}, seed ${seed}, now ${worldNow}; window ${dayText(today - window)} … ${dayText(today - 1)}`,
  );
  const clean = generateWorld({ seed, size, now: new Date(worldNow) });
  const volume = pointsByVolume(clean);
  const incidents = plan(volume);
  const world = generateWorld({ seed, size, now: new Date(worldNow), incidents });
  const dir = mkdtempSync(join(tmpdir(), 'fd-bench-anomalies-'));
  const db = join(dir, 'incidents.sqlite');
  const emulator = await startEmulator({ world, rateLimit: 1_000_000 });
  try {
    const seconds = await timeCli(
      ['sync', '--base-url', emulator.url, '--db', db, '--source', 'v2', '--skip-check'],
      { ...process.env, FEEDBACK_DESK_V2_TOKEN: 'demo-v2-token' },
    );
    console.log(`synced ${world.presses.count.toLocaleString('en-US')} presses in ${seconds.toFixed(1)} s`);
  } finally {
    await emulator.close();
  }
  try {
    const store = openStore(db);
    const t0 = performance.now();
    const answer = findAnomalies(store.db, {
      filter: { from: dayText(today - window), to: dayText(today) },
      measure: 'negativeShare',
    });
    console.log(
      `${answer.tests} cells tested, ${answer.rows.length} anomalies, ${(performance.now() - t0).toFixed(0)} ms`,
    );
    store.close();
    console.log(
      '\n| incidents | found (a day of it flagged worse) | incident days found | presses per day |',
    );
    console.log('| --- | --- | --- | --- |');
    for (const kind of [...new Set(incidents.map((i) => i.kind))]) {
      const of = incidents.filter((i) => i.kind === kind);
      let found = 0;
      let days = 0;
      let dayFound = 0;
      for (const i of of) {
        const hits = answer.rows.filter((r) => {
          const d = Date.parse(r.day) / 86_400_000;
          return (
            r.experiencePointId === i.pointId && r.worse && r.hour === null && i.fromDay <= d && d < i.toDay
          );
        });
        if (hits.length) found++;
        days += i.toDay - i.fromDay;
        dayFound += hits.length;
      }
      const perDay = of.map((i) => i.perDay).sort((a, b) => a - b);
      console.log(
        `| ${kind} | ${found} of ${of.length} | ${dayFound} of ${days} | ${perDay[0]?.toFixed(0)}–${perDay[perDay.length - 1]?.toFixed(0)} |`,
      );
    }
    const fp = falsePositives(answer.rows, world, incidents, world.experiencePoints.length);
    console.log(
      `\npoint-days flagged outside the incidents (${world.experiencePoints.length} points, ${window} days): ${fp.line}`,
    );
    const groups = answer.rows.filter((r) => r.type === 'GROUP');
    console.log(
      `group-days flagged: ${groups.length}; hourly anomalies: ${answer.rows.filter((r) => r.hour !== null).length}`,
    );
  } finally {
    if (!args.includes('--keep')) rmSync(dir, { recursive: true, force: true });
    else console.log(`kept ${db}`);
  }
  const cleanDb =
    opt('clean-db') ?? (existsSync('/work/cache/large.sqlite') ? '/work/cache/large.sqlite' : undefined);
  if (cleanDb) {
    const store = openStore(cleanDb);
    const points = Number(
      store.db.prepare("SELECT count(*) FROM experience_point WHERE type = 'EXPERIENCE_POINT'").pluck().get(),
    );
    const answer = findAnomalies(store.db, {
      filter: { from: dayText(today - window), to: dayText(today) },
      measure: 'negativeShare',
    });
    store.close();
    // The large world's own bad days: its structure (seed 1) numbers the points as the generator did.
    const large = generateStructure(1, 'large', Math.floor(Date.parse(worldNow) / 86_400_000));
    const fp = falsePositives(answer.rows, { seed: 1, experiencePoints: large.experiencePoints }, [], points);
    console.log(
      `\nworld without incidents (${cleanDb}, ${points} points, ${window} days, ${answer.tests} cells): ${fp.line}`,
    );
  }
}
