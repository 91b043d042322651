// The header's sync control while the demo's first sync fills in history: its progress and Cancel, not a "Sync now"
// that main would answer busy; once the demo has landed, "Sync now" again.
import { mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { nextTick } from 'vue';
import { createMemoryHistory, createRouter } from 'vue-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ok, type SyncProgress, type SyncSummary } from '#shared/contract.ts';
import { withStubs } from '#shared/testing/withStubs.ts';
import { setClient } from '../../client.ts';
import { setFormatLocale } from '../../i18n/format.ts';
import { createAppI18n } from '../../i18n/index.ts';
import { useAppStore } from '../../stores/appStore.ts';
import { handlersBridge, type HandlersBridge } from '../../testing/handlersBridge.ts';
import HeaderSync from './HeaderSync.vue';

beforeAll(() => setFormatLocale('en-US'));
afterAll(() => setFormatLocale(null));

let bridge: HandlersBridge;
let finishDemo: (summary: SyncSummary) => void = () => {};
let cancels = 0;

beforeEach(() => {
  setActivePinia(createPinia());
  cancels = 0;
  bridge = handlersBridge(
    withStubs({
      'demo:explore': () => new Promise((resolve) => (finishDemo = (s) => resolve(ok(s)))),
      'sync:cancel': async () => {
        cancels++;
        return ok({ cancelled: true });
      },
      'app:getState': async () =>
        ok({ hasData: true, storePath: '/tmp/x.sqlite', lastSync: null, syncing: false }),
    }),
  );
  setClient(bridge);
});

const flush = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await nextTick();
  await new Promise((r) => setTimeout(r, 0));
};

async function mountHeader() {
  const stub = { template: '<div />' };
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [
      { path: '/', component: stub },
      { path: '/sync', name: 'sync', component: stub },
    ],
  });
  await router.push('/');
  return mount(HeaderSync, { global: { plugins: [router, createAppI18n()] } });
}

describe('HeaderSync', () => {
  it('shows the demo’s progress and Cancel while it syncs, then "Sync now"', async () => {
    const wrapper = await mountHeader();
    expect(wrapper.find('[data-testid="header-sync"]').exists()).toBe(true);

    const app = useAppStore();
    const exploring = app.exploreDemo();
    await flush();
    expect(wrapper.find('[data-testid="header-sync"]').exists()).toBe(false);
    expect(wrapper.get('[data-testid="header-sync-demo"]').text()).toContain('Syncing the demo…');

    // 3 of 8 done, as the sync reports it: 37.5% by hand (the app's percents keep one decimal).
    const progress: SyncProgress = {
      stream: 'history',
      phase: 'running',
      items: 3,
      pages: 1,
      fraction: 3 / 8,
    };
    bridge.emit('sync:progress', progress);
    await flush();
    expect(wrapper.get('[data-testid="header-sync-demo"]').text()).toContain('Syncing the demo… 37.5%');

    await wrapper.get('[data-testid="header-sync-demo"] button').trigger('click');
    await flush();
    expect(cancels).toBe(1);

    finishDemo({ streams: [], feedbackTotal: 10, seconds: 1 } as unknown as SyncSummary);
    await exploring;
    await flush();
    expect(wrapper.find('[data-testid="header-sync-demo"]').exists()).toBe(false);
    expect(wrapper.find('[data-testid="header-sync"]').exists()).toBe(true);
  });
});
