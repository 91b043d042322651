// Incremental syncs against the emulator's `small` world: only the requests the trailing window needs (counted on
// the server's side), a late misuse decision inside the window shows after the next sync (outside it does not),
// and a subtree scope holds exactly that subtree's presses.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createV2Client } from '../../src-main/api/v2/client.ts';
import { generateWorld, startEmulator } from '#emulator/index.ts';
import type { RunningEmulator, World } from '#emulator/index.ts';
import { PRESS_MISUSE } from '#emulator/world/types.ts';
import { feedbackId, pressLocalDay } from '#emulator/world/world.ts';
import { openStore } from '../../src-main/store/db.ts';
import { feedbackKey } from '../../src-main/store/repos/buttonFeedbackRepo.ts';
import { utcDate } from '../../src-main/sync/plan.ts';
import { syncV2 } from '../../src-main/sync/syncV2.ts';
import { canonicalDump, demoToken, requestCounter, tempDir } from './syncFixtures.ts';

const now = new Date('2026-11-21T14:00:00Z');
// Three years of days before `now` (the windows below are counted from it; the default start has its own test).
const since = utcDate(now, -3 * 365);
const day = 86_400_000;
const today = Math.floor(now.getTime() / day); // local day numbers, as pressLocalDay gives them
const pageSize = 200;
let world: World;
let emulator: RunningEmulator;
let dir: string;
let path: string;
let counted: () => Promise<number>;

