// v1 folder alerts over real HTTP. Expected alerts: the world's evaluated alerts (world/alerts.ts) filtered here by
// the rules of api-v1.md §4.12 (open at any time in the range; UTC instants or wall-clock text compared in the
// survey zone via Intl), the folder scope and the four-button rule; object shapes from DECISIONS.md.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '#emulator/index.ts';
import { type Alert, worldAlerts } from '#emulator/world/alerts.ts';
import type { TreeNode } from '#emulator/world/types.ts';
import {
  type Cursor,
  NOW,
  expectError,
  localTs,
  pagesOf,
  smallPageServer,
  v1,
  v1Json,
} from './emulator-v1-support.ts';

interface V1Alert {
  key: number;
  alertType: string;
  survey: {
    key: number;
    question: { key: number; name: string; locale: string };
    folder: { key: number; name: string };
    timezone: string;
  };
  alertSpecification: { key: number };
  beginTime: string;
  endTime?: string;
  parameters: Record<string, unknown>;
}

let emu: RunningEmulator;
let root: TreeNode;
const enc = encodeURIComponent;

/** The world's alerts of four-button surveys at points under `node` (or at `node` only), by beginTime. */
function alertsUnder(node: TreeNode, children: boolean): Alert[] {
  const w = emu.world;
  const all = worldAlerts(w);
  return all.alerts.filter((a) => {
    const spec = all.specifications[a.specIndex];
    const ep = w.experiencePoints[spec?.epIndex ?? -1];
    if (!spec || !ep || w.surveys[spec.surveyIndex]?.buttons !== 4) return false;
    return children
      ? ep.nodeIndex >= node.index && ep.nodeIndex < node.subtreeEnd
      : ep.nodeIndex === node.index;
  });
}
function zoneOfAlert(a: Alert): string {
  const spec = worldAlerts(emu.world).specifications[a.specIndex];
  return emu.world.experiencePoints[spec?.epIndex ?? -1]?.zone ?? 'UTC';
}
const keys = (list: { key?: number; id?: number }[]): number[] => list.map((a) => a.key ?? a.id ?? -1);
const alerts = async (path: string): Promise<V1Alert[]> =>
  (await v1Json<Cursor<V1Alert>>(emu.url, path)).data;

beforeAll(async () => {
  emu = await startEmulator({ seed: 5, size: 'small', now: NOW });
  const r = emu.world.nodes[0];
  if (!r) throw new Error('no root');
  root = r;
});
afterAll(async () => {
  await emu.close();
});

describe('v1 folder alerts: scope and shape', () => {
  it('lists the folder own surveys alerts, and those of every folder below with child_folders=true', async () => {
    const all = alertsUnder(root, true);
    expect(all.length).toBeGreaterThan(50);
    expect(await alerts(`folders/${root.id}/alerts`)).toEqual([]); // the root holds no surveys
    expect(keys(await alerts(`folders/${root.id}/alerts?child_folders=true`))).toEqual(keys(all));
    const spec = worldAlerts(emu.world).specifications[all[0]?.specIndex ?? -1];
    const ep = emu.world.experiencePoints[spec?.epIndex ?? -1];
    const node = emu.world.nodes[ep?.nodeIndex ?? -1];
    const region = emu.world.nodes.find((n) => n.id === node?.parentId);
    if (!node || !region) throw new Error('no point with alerts');
    expect(keys(await alerts(`folders/${node.id}/alerts`))).toEqual(keys(alertsUnder(node, false)));
    expect(await alerts(`folders/${region.id}/alerts?child_folders=false`)).toEqual([]);
    expect(keys(await alerts(`folders/${region.id}/alerts?child_folders=true`))).toEqual(
      keys(alertsUnder(region, true)),
    );
    await expectError(await v1(emu.url, 'folders/1/alerts'), 404);
    await expectError(
      await v1(emu.url, `folders/${root.id}/alerts?child_folders=maybe`),
      400,
      'child_folders',
    );
  });

  it('writes key, alertType, survey {key, question, folder, timezone}, alertSpecification {key}, times in the survey zone, parameters', async () => {
    const w = emu.world;
    const all = worldAlerts(w);
    const got = await alerts(`folders/${root.id}/alerts?child_folders=true`);
    const types = new Set<string>();
    for (const [k, item] of got.entries()) {
      const a = alertsUnder(root, true)[k];
      const spec = all.specifications[a?.specIndex ?? -1];
      const ep = w.experiencePoints[spec?.epIndex ?? -1];
      const assignment = w.assignments[spec?.assignmentIndex ?? -1];
      const q = w.questions[w.surveys[spec?.surveyIndex ?? -1]?.questionIndex ?? -1];
      if (!a || !spec || !ep || !assignment || !q) throw new Error('alert without specification');
      expect(Object.keys(item)).toEqual([
        'key',
        'alertType',
        'survey',
        'alertSpecification',
        'beginTime',
        ...(a.end === null ? [] : ['endTime']),
        'parameters',
      ]);
      expect(item.survey).toEqual({
        key: assignment.key,
        question: { key: q.id, name: q.text, locale: q.defaultLocale.replace('_', '-') },
        folder: { key: ep.id, name: ep.name },
        timezone: ep.zone,
      });
      expect(item.alertType).toBe(spec.type);
      expect(item.alertSpecification).toEqual({ key: spec.id });
      expect(item.beginTime).toBe(localTs(ep.zone, a.begin));
      if (a.end !== null) expect(item.endTime).toBe(localTs(ep.zone, a.end));
      expect(item.parameters).toEqual({ ...spec.params, ...a.calculated });
      expect(item.parameters.windowMin).toBeTypeOf('number');
      types.add(item.alertType);
    }
    expect(types.size).toBeGreaterThanOrEqual(2);
  });
});

