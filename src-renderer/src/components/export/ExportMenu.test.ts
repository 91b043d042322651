// The export menu in happy-dom over a small in-memory bridge: what it asks main for, and what it tells the user.
import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ok, type ChartExportArgs, type TableExportArgs } from '#shared/contract.ts';
import { withStubs } from '#shared/testing/withStubs.ts';
import { setClient } from '../../client.ts';
import { setClock } from '../../clock.ts';
import { createAppI18n } from '../../i18n/index.ts';
import { useFilterStore } from '../../stores/filterStore.ts';
import { useTreeStore } from '../../stores/treeStore.ts';
import { handlersBridge, type HandlersBridge } from '../../testing/handlersBridge.ts';
import ExportMenu from './ExportMenu.vue';

let bridge: HandlersBridge;
const pinia = () => {
  const p = createPinia();
  setActivePinia(p);
  return p;
};

beforeEach(() => {
  setClock(() => new Date('2026-11-02T12:00:00Z'));
  bridge = handlersBridge(
    withStubs({
      'analytics:scales': async () =>
        ok({
          scales: [{ scale: 'four', presses: 5, surveys: [{ surveyId: 1, name: '=1+1', presses: 5 }] }],
          unknown: [],
        }),
      'export:chart': async () => ok({ kind: 'saved', path: '/home/ana/Reports/chart.png' }),
      'export:table': async () => ok({ kind: 'cancelled' }),
    }),
  );
  setClient(bridge);
});
afterEach(() => {
  setClient(null);
  setClock(null);
});

function mountMenu() {
  const p = pinia();
  const filters = useFilterStore();
  filters.update({
    points: [2],
    period: 'custom',
    custom: { first: '2026-10-01', last: '2026-10-31' },
    compare: 'off',
  });
  useTreeStore().items = [{ experiencePointId: 2, name: 'Deutschland', parent: null, type: 'GROUP' }];
  return mount(ExportMenu, {
    props: {
      title: 'Happy Index',
      chart: () => ({ series: [{ type: 'bar', data: [1] }], tooltip: { formatter: () => 'x' } }),
      table: () => ({ title: 'Rows', columns: [{ key: 'n', label: 'N', type: 'number' }], rows: [[1]] }),
    },
    global: { plugins: [p, createAppI18n()] },
  });
}

describe('ExportMenu', () => {
  it('exports the chart at the chosen size and ratio, with the filters in the caption and a meaningful name', async () => {
    const wrapper = mountMenu();
    await wrapper.get('[data-testid="export-toggle"]').trigger('click');
    await wrapper.get('[data-testid="export-size"]').setValue('2');
    await wrapper.get('[data-testid="export-ratio"]').setValue('3');
    await wrapper.get('[data-testid="export-png"]').trigger('click');
    await flushPromises();
    const call = bridge.calls.find((c) => c.command === 'export:chart');
    const args = call?.args as ChartExportArgs;
    expect(args).toMatchObject({
      format: 'png',
      width: 1920,
      height: 1080,
      pixelRatio: 3,
      fileName: 'happy-index_deutschland_2026-10-01_2026-10-31.png',
      caption: { title: 'Happy Index', filters: { subtree: 'Deutschland', misuse: 'misuse left out' } },
    });
    expect(args.caption.filters.period).toContain('2026');
    // Callbacks never cross the bridge.
    expect(args.option).toEqual({ series: [{ type: 'bar', data: [1] }], tooltip: {} });
    expect(wrapper.get('[data-testid="export-status"]').text()).toBe('Saved to /home/ana/Reports/chart.png');
  });

  it('a table export cancelled in the dialog says nothing; CSV for Excel asks for the BOM', async () => {
    const wrapper = mountMenu();
    await wrapper.get('[data-testid="export-toggle"]').trigger('click');
    await wrapper.get('[data-testid="export-csv-bom"]').trigger('click');
    await flushPromises();
    const args = bridge.calls.find((c) => c.command === 'export:table')?.args as TableExportArgs;
    expect(args).toMatchObject({ format: 'csv', bom: true, source: { kind: 'rows' } });
    expect(wrapper.find('[data-testid="export-status"]').exists()).toBe(false);
  });

  it('a second menu’s export puts the first one’s "Saved to" away: one message at a time, never two overlapping', async () => {
    const first = mountMenu();
    const second = mount(ExportMenu, {
      props: {
        title: 'Presses',
        chart: () => ({ series: [{ type: 'line', data: [2] }] }),
        table: () => ({ title: 'Rows', columns: [{ key: 'n', label: 'N', type: 'number' }], rows: [[2]] }),
      },
      global: { plugins: [createAppI18n()] },
    });
    await first.get('[data-testid="export-toggle"]').trigger('click');
    await first.get('[data-testid="export-png"]').trigger('click');
    await flushPromises();
    expect(first.get('[data-testid="export-status"]').text()).toBe('Saved to /home/ana/Reports/chart.png');

    await second.get('[data-testid="export-toggle"]').trigger('click');
    await second.get('[data-testid="export-png"]').trigger('click');
    await flushPromises();
    expect(second.get('[data-testid="export-status"]').text()).toBe('Saved to /home/ana/Reports/chart.png');
    expect(first.find('[data-testid="export-status"]').exists()).toBe(false);
  });
});
