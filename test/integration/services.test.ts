// The composition root as both bridges see it: every contract command on a real store, the demo synced from the
// real emulator in-process, results instead of exceptions, progress events, cancel, busy.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuerySpec, SyncProgress } from '#shared/contract.ts';
import { startEmulator } from '#emulator/index.ts';
import { createServices } from '../../src-main/services.ts';
import type { EmulatorOptions, Services } from '../../src-main/services.ts';
import { tempDir } from './syncFixtures.ts';

let dir: string;
let services: Services;
const events: SyncProgress[] = [];
const emulatorLog: { started: EmulatorOptions[]; closed: number } = { started: [], closed: 0 };

beforeAll(() => {
  dir = tempDir('fd-services-');
  services = createServices({
    storePath: join(dir, 'demo.sqlite'),
    demoSize: 'tiny',
    // The real emulator, watched: which options it got and whether it was closed.
    startEmulator: async (options) => {
      emulatorLog.started.push(options);
      const running = await startEmulator(options);
      return { url: running.url, close: async () => (emulatorLog.closed++, running.close()) };
    },
  });
  services.onEvent('sync:progress', (p) => events.push(p));
});
afterAll(async () => {
  await services.close();
  rmSync(dir, { recursive: true, force: true });
});

const query = (spec: unknown) => services.handlers['analytics:query'](spec as QuerySpec);