describe('v1 folder alerts: ranges', () => {
  it('includes alerts open at any time in the UTC range: endTime >= date_start (or open), beginTime < date_end', async () => {
    const all = alertsUnder(root, true);
    const long = [...all]
      .filter((a) => a.end !== null)
      .sort((x, y) => (y.end ?? 0) - y.begin - ((x.end ?? 0) - x.begin))[0];
    if (!long || long.end === null) throw new Error('no closed alert');
    const at = (ms: number): string => enc(new Date(ms).toISOString());
    const path = (s: number, e: number): string =>
      `folders/${root.id}/alerts?child_folders=true&date_start=${at(s)}&date_end=${at(e)}`;
    const rule = (s: number, e: number): Alert[] =>
      all.filter((a) => (a.end === null || a.end >= s) && a.begin < e);
    // A range inside the alert: the alert opened before it and closed after it.
    const inside = await alerts(path(long.begin + 1, long.end - 1));
    expect(keys(inside)).toContain(long.id);
    expect(keys(inside)).toEqual(keys(rule(long.begin + 1, long.end - 1)));
    // Edges: endTime equal to date_start is in, beginTime equal to date_end is out.
    expect(keys(await alerts(path(long.end, long.end + 86_400_000)))).toContain(long.id);
    expect(keys(await alerts(path(long.end + 1, long.end + 86_400_000)))).not.toContain(long.id);
    expect(keys(await alerts(path(long.begin - 86_400_000, long.begin)))).not.toContain(long.id);
    expect(keys(await alerts(path(long.begin - 86_400_000, long.begin + 1)))).toContain(long.id);
    const [s, e] = [Date.parse('2026-02-01T00:00:00Z'), Date.parse('2026-05-01T00:00:00Z')];
    expect(keys(await alerts(path(s, e)))).toEqual(keys(rule(s, e)));
    // One bound alone.
    expect(keys(await alerts(`folders/${root.id}/alerts?child_folders=true&date_start=${at(s)}`))).toEqual(
      keys(rule(s, Infinity)),
    );
    expect(keys(await alerts(`folders/${root.id}/alerts?child_folders=true&date_end=${at(s)}`))).toEqual(
      keys(rule(-Infinity, s)),
    );
  });

  it('compares local_date_start / local_date_end in each survey zone (wall-clock time)', async () => {
    const all = alertsUnder(root, true);
    const [ls, le] = ['2025-06-01T00:00:00.000', '2025-09-01T12:00:00.000'];
    const wall = (a: Alert, ms: number): string => localTs(zoneOfAlert(a), ms).slice(0, 23);
    const want = all.filter((a) => (a.end === null || wall(a, a.end) >= ls) && wall(a, a.begin) < le);
    expect(want.length).toBeGreaterThan(5);
    const got = await alerts(
      `folders/${root.id}/alerts?child_folders=true&local_date_start=${ls}&local_date_end=${le}`,
    );
    expect(keys(got)).toEqual(keys(want));
  });

  it('answers 400 when the two range kinds are mixed, a range is reversed or a timestamp is malformed', async () => {
    const base = `folders/${root.id}/alerts?child_folders=true`;
    for (const mix of [
      'date_start=2026-01-01T00:00:00Z&local_date_start=2026-01-01T00:00:00.000',
      'date_start=2026-01-01T00:00:00Z&local_date_end=2026-02-01T00:00:00.000',
      'date_end=2026-02-01T00:00:00Z&local_date_start=2026-01-01T00:00:00.000',
      'date_end=2026-02-01T00:00:00Z&local_date_end=2026-02-01T00:00:00.000',
    ])
      await expectError(await v1(emu.url, `${base}&${mix}`), 400, 'local_date');
    await expectError(
      await v1(emu.url, `${base}&date_start=2026-02-01T00:00:00Z&date_end=2026-01-01T00:00:00Z`),
      400,
      'date_end',
    );
    await expectError(
      await v1(
        emu.url,
        `${base}&local_date_start=2026-02-01T00:00:00.000&local_date_end=2026-01-01T00:00:00.000`,
      ),
      400,
      'local_date_end',
    );
    await expectError(
      await v1(emu.url, `${base}&local_date_start=2026-02-01T00:00:00.000Z`),
      400,
      'local_date_start',
    );
    await expectError(await v1(emu.url, `${base}&date_start=2026-02-01`), 400, 'date_start');
  });
});

describe('v1 folder alerts: cursor pages', () => {
  it('cuts between beginTimes; continuing with date_start = moreResultsAfter covers the one big request', async () => {
    const whole = await alerts(`folders/${root.id}/alerts?child_folders=true`);
    const server = await smallPageServer(emu.world, { alerts: 10 });
    try {
      const pages = await pagesOf<V1Alert>(server.url, `folders/${root.id}/alerts?child_folders=true`);
      expect(pages.length).toBeGreaterThan(5);
      // date_start keeps alerts still open at the cursor, so a continuation repeats those: dedupe by key.
      const seen = new Map<number, V1Alert>();
      for (const p of pages) for (const a of p.data) if (!seen.has(a.key)) seen.set(a.key, a);
      expect([...seen.values()]).toEqual(whole);
      let before = 0;
      for (const p of pages.slice(0, -1)) {
        const last = p.data[p.data.length - 1]?.beginTime;
        expect(p.data.length).toBeGreaterThanOrEqual(10);
        expect(p.data.slice(10).every((a) => a.beginTime === last)).toBe(true);
        before = Math.max(
          before,
          whole.findIndex((a) => a.key === p.data[p.data.length - 1]?.key),
        );
        expect(p.meta.moreResultsAfter).toBe(whole[before + 1]?.beginTime);
      }
    } finally {
      await server.close();
    }
  });
});
