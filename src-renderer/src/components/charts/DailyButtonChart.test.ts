// The daily chart's data-rendered in happy-dom (ECharts stubbed by a component that says when it has drawn): true only
// once the current table is drawn and no answer is still coming, so a reader of data-series never reads the empty
// table a view draws before its first answer.
import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defineComponent, h } from 'vue';
import { tabulateDailyButtonCounts } from '#shared/charts/dailyButtonCounts.ts';
import { ok } from '#shared/contract.ts';
import { withStubs } from '#shared/testing/withStubs.ts';
import { setClient } from '../../client.ts';
import { createAppI18n } from '../../i18n/index.ts';
import { handlersBridge } from '../../testing/handlersBridge.ts';
import DailyButtonChart from './DailyButtonChart.vue';

/** Stands in for vue-echarts: `draw()` emits what ECharts emits once it has drawn its option. */
const drawnCharts: (() => void)[] = [];
const FakeChart = defineComponent({
  emits: ['finished', 'click'],
  setup(_, { emit }) {
    drawnCharts.push(() => emit('finished'));
    return () => h('canvas');
  },
});

const empty = tabulateDailyButtonCounts([], 'four');
const answer = tabulateDailyButtonCounts([{ day: '2026-11-02', buttonIndex: 3, count: 7 }], 'four');

beforeEach(() => {
  drawnCharts.length = 0;
  setActivePinia(createPinia());
  setClient(handlersBridge(withStubs({ 'annotations:list': async () => ok({ annotations: [] }) })));
});
afterEach(() => setClient(null));

function mountChart(busy: boolean) {
  return mount(DailyButtonChart, {
    props: { table: empty, animation: false, label: 'Daily presses', busy },
    global: { plugins: [createAppI18n()], stubs: { Echarts: FakeChart } },
  });
}

const renderedOf = (w: ReturnType<typeof mountChart>) =>
  w.get('[data-testid="daily-chart"]').attributes('data-rendered');
const draw = () => drawnCharts.forEach((d) => d());

describe('DailyButtonChart', () => {
  it('is not rendered while its answer is coming, even when ECharts has drawn the empty table', async () => {
    const wrapper = mountChart(true);
    await flushPromises();
    draw();
    await flushPromises();
    expect(renderedOf(wrapper)).toBe('false');
    // The answer arrives: a new table, drawn again, is the one the figure says it shows.
    await wrapper.setProps({ table: answer, busy: false });
    expect(renderedOf(wrapper)).toBe('false');
    draw();
    await flushPromises();
    expect(renderedOf(wrapper)).toBe('true');
    expect(
      JSON.parse(wrapper.get('[data-testid="daily-chart"]').attributes('data-series') ?? ''),
    ).toMatchObject({
      days: ['2026-11-02'],
    });
  });

  it('is rendered once drawn when nothing is coming', async () => {
    const wrapper = mountChart(false);
    await flushPromises();
    expect(renderedOf(wrapper)).toBe('false');
    draw();
    await flushPromises();
    expect(renderedOf(wrapper)).toBe('true');
  });
});