describe('services', () => {
  it('reports an empty store before the demo', async () => {
    expect(await services.handlers['app:getState']({})).toEqual({
      ok: true,
      value: { hasData: false, storePath: join(dir, 'demo.sqlite'), lastSync: null, syncing: false },
    });
    expect(await services.handlers['sync:cancel']({})).toEqual({ ok: true, value: { cancelled: false } });
  });

  it('explores the demo: emulator started, synced with progress events, closed', async () => {
    const pending = services.handlers['demo:explore']({});
    const busy = await services.handlers['demo:explore']({});
    expect(busy).toMatchObject({ ok: false, error: { code: 'busy' } });
    expect(await services.handlers['app:getState']({})).toMatchObject({ ok: true, value: { syncing: true } });
    const result = await pending;
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.feedbackCount).toBeGreaterThan(0);
    expect(result.value.experiencePointCount).toBeGreaterThan(1);
    expect(emulatorLog).toEqual({
      started: [{ port: 0, host: '127.0.0.1', size: 'tiny', seed: 1 }],
      closed: 1,
    });

    // The demo is a profile like any other: the tree, the presses, every other v2 resource and the v1 side, then
    // the check against the emulator's aggregated counts.
    expect(events[0]).toMatchObject({ stream: 'v2:experience-points', phase: 'running' });
    const db = new Database(join(dir, 'demo.sqlite'), { readonly: true });
    for (const table of [
      'v2_survey',
      'v2_followup_feedback',
      'v2_text_feedback',
      'v2_alert',
      'v2_demographics',
      'v2_user',
      'v1_survey',
      'v1_press',
    ])
      expect(db.prepare(`SELECT count(*) FROM ${table}`).pluck().get(), table).toBeGreaterThan(0);
    db.close();
    expect(events.at(-1)).toMatchObject({ stream: 'verify', phase: 'done' });
    const check = await services.handlers['sync:lastVerification']({});
    if (!check.ok || !check.value) throw new Error('no verification was kept');
    expect(check.value.verification).toMatchObject({ mismatchCount: 0 });
    expect(check.value.verification.localTotal).toBe(check.value.verification.serviceTotal);
    const feedback = events.filter((e) => e.stream === 'v2:button-feedbacks');
    expect(feedback.at(-1)).toMatchObject({ phase: 'done', fraction: 1 });
    // Newest first: the recent window, then the history before it; on a first sync the two are disjoint, so
    // what both received adds up to the presses held.
    const received = events
      .filter((e) => (e.stream === 'v2:button-feedbacks' || e.stream === 'v2:history') && e.phase === 'done')
      .reduce((n, e) => n + e.items, 0);
    expect(received).toBe(result.value.feedbackCount);
    const fractions = feedback.map((e) => e.fraction ?? 0);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b)); // never goes backwards

    const state = await services.handlers['app:getState']({});
    expect(state).toMatchObject({
      ok: true,
      value: {
        hasData: true,
        syncing: false,
        lastSync: { source: 'v2', feedbackCount: result.value.feedbackCount },
      },
    });
  });

  it('lists the tree, root first', async () => {
    const tree = await services.handlers['tree:list']({});
    if (!tree.ok) throw new Error(tree.error.message);
    expect(tree.value[0]?.parent).toBeNull();
    expect(new Set(tree.value.map((t) => t.type))).toEqual(new Set(['GROUP', 'EXPERIENCE_POINT']));
  });

  it('answers a subtree query equal to a plain count over the fact rows', async () => {
    const tree = await services.handlers['tree:list']({});
    if (!tree.ok) throw new Error(tree.error.message);
    const group = tree.value.find((t) => t.type === 'GROUP' && t.parent !== null) ?? tree.value[0];
    if (!group) throw new Error('empty tree');
    // The subtree walked in JS from the listed tree (not the recursive CTE under test).
    const inside = new Set([group.experiencePointId]);
    for (let grew = true; grew;) {
      grew = false;
      for (const t of tree.value)
        if (t.parent !== null && inside.has(t.parent) && !inside.has(t.experiencePointId)) {
          inside.add(t.experiencePointId);
          grew = true;
        }
    }
    const db = new Database(join(dir, 'demo.sqlite'), { readonly: true });
    const expected = db
      .prepare(
        `SELECT local_day AS day, button_index AS buttonIndex, count(*) AS count FROM v2_button_feedback
         WHERE misuse = 0 AND experience_point_id IN (SELECT value FROM json_each(?)) GROUP BY 1, 2 ORDER BY 1, 2`,
      )
      .all(JSON.stringify([...inside]));
    db.close();
    expect(expected.length).toBeGreaterThan(0);
    const result = await query({
      measures: ['count'],
      groupBy: ['day', 'buttonIndex'],
      filter: { experiencePointIds: [group.experiencePointId] },
    });
    expect(result).toEqual({ ok: true, value: expected });
  });

  it('lists the scales of the demo and counts one scale like a plain count over facts joined to surveys', async () => {
    const db = new Database(join(dir, 'demo.sqlite'), { readonly: true });
    const perScale = db
      .prepare(
        `SELECT s.feedback_scale AS scale, count(*) AS presses FROM v2_button_feedback f
         JOIN v2_survey s ON s.survey_id = f.survey_id WHERE f.misuse = 0 GROUP BY 1 ORDER BY 2 DESC`,
      )
      .all() as { scale: string; presses: number }[];
    const npsDays = db
      .prepare(
        `SELECT f.local_day AS day, f.button_index AS buttonIndex, count(*) AS count FROM v2_button_feedback f
         JOIN v2_survey s ON s.survey_id = f.survey_id WHERE f.misuse = 0 AND s.feedback_scale = 'nps'
         GROUP BY 1, 2 ORDER BY 1, 2`,
      )
      .all();
    db.close();
    const scales = await services.handlers['analytics:scales']({});
    if (!scales.ok) throw new Error(scales.error.message);
    expect(scales.value.scales.map((s) => ({ scale: s.scale, presses: s.presses }))).toEqual(perScale);
    expect(scales.value.unknown).toEqual([]);
    expect(npsDays.length).toBeGreaterThan(0);
    expect(
      await query({ measures: ['count'], groupBy: ['day', 'buttonIndex'], filter: { scale: 'nps' } }),
    ).toEqual({
      ok: true,
      value: npsDays,
    });
    expect(await services.handlers['analytics:scales']({ experiencePointIds: ['x'] } as never)).toMatchObject(
      {
        ok: false,
        error: { code: 'bad-request' },
      },
    );
  });

  it('refuses a malformed or meaningless QuerySpec with bad-request, never throwing', async () => {
    for (const spec of [
      null,
      'counts',
      { measure: 'sum', groupBy: [], filter: {} },
      { measures: ['count'], groupBy: ['day; DROP TABLE x'], filter: {} },
      { measures: ['count'], groupBy: [], filter: { experiencePointIds: ['1 OR 1=1'] } },
      { measures: ['count'], groupBy: [], filter: { from: '2024-02-30' } },
      { measures: ['count'], groupBy: [], filter: { from: '2024-03-02', to: '2024-03-01' } },
      { measures: ['count'], groupBy: [], filter: {}, extra: true },
    ])
      expect(await query(spec), JSON.stringify(spec)).toMatchObject({
        ok: false,
        error: { code: 'bad-request' },
      });
  });

  it('cancels a running demo sync; the next explore resumes and finishes', async () => {
    // The tiny world: the cancel lands on a progress event (the first page of the presses), not at a moment, so a
    // bigger world only made the resumed run longer. The resumed run must then store the presses the cancel left out.
    const local = createServices({ storePath: join(dir, 'cancel.sqlite'), demoSize: 'tiny' });
    let cancelledAt: SyncProgress | null = null;
    const off = local.onEvent('sync:progress', (p) => {
      if (p.stream === 'v2:button-feedbacks' && p.phase === 'running' && p.pages >= 1 && !cancelledAt) {
        cancelledAt = p;
        void local.handlers['sync:cancel']({});
      }
    });
    expect(await local.handlers['demo:explore']({})).toMatchObject({
      ok: false,
      error: { code: 'cancelled' },
    });
    off();
    expect(cancelledAt).not.toBeNull();
    const stored = (): number => {
      const db = new Database(join(dir, 'cancel.sqlite'), { readonly: true });
      try {
        return db.prepare('SELECT count(*) FROM v2_button_feedback').pluck().get() as number;
      } finally {
        db.close();
      }
    };
    const partial = stored();
    const again = await local.handlers['demo:explore']({});
    if (!again.ok) throw new Error(again.error.message);
    // Resumed and finished: every press of the demo is stored, more than the cancelled run left.
    expect(stored()).toBe(again.value.feedbackCount);
    expect(again.value.feedbackCount).toBeGreaterThan(partial);
    await local.close();
  });

  it('cancels while the survey definitions sync; the next explore stores them and finishes', async () => {
    const local = createServices({ storePath: join(dir, 'cancel-surveys.sqlite'), demoSize: 'tiny' });
    const off = local.onEvent('sync:progress', (p) => {
      if (p.stream === 'v2:surveys' && p.phase === 'running') void local.handlers['sync:cancel']({});
    });
    expect(await local.handlers['demo:explore']({})).toMatchObject({
      ok: false,
      error: { code: 'cancelled' },
    });
    off();
    expect((await local.handlers['demo:explore']({})).ok).toBe(true);
    const scales = await local.handlers['analytics:scales']({});
    expect(scales.ok && scales.value.scales.map((s) => s.scale).sort()).toEqual([
      'five',
      'five_reversed',
      'four',
      'nps',
    ]);
    await local.close();
  });

  it('turns store and emulator failures into results', async () => {
    const notDb = join(dir, 'not-a-db.sqlite');
    writeFileSync(notDb, 'plain text, not SQLite '.repeat(100));
    const broken = createServices({
      storePath: notDb,
      startEmulator: async () => {
        throw new Error('port in use');
      },
    });
    expect(await broken.handlers['app:getState']({})).toMatchObject({
      ok: false,
      error: { code: 'store', message: expect.stringContaining('damaged') },
    });
    await broken.close();
    const noEmulator = createServices({
      storePath: join(dir, 'x.sqlite'),
      startEmulator: async () => Promise.reject(new Error('port in use')),
    });
    expect(await noEmulator.handlers['demo:explore']({})).toMatchObject({
      ok: false,
      error: { code: 'internal' },
    });
    await noEmulator.close();
    expect(await noEmulator.handlers['tree:list']({})).toMatchObject({ ok: false, error: { code: 'store' } });
  });

  it('rebuilds a damaged file: set aside with its bytes intact, then an empty store that the demo fills again', async () => {
    const path = join(dir, 'damaged.sqlite');
    const garbage = 'plain text, not SQLite '.repeat(100);
    writeFileSync(path, garbage);
    const local = createServices({ storePath: path, demoSize: 'tiny' });
    expect(await local.handlers['app:getState']({})).toMatchObject({ ok: false, error: { code: 'store' } });
    const rebuilt = await local.handlers['store:rebuild']({});
    if (!rebuilt.ok) throw new Error(rebuilt.error.message);
    const aside = rebuilt.value.setAsidePath;
    expect(aside).toMatch(/damaged\.sqlite\.damaged-/);
    expect(readFileSync(aside ?? '', 'utf8')).toBe(garbage); // nothing lost
    expect(existsSync(path)).toBe(false);
    expect(await local.handlers['app:getState']({})).toMatchObject({ ok: true, value: { hasData: false } });
    const explored = await local.handlers['demo:explore']({});
    expect(explored).toMatchObject({ ok: true });
    expect(await local.handlers['app:getState']({})).toMatchObject({ ok: true, value: { hasData: true } });
    await local.close();
  });
});