beforeAll(async () => {
  world = generateWorld({ size: 'small', seed: 11, now });
  emulator = await startEmulator({ world, port: 0, host: '127.0.0.1' });
  dir = tempDir('fd-incr-');
  path = join(dir, 'incr.sqlite');
  counted = requestCounter(emulator.url);
  await counted();
});
afterAll(async () => {
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

const client = () => createV2Client({ baseUrl: emulator.url, token: demoToken });
const sync = async (extra: Partial<Parameters<typeof syncV2>[0]> = {}) => {
  const store = openStore(path);
  try {
    return await syncV2({ store, client: client(), now: () => now, since, pageSize, ...extra });
  } finally {
    store.close();
  }
};

/** Presses whose local day lies in [from, to) (day numbers), counted from the world's own columns. */
function pressesIn(from: number, to: number, inside: (ep: number) => boolean = () => true): number[] {
  const out: number[] = [];
  for (let i = 0; i < world.presses.count; i++) {
    const d = pressLocalDay(world, i);
    if (d >= from && d < to && inside(world.presses.ep[i] ?? 0)) out.push(i);
  }
  return out;
}
const pages = (n: number): number => Math.max(1, Math.ceil(n / pageSize));

describe('incremental sync', () => {
  it('a full sync asks for each window’s pages once; a second asks only for the trailing window’s', async () => {
    const first = await sync();
    expect(first.status).toBe('done');
    // By hand from the world: three years back from today (2023-11-22), windows of a year, up to today + 2
    // (2026-11-23): three year-long windows and a last one of a day, each at least one request.
    const start = Math.floor(Date.UTC(2023, 10, 22) / day);
    const windows = [
      [start, Math.floor(Date.UTC(2024, 10, 22) / day)],
      [Math.floor(Date.UTC(2024, 10, 22) / day), Math.floor(Date.UTC(2025, 10, 22) / day)],
      [Math.floor(Date.UTC(2025, 10, 22) / day), Math.floor(Date.UTC(2026, 10, 22) / day)],
      [Math.floor(Date.UTC(2026, 10, 22) / day), today + 2],
    ] as const;
    const expectedFirst = 1 + windows.reduce((n, [a, b]) => n + pages(pressesIn(a, b).length), 0);
    expect(await counted()).toBe(expectedFirst);
    expect(first.itemsReceived).toBe(pressesIn(start, today + 2).length);

    const second = await sync();
    // The trailing window: 3 whole days before the day before the last sync's UTC day, up to its end (today + 2).
    const trailing = pressesIn(today - 4, today + 2).length;
    expect(await counted()).toBe(1 + pages(trailing)); // the tree, and the window's pages
    expect(second.itemsReceived).toBe(trailing);
    // The same rows came back: none differs from what is stored, so none is removed or inserted.
    expect(second.rowsRemoved).toBe(0);
    expect(second.rowsInserted).toBe(0);
    expect(second.feedbackTotal).toBe(first.feedbackTotal);
  });

  it('reaching further back than a finished run fetches only the earlier days and the trailing window', async () => {
    const later = join(dir, 'later.sqlite');
    const run = async (from: string) => {
      const store = openStore(later);
      try {
        return await syncV2({ store, client: client(), now: () => now, since: from, pageSize });
      } finally {
        store.close();
      }
    };
    await run('2025-06-01');
    await counted();
    const r = await run(since);
    // By hand: the earlier days in windows of at most a year, cut where the stored range begins (2025-06-01), then
    // the trailing window as in the first test; the stored days between are not asked for again.
    const start = Math.floor(Date.UTC(2023, 10, 22) / day);
    const cut = Math.floor(Date.UTC(2024, 10, 22) / day);
    const stored = Math.floor(Date.UTC(2025, 5, 1) / day);
    const earlier = [pressesIn(start, cut).length, pressesIn(cut, stored).length];
    const trailing = pressesIn(today - 4, today + 2).length;
    expect(await counted()).toBe(1 + pages(earlier[0]!) + pages(earlier[1]!) + pages(trailing));
    expect(r.itemsReceived).toBe(earlier[0]! + earlier[1]! + trailing);
    // And the file holds what the first test's file holds (synced from the first day), the emulator's count of days.
    expect(r.feedbackTotal).toBe(pressesIn(start, today + 2).length);
    expect({ ...canonicalDump(later), checkpoint: null }).toEqual({
      ...canonicalDump(path),
      checkpoint: null,
    });
  });

  it('reflects a late misuse decision inside the trailing window after the next sync, not one older', async () => {
    const inside = pressesIn(today - 2, today - 1).filter(
      (i) => ((world.presses.flags[i] ?? 0) & PRESS_MISUSE) === 0,
    );
    const older = pressesIn(today - 30, today - 29).filter(
      (i) => ((world.presses.flags[i] ?? 0) & PRESS_MISUSE) === 0,
    );
    const flipped = inside.slice(0, 5);
    const outside = older.slice(0, 1);
    expect(flipped).toHaveLength(5);
    expect(outside).toHaveLength(1);
    const before = openStore(path);
    const withoutMisuse = before.buttonFeedback.total({ includeMisuse: false });
    const total = before.buttonFeedback.total();
    before.close();
    for (const i of [...flipped, ...outside])
      world.presses.flags[i] = (world.presses.flags[i] ?? 0) | PRESS_MISUSE;

    await sync();
    const db = new Database(path, { readonly: true });
    const misuseOf = (i: number): unknown =>
      db
        .prepare('SELECT misuse FROM v2_button_feedback WHERE feedback_id = ?')
        .pluck()
        .get(feedbackKey(feedbackId(world, i)));
    expect(flipped.map(misuseOf)).toEqual([1, 1, 1, 1, 1]);
    expect(outside.map(misuseOf)).toEqual([0]); // older than the trailing window: only a --full sync sees it
    const store = openStore(path, { mustExist: true });
    expect(store.buttonFeedback.total()).toBe(total);
    expect(store.buttonFeedback.total({ includeMisuse: false })).toBe(withoutMisuse - 5);
    store.close();
    // The rollups moved with the facts: equal to a plain GROUP BY recount of the facts (a second route).
    const recount = db
      .prepare(
        `SELECT local_time / 3600000, survey_id, misuse,
           ${Array.from({ length: 11 }, (_, b) => `sum(button_index = ${b})`).join(', ')}
         FROM v2_button_feedback GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
      )
      .raw()
      .all();
    // Node -1's hourly rows: every press (a row a swap took to zero says nothing).
    const counts = Array.from({ length: 11 }, (_, b) => `n${b}`);
    expect(
      db
        .prepare(
          `SELECT local_hour, survey_id, misuse, ${counts.join(', ')} FROM v2_node_rollup_hourly
           WHERE node_id = -1 AND ${counts.join(' + ')} > 0 ORDER BY 1, 2, 3`,
        )
        .raw()
        .all(),
    ).toEqual(recount);
    db.close();

    // A full sync replaces everything: then the older decision shows too, and the file equals a fresh sync's.
    await sync({ full: true });
    const fresh = join(dir, 'fresh.sqlite');
    const s = openStore(fresh);
    await syncV2({ store: s, client: client(), now: () => now, since, pageSize });
    s.close();
    const a = canonicalDump(path);
    const b = canonicalDump(fresh);
    expect({ ...a, checkpoint: null }).toEqual({ ...b, checkpoint: null }); // the cursors differ: one was --full
    for (const i of flipped) world.presses.flags[i] = (world.presses.flags[i] ?? 0) & ~PRESS_MISUSE;
    for (const i of outside) world.presses.flags[i] = (world.presses.flags[i] ?? 0) & ~PRESS_MISUSE;
  });

  it('a subtree scope holds exactly the presses under that group', async () => {
    const country = world.nodes.find((n) => n.depth === 1 && n.type === 'GROUP');
    if (!country) throw new Error('no country group');
    const scoped = join(dir, 'scoped.sqlite');
    const store = openStore(scoped);
    const r = await syncV2({ store, client: client(), now: () => now, since, scope: [country.id] });
    store.close();
    expect(r.status).toBe('done');
    const start = Math.floor(Date.UTC(2023, 10, 22) / day);
    // `ep` indexes world.experiencePoints; its node lies in the group's subtree when the node index is in range.
    const inSubtree = (ep: number): boolean => {
      const node = world.experiencePoints[ep]?.nodeIndex ?? -1;
      return node >= country.index && node < country.subtreeEnd;
    };
    expect(canonicalDump(scoped).facts).toBe(pressesIn(start, today + 2, inSubtree).length);
    const db = new Database(scoped, { readonly: true });
    const points = db
      .prepare('SELECT DISTINCT experience_point_id FROM v2_button_feedback')
      .pluck()
      .all() as number[];
    db.close();
    const allowed = new Set(world.nodes.slice(country.index, country.subtreeEnd).map((n) => n.id));
    expect(points.every((p) => allowed.has(p))).toBe(true);
  });
});
