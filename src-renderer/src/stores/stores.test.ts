// The Pinia stores with real Pinia over a small in-memory Handlers object (through the same Bridge interface).
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  fail,
  ok,
  type FeedbackScale,
  type Handlers,
  type QueryRow,
  type QuerySpec,
  type ScaleOverview,
} from '#shared/contract.ts';
import { withStubs } from '#shared/testing/withStubs.ts';
import { setClient } from '../client.ts';
import { handlersBridge, type HandlersBridge } from '../testing/handlersBridge.ts';
import { sampleTree } from '../testing/sampleTree.ts';
import { useAppStore } from './appStore.ts';
import { mostPressed, scaleOptions, selectedScale } from '../filters/scaleOptions.ts';
import { useTreeStore } from './treeStore.ts';

interface World {
  hasData: boolean;
  exploreFails: boolean;
  /** When set, the demo sync waits for sync:cancel and then answers 'cancelled'. */
  exploreWaitsForCancel: boolean;
  queryDelay: (spec: QuerySpec) => number;
  scalesDelay: (id: number | null) => number;
  /** The local file is damaged until store:rebuild sets it aside. */
  storeDamaged: boolean;
}

const survey = (surveyId: number, presses: number) => ({ surveyId, name: `Survey ${surveyId}`, presses });
/** Scales per subtree: 2 holds four faces and NPS (NPS most), 3 only four and five faces. */
const overviews: Record<number, ScaleOverview> = {
  2: {
    scales: [
      { scale: 'nps', presses: 50, surveys: [survey(20, 50)] },
      { scale: 'four', presses: 30, surveys: [survey(10, 30)] },
    ],
    unknown: [],
  },
  3: {
    scales: [
      { scale: 'four', presses: 40, surveys: [survey(10, 40)] },
      { scale: 'five_reversed', presses: 25, surveys: [survey(31, 25)] },
      { scale: 'five', presses: 20, surveys: [survey(30, 20)] },
    ],
    unknown: [survey(99, 7)],
  },
};
/** Rows per scale: the count says which scale and subtree answered (id × 10 + a digit per scale). */
const rowsFor = (id: number, scale: FeedbackScale | undefined): QueryRow[] => {
  const index = { four: 3, five: 4, five_reversed: 4, nps: 10 }[scale ?? 'four'];
  const digit = { four: 1, five: 2, five_reversed: 3, nps: 4 }[scale ?? 'four'];
  return [{ day: '2024-05-01', buttonIndex: index, count: id * 10 + digit }];
};
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

function smallHandlers(world: World, bridge: () => HandlersBridge): Handlers {
  let cancel: (() => void) | null = null;
  return withStubs({
    'app:getState': async () =>
      world.storeDamaged
        ? fail('store', 'The local data file is damaged.')
        : ok({ hasData: world.hasData, storePath: '/tmp/s.sqlite', lastSync: null, syncing: false }),
    'tree:list': async () => ok(sampleTree),
    'analytics:query': async (spec) => {
      await wait(world.queryDelay(spec));
      return ok(rowsFor(spec.filter.experiencePointIds?.[0] ?? 0, spec.filter.scale));
    },
    'analytics:scales': async (args) => {
      const id = args.experiencePointIds?.[0] ?? null;
      await wait(world.scalesDelay(id));
      return ok(overviews[id ?? 2] ?? { scales: [], unknown: [] });
    },
    'demo:explore': async () => {
      bridge().emit('sync:progress', {
        stream: 'v2:button-feedbacks',
        phase: 'running',
        items: 10,
        pages: 1,
        fraction: 0.4,
      });
      // A second stream starting: the whole sync is the mean of both, (0.4 + 0) / 2 = 0.2, not the newest's 0.
      bridge().emit('sync:progress', {
        stream: 'v2:comments',
        phase: 'running',
        items: 0,
        pages: 0,
        fraction: 0,
      });
      if (world.exploreWaitsForCancel) {
        await new Promise<void>((resolve) => (cancel = resolve));
        return fail('cancelled', 'The demo sync was cancelled.');
      }
      if (world.exploreFails) return fail('network', 'The demo service stopped answering. Try again.');
      world.hasData = true;
      return ok({ feedbackCount: 10, experiencePointCount: 6, seconds: 1 });
    },
    'sync:cancel': async () => {
      const stop = cancel;
      cancel = null;
      stop?.();
      return ok({ cancelled: stop !== null });
    },
    'store:rebuild': async () => {
      world.storeDamaged = false;
      world.hasData = false;
      return ok({ setAsidePath: '/tmp/s.sqlite.damaged-1' });
    },
  });
}

