// Newest first in the renderer: the sync's coverage events open the views once the newest days are stored, every
// later one makes the open queries ask again, and the banner says how far back history is complete.
import { mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { defineComponent, h, nextTick } from 'vue';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok, type HistoryCoverage, type SyncProgress } from '#shared/contract.ts';
import { withStubs } from '#shared/testing/withStubs.ts';
import { setClient } from '../client.ts';
import HistoryCoverageBanner from '../components/layout/HistoryCoverageBanner.vue';
import { useContractQuery } from '../composables/useContractQuery.ts';
import { createAppI18n } from '../i18n/index.ts';
import { handlersBridge, type HandlersBridge } from '../testing/handlersBridge.ts';
import { useAppStore } from './appStore.ts';
import { useCoverageStore } from './coverageStore.ts';

let bridge: HandlersBridge;
let treeItems = 0;
/** What the file's cursors say (sync:coverage answers it), kept in step with the events as main keeps them. */
let stored: HistoryCoverage = { completeFrom: null, firstWindowReady: false };
/** The sync's coverage event (the file's cursors moved with it). */
function event(coverage: HistoryCoverage): SyncProgress {
  stored = coverage;
  const phase = coverage.completeFrom ? 'running' : 'done';
  return { stream: 'history', phase, items: 0, pages: 0, fraction: null, coverage };
}
const flush = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await nextTick();
  await new Promise((r) => setTimeout(r, 0));
};

beforeEach(() => {
  setActivePinia(createPinia());
  treeItems = 0;
  stored = { completeFrom: null, firstWindowReady: false };
  bridge = handlersBridge(
    withStubs({
      'sync:coverage': async () => ok(stored),
      'app:getState': async () =>
        ok({ hasData: treeItems > 0, storePath: '/tmp/x.sqlite', lastSync: null, syncing: true }),
      'tree:list': async () => ok([]),
    }),
  );
  setClient(bridge);
});

describe('coverage', () => {
  it('opens the views when the newest window is stored, and asks every open query again as history lands', async () => {
    const coverage = useCoverageStore();
    const app = useAppStore();
    coverage.watchSyncs();
    // A view's query, mounted (as a view holds it).
    const View = defineComponent({
      setup() {
        useContractQuery('tree:list', () => ({}));
        return () => h('div');
      },
    });
    mount(View);
    await flush();
    const asked = (): number => bridge.calls.filter((c) => c.command === 'tree:list').length;
    expect(asked()).toBe(1);
    expect(app.hasData).toBe(false);

    treeItems = 5; // the tree and the newest window are stored
    bridge.emit(
      'sync:progress',
      event({ completeFrom: '2026-08-23', firstWindowReady: true, listsReady: false }),
    );
    await flush();
    expect(app.hasData).toBe(true);
    expect(asked()).toBe(2);
    // The lists' newest days in: the views ask again.
    bridge.emit('sync:progress', event({ completeFrom: '2026-08-23', firstWindowReady: true }));
    await flush();
    expect(asked()).toBe(3);
    // The same coverage again changes nothing; history reaching further back refreshes once more.
    bridge.emit('sync:progress', event({ completeFrom: '2026-08-23', firstWindowReady: true }));
    await flush();
    expect(asked()).toBe(3);
    bridge.emit('sync:progress', event({ completeFrom: '2026-02-21', firstWindowReady: true }));
    await flush();
    expect(asked()).toBe(4);
    expect(coverage.coverage).toEqual({ completeFrom: '2026-02-21', firstWindowReady: true });
  });

  it('says how far back history is complete while syncing, that a sync will finish it otherwise, nothing when complete', async () => {
    const i18n = createAppI18n();
    const banner = (completeFrom: string | null, syncing: boolean) =>
      mount(HistoryCoverageBanner, { props: { completeFrom, syncing }, global: { plugins: [i18n] } });
    const syncing = banner('2024-03-01', true);
    expect(syncing.text()).toMatch(
      /^History before .*2024.* is still syncing\. The views show complete data from/,
    );
    expect(syncing.get('[data-testid="history-coverage"]').attributes('data-complete-from')).toBe(
      '2024-03-01',
    );
    expect(banner('2024-03-01', false).text()).toMatch(/is not synced yet; the next sync fills it in\./);
    expect(banner(null, false).find('[data-testid="history-coverage"]').exists()).toBe(false);
  });

  it('names what is still to come beside the presses, each with its own day when they differ', () => {
    const i18n = createAppI18n();
    const banner = (pending: HistoryCoverage['pending']) =>
      mount(HistoryCoverageBanner, {
        props: { completeFrom: null, pending, syncing: true },
        global: { plugins: [i18n] },
      });
    // The presses complete, the lists and v1 from the same day: one day, the parts named.
    const same = banner([
      { part: 'lists', completeFrom: '2026-09-20' },
      { part: 'v1', completeFrom: '2026-09-20' },
    ]);
    expect(same.get('[data-testid="history-coverage"]').attributes('data-complete-from')).toBe('2026-09-20');
    expect(same.text()).toMatch(/^History before .*2026.* is still syncing\./);
    expect(same.get('[data-testid="history-coverage-parts"]').text()).toBe(
      'Still to come: comments, follow-ups and people; v1 results.',
    );
    // The presses further back than the alerts: the banner's day is the latest (everything is complete from it).
    const apart = banner([
      { part: 'presses', completeFrom: '2025-03-01' },
      { part: 'alerts', completeFrom: '2026-09-20' },
    ]);
    expect(apart.get('[data-testid="history-coverage"]').attributes('data-complete-from')).toBe('2026-09-20');
    expect(apart.get('[data-testid="history-coverage-parts"]').text()).toMatch(
      /^Still to come: presses before .*2025.*; alerts before .*2026.*\.$/,
    );
    // Only the presses: no list of parts; nothing pending: no banner.
    expect(
      banner([{ part: 'presses', completeFrom: '2025-03-01' }])
        .find('[data-testid="history-coverage-parts"]')
        .exists(),
    ).toBe(false);
    expect(banner([]).find('[data-testid="history-coverage"]').exists()).toBe(false);
  });
});
