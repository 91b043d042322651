// The data file's update in the renderer, with real Pinia over an in-memory bridge: while it runs, the views'
// commands wait in the page (the update's own do not), and they go once it is done or has failed.
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ok, type StoreMigration } from '#shared/contract.ts';
import { withStubs } from '#shared/testing/withStubs.ts';
import { setClient, setInvokeGate, useClient } from '../client.ts';
import { handlersBridge, type HandlersBridge } from '../testing/handlersBridge.ts';
import { useMigrationStore } from './migrationStore.ts';

const step = (phase: StoreMigration['phase'], s: number): StoreMigration => ({
  phase,
  step: s,
  steps: 2,
  name: s === 1 ? '0012 first' : '0013 second',
  seconds: s * 3,
  error: phase === 'failed' ? 'It stopped.' : null,
});
const tick = () => new Promise((r) => setTimeout(r, 0));

let bridge: HandlersBridge;
let state: StoreMigration | null;
beforeEach(() => {
  setActivePinia(createPinia());
  state = step('running', 1);
  bridge = handlersBridge(
    withStubs({
      'store:migration': async () => ok(state),
      'tree:list': async () => ok([]),
    }),
  );
  setClient(bridge);
});
afterEach(() => {
  setInvokeGate(null);
  setClient(null);
});

describe('the data file’s update in the page', () => {
  it('holds the views’ commands while it runs and lets them go when it is done', async () => {
    const migration = useMigrationStore();
    migration.watch();
    const tree = useClient().invoke('tree:list', {});
    await tick();
    expect(migration.current).toEqual(step('running', 1));
    expect(bridge.calls.map((c) => c.command)).toEqual(['store:migration']); // tree:list waits in the page
    bridge.emit('store:migration', step('running', 2));
    await tick();
    expect(migration.running).toBe(true);
    expect(bridge.calls).toHaveLength(1);
    bridge.emit('store:migration', step('done', 2));
    expect(await tree).toEqual({ ok: true, value: [] });
    expect(bridge.calls.map((c) => c.command)).toEqual(['store:migration', 'tree:list']);
    expect(migration.running).toBe(false);
  });

  it('lets them go at once when no update runs, and after a failure (main answers it)', async () => {
    state = null;
    const migration = useMigrationStore();
    migration.watch();
    expect(await useClient().invoke('tree:list', {})).toEqual({ ok: true, value: [] });
    bridge.emit('store:migration', step('running', 1));
    const tree = useClient().invoke('tree:list', {});
    await tick();
    expect(bridge.calls.filter((c) => c.command === 'tree:list')).toHaveLength(1);
    bridge.emit('store:migration', step('failed', 1));
    await tree;
    expect(bridge.calls.filter((c) => c.command === 'tree:list')).toHaveLength(2);
    expect(migration.failed).toBe(true);
  });
});
