// The Pinia stores with real Pinia over a small in-memory Handlers object (through the same Bridge interface).
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, ok, type Handlers, type QuerySpec, type QueryRow } from '../../../src-shared/contract.ts';
import { setClient } from '../client.ts';
import { handlersBridge, type HandlersBridge } from '../testing/handlersBridge.ts';
import { sampleTree } from '../testing/sampleTree.ts';
import { useAppStore } from './appStore.ts';
import { dailyCountsQuery, useDailyCountsStore } from './dailyCountsStore.ts';
import { useTreeStore } from './treeStore.ts';

interface World {
  hasData: boolean;
  exploreFails: boolean;
  queryDelay: (spec: QuerySpec) => number;
}

function smallHandlers(world: World, bridge: () => HandlersBridge): Handlers {
  return {
    'app:getState': async () =>
      ok({ hasData: world.hasData, storePath: '/tmp/s.sqlite', lastSync: null, syncing: false }),
    'tree:list': async () => ok(sampleTree),
    'analytics:query': async (spec) => {
      await new Promise((r) => setTimeout(r, world.queryDelay(spec)));
      const id = spec.filter.experiencePointIds?.[0] ?? 0;
      const rows: QueryRow[] = [{ day: '2024-05-01', buttonIndex: 3, count: id }];
      return ok(rows);
    },
    'demo:explore': async () => {
      bridge().emit('sync:progress', {
        stream: 'v2:button-feedbacks',
        phase: 'running',
        items: 10,
        pages: 1,
        fraction: 0.4,
      });
      if (world.exploreFails) return fail('network', 'The demo service stopped answering. Try again.');
      world.hasData = true;
      return ok({ feedbackCount: 10, experiencePointCount: 6, seconds: 1 });
    },
    'sync:cancel': async () => ok({ cancelled: false }),
  };
}

let world: World;
let bridge: HandlersBridge;

beforeEach(() => {
  setActivePinia(createPinia());
  world = { hasData: false, exploreFails: false, queryDelay: () => 0 };
  bridge = handlersBridge(smallHandlers(world, () => bridge));
  setClient(bridge);
});

describe('useAppStore', () => {
  it('loads the state and explores the demo, following progress events', async () => {
    const app = useAppStore();
    await app.load();
    expect(app.hasData).toBe(false);
    const seen: Array<number | null> = [];
    app.$subscribe(() => seen.push(app.progressFraction));
    const done = app.exploreDemo();
    expect(app.exploring).toBe(true);
    expect(await done).toBe(true);
    expect(seen).toContain(0.4);
    expect(app.exploring).toBe(false);
    expect(app.hasData).toBe(true);
    expect(app.exploreError).toBeNull();
  });

  it('keeps the error message when the demo sync fails, and stays on first launch', async () => {
    world.exploreFails = true;
    const app = useAppStore();
    await app.load();
    expect(await app.exploreDemo()).toBe(false);
    expect(app.exploreError).toBe('The demo service stopped answering. Try again.');
    expect(app.hasData).toBe(false);
  });
});

describe('useTreeStore', () => {
  it('opens the top level and selects the single root', async () => {
    const tree = useTreeStore();
    await tree.load();
    expect(tree.selectedId).toBe(1);
    expect(tree.rows.map((r) => r.id)).toEqual([1, 2, 3]);
    tree.toggle(2);
    expect(tree.rows.map((r) => r.id)).toEqual([1, 2, 4, 5, 3]);
    tree.setExpanded(1, false);
    expect(tree.rows.map((r) => r.id)).toEqual([1]);
    tree.select(3);
    expect(tree.selectedItem?.name).toBe('South');
  });
});

describe('useDailyCountsStore', () => {
  it('asks for counts per day and button of the selected subtree', async () => {
    const counts = useDailyCountsStore();
    await counts.load(2);
    expect(bridge.calls.at(-1)).toEqual({
      command: 'analytics:query',
      args: { measure: 'counts', groupBy: ['day', 'buttonIndex'], filter: { experiencePointIds: [2] } },
    });
    expect(counts.table.series[3]?.data).toEqual([2]);
    expect(dailyCountsQuery(null).filter).toEqual({});
  });

  it('keeps the latest selection when an earlier answer arrives last', async () => {
    world.queryDelay = (spec) => (spec.filter.experiencePointIds?.[0] === 2 ? 40 : 0);
    const counts = useDailyCountsStore();
    const slow = counts.load(2);
    const fast = counts.load(3);
    await Promise.all([slow, fast]);
    expect(counts.loadedFor).toBe(3);
    expect(counts.table.total).toBe(3);
    expect(counts.loading).toBe(false);
  });
});