let world: World;
let bridge: HandlersBridge;

beforeEach(() => {
  setActivePinia(createPinia());
  world = {
    hasData: false,
    exploreFails: false,
    exploreWaitsForCancel: false,
    queryDelay: () => 0,
    scalesDelay: () => 0,
    storeDamaged: false,
  };
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
    expect(seen).toContain(0.2); // the two events land in one update: their mean, never the newest stream's 0
    expect(seen).not.toContain(0);
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

  it('cancels the demo sync (a notice, not an error) and exploring again resumes it', async () => {
    world.exploreWaitsForCancel = true;
    const app = useAppStore();
    await app.load();
    const first = app.exploreDemo();
    await wait(0);
    const cancelling = app.cancelExplore();
    expect(app.cancelling).toBe(true); // the Cancel button is disabled while main stops the sync
    await cancelling;
    expect(await first).toBe(false);
    expect(app).toMatchObject({ cancelled: true, cancelling: false, exploring: false, exploreError: null });
    expect(app.hasData).toBe(false); // still on first launch, where "Explore demo data" resumes
    expect(bridge.calls.map((c) => c.command)).toContain('sync:cancel');

    world.exploreWaitsForCancel = false;
    expect(await app.exploreDemo()).toBe(true);
    expect(app).toMatchObject({ cancelled: false, hasData: true });
  });

  it('offers to rebuild a damaged local file, and shows first launch after it', async () => {
    world.storeDamaged = true;
    const app = useAppStore();
    await app.load();
    expect(app).toMatchObject({ loadError: 'The local data file is damaged.', storeDamaged: true });
    expect(await app.rebuildStore()).toBe(true);
    expect(app).toMatchObject({ loadError: null, storeDamaged: false, hasData: false });
    expect(app.rebuiltAside).toBe('/tmp/s.sqlite.damaged-1');
    expect(bridge.calls.map((c) => c.command)).toEqual(['app:getState', 'store:rebuild', 'app:getState']);
  });

  it('does not ask to cancel when nothing is being explored', async () => {
    await useAppStore().cancelExplore();
    expect(bridge.calls).toEqual([]);
  });
});

describe('useTreeStore', () => {
  it('opens the top level, and groups open and close', async () => {
    const tree = useTreeStore();
    await Promise.all([tree.load(), tree.load()]); // two parts of the page ask at once: one request
    expect(bridge.calls.filter((c) => c.command === 'tree:list')).toHaveLength(1);
    expect(tree.rows.map((r) => r.id)).toEqual([1, 2, 3]);
    tree.toggle(2);
    expect(tree.rows.map((r) => r.id)).toEqual([1, 2, 4, 5, 3]);
    tree.setExpanded(1, false);
    expect(tree.rows.map((r) => r.id)).toEqual([1]);
  });
});

describe('scaleOptions', () => {
  it('groups five with five_reversed in a fixed order, keeps only scales with presses, knows the most pressed', () => {
    const options = scaleOptions(overviews[3] ?? null);
    expect(options.map((o) => [o.group, o.label, o.presses, o.scales])).toEqual([
      ['four', '4 faces', 40, ['four']],
      ['five', '5 faces', 45, ['five_reversed', 'five']],
    ]);
    expect(mostPressed(options)?.group).toBe('five'); // 25 + 20 beats four's 40
    expect(mostPressed([])).toBeNull();
    expect(scaleOptions(overviews[2] ?? null).map((o) => o.group)).toEqual(['four', 'nps']);
    expect(options[1]?.surveys.map((s) => s.surveyId)).toEqual([31, 30]); // most presses first
    expect(scaleOptions({ scales: [{ scale: 'nps', presses: 0, surveys: [] }], unknown: [] })).toEqual([]);
    expect(scaleOptions(null)).toEqual([]);
  });

  it('keeps a chosen scale while the subtree has it, else takes the most pressed', () => {
    const two = scaleOptions(overviews[2] ?? null);
    const three = scaleOptions(overviews[3] ?? null);
    expect(selectedScale(two, null)?.group).toBe('nps');
    expect(selectedScale(two, 'four')?.group).toBe('four');
    expect(selectedScale(three, 'nps')?.group).toBe('five'); // no NPS there: the most pressed
    expect(selectedScale([], 'four')).toBeNull();
  });
});
