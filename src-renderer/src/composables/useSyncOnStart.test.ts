// Sync on start, as the window does it when it opens: once, only when the user asked for it and a profile is in use.
import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, describe, expect, it } from 'vitest';
import { defineComponent } from 'vue';
import { ok } from '#shared/contract.ts';
import { withStubs } from '#shared/testing/withStubs.ts';
import { setClient } from '../client.ts';
import { handlersBridge, type HandlersBridge } from '../testing/handlersBridge.ts';
import { useSyncOnStart } from './useSyncOnStart.ts';

enableAutoUnmount(afterEach);
afterEach(() => setClient(null));

function openWindow(syncOnStart: boolean, active: string | null): HandlersBridge {
  const bridge = handlersBridge(
    withStubs({
      'connections:list': async () =>
        ok({
          profiles: [],
          active,
          syncOnStart,
          credentials: { kind: 'keychain', description: 'the OS keychain', note: null },
        }),
      'sync:run': async () =>
        ok({
          profile: active ?? 'demo',
          streams: [],
          feedbackTotal: 1,
          seconds: 1,
          verification: null,
          verificationNote: null,
          afterSyncNote: null,
        }),
      'sync:history': async () => ok([]),
      'app:getState': async () =>
        ok({ hasData: true, storePath: '/tmp/a.sqlite', lastSync: null, syncing: false }),
    }),
  );
  setClient(bridge);
  const pinia = createPinia();
  setActivePinia(pinia);
  mount(defineComponent({ setup: () => (useSyncOnStart(), () => null) }), { global: { plugins: [pinia] } });
  return bridge;
}

const syncs = (bridge: HandlersBridge) => bridge.calls.filter((c) => c.command === 'sync:run').length;

describe('sync on start', () => {
  it('syncs the profile in use once when the setting is on', async () => {
    const bridge = openWindow(true, 'Acme');
    await flushPromises();
    expect(syncs(bridge)).toBe(1);
  });

  it('does not sync when the setting is off, or when only the demo data is in use', async () => {
    const off = openWindow(false, 'Acme');
    await flushPromises();
    expect(syncs(off)).toBe(0);
    const demo = openWindow(true, null);
    await flushPromises();
    expect(syncs(demo)).toBe(0);
  });
});
