// The counts panel in happy-dom (the ECharts canvas stubbed): selector, tiles of the chosen scale, plain notes.
import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { tabulateDailyButtonCounts } from '#shared/charts/dailyButtonCounts.ts';
import { scaleOptions } from '../../filters/scaleOptions.ts';
import { setFormatLocale } from '../../i18n/format.ts';
import { createAppI18n } from '../../i18n/index.ts';
import DailyButtonChart from './DailyButtonChart.vue';
import DailyCountsPanel from './DailyCountsPanel.vue';

setFormatLocale('en-US');

const options = scaleOptions({
  scales: [
    { scale: 'four', presses: 100, surveys: [{ surveyId: 1, name: 'Service?', presses: 100 }] },
    { scale: 'nps', presses: 20, surveys: [{ surveyId: 2, name: 'Recommend?', presses: 20 }] },
  ],
  unknown: [],
});
// NPS by hand: 4 detractors, 3 passives, 13 promoters of 20 → 65 % − 20 % = +45.
const npsTable = tabulateDailyButtonCounts(
  [
    { day: '2024-01-01', buttonIndex: 6, count: 4 },
    { day: '2024-01-01', buttonIndex: 8, count: 3 },
    { day: '2024-01-01', buttonIndex: 10, count: 13 },
  ],
  'nps',
);

const mountPanel = (props: Partial<InstanceType<typeof DailyCountsPanel>['$props']> = {}) =>
  mount(DailyCountsPanel, {
    props: {
      title: 'Deutschland',
      table: npsTable,
      scaleOptions: options,
      selectedScale: 'nps',
      unknownPresses: 0,
      loading: false,
      error: null,
      animation: false,
      ...props,
    },
    global: { stubs: { DailyButtonChart: true }, plugins: [createAppI18n()] },
  });

describe('DailyCountsPanel', () => {
  it('shows the chosen scale: its segment checked, the NPS with its three groups', () => {
    const wrapper = mountPanel();
    expect(wrapper.get('[role="radio"][aria-checked="true"]').text()).toContain('NPS 0–10');
    expect(wrapper.get('[data-testid="tile-nps"]').text()).toContain('+45');
    expect(wrapper.findAll('li').map((li) => li.find('.button-totals__name').text())).toEqual([
      'All presses',
      'NPS',
      'Detractors 0–6',
      'Passives 7–8',
      'Promoters 9–10',
    ]);
  });

  it('passes a scale choice up', async () => {
    const wrapper = mountPanel();
    await wrapper.findAll('[role="radio"]')[0]?.trigger('click');
    expect(wrapper.emitted('selectScale')).toEqual([['four']]);
  });

  it('says which presses it cannot show, and that a scale has none here', () => {
    const empty = tabulateDailyButtonCounts([{ day: '2024-01-01', buttonIndex: 7, count: 2 }], 'four');
    const wrapper = mountPanel({ table: empty, selectedScale: 'four', unknownPresses: 1234 });
    const notes = wrapper.findAll('.counts-panel__note').map((n) => n.text());
    expect(notes).toEqual([
      '1,234 presses come from surveys whose scale is not in the local data; they are not shown per button.',
      '2 presses have a button index beyond this scale and are not shown.',
    ]);
    expect(wrapper.get('.counts-panel__empty').text()).toBe(
      'No presses in this part of the tree on 4 faces.',
    );
  });

  it('offers no selector and no tiles when no scale is known', () => {
    const wrapper = mountPanel({ scaleOptions: [], selectedScale: null, unknownPresses: 5 });
    expect(wrapper.find('[role="radiogroup"]').exists()).toBe(false);
    expect(wrapper.find('li').exists()).toBe(false);
  });

  it('tells the chart an answer is coming while it loads (its data-rendered waits for it)', async () => {
    const wrapper = mountPanel({ loading: true });
    expect(wrapper.getComponent(DailyButtonChart).props('busy')).toBe(true);
    await wrapper.setProps({ loading: false });
    expect(wrapper.getComponent(DailyButtonChart).props('busy')).toBe(false);
  });
});
