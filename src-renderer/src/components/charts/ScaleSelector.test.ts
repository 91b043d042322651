// The scale selector in happy-dom: a radio group of the scales present, mouse and keyboard, names as text.
import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import type { ScaleOption } from '../../filters/scaleOptions.ts';
import { createAppI18n } from '../../i18n/index.ts';
import { setFormatLocale } from '../../i18n/format.ts';
import ScaleSelector from './ScaleSelector.vue';

setFormatLocale('en-US');

const options: ScaleOption[] = [
  {
    group: 'four',
    label: '4 faces',
    presses: 1_798_644,
    scales: ['four'],
    surveys: [
      { surveyId: 1, name: 'How was our service?', presses: 1_500_000 },
      { surveyId: 2, name: '<img src=x onerror="window.pwned=1">Restrooms', presses: 298_644 },
    ],
  },
  {
    group: 'nps',
    label: 'NPS 0–10',
    presses: 73_768,
    scales: ['nps'],
    surveys: [{ surveyId: 3, name: 'Recommend us?', presses: 73_768 }],
  },
  { group: 'five', label: '5 faces', presses: 900, scales: ['five', 'five_reversed'], surveys: [] },
];

const mountSelector = (selected: ScaleOption['group'] | null = 'four') =>
  mount(ScaleSelector, {
    props: { options, selected },
    attachTo: document.body,
    global: { plugins: [createAppI18n()] },
  });

describe('ScaleSelector', () => {
  it('offers exactly the given scales as a labelled radio group, the selected one checked', () => {
    const wrapper = mountSelector('nps');
    expect(wrapper.get('[role="radiogroup"]').attributes('aria-label')).toBe('Answer scale');
    const radios = wrapper.findAll('[role="radio"]');
    expect(radios.map((r) => r.get('.scale-selector__label').text())).toEqual([
      '4 faces',
      'NPS 0–10',
      '5 faces',
    ]);
    expect(radios.map((r) => r.attributes('aria-checked'))).toEqual(['false', 'true', 'false']);
    expect(radios.map((r) => r.attributes('tabindex'))).toEqual(['-1', '0', '-1']); // one tab stop
    expect(radios[0]?.text()).toContain('1.8M');
  });

  it('asks for a scale on click', async () => {
    const wrapper = mountSelector();
    await wrapper.findAll('[role="radio"]')[1]?.trigger('click');
    expect(wrapper.emitted('select')).toEqual([['nps']]);
  });

  it('moves with the arrow keys (wrapping), Home and End', async () => {
    const wrapper = mountSelector('four');
    const first = wrapper.findAll('[role="radio"]')[0];
    await first?.trigger('keydown', { key: 'ArrowRight' });
    await first?.trigger('keydown', { key: 'ArrowLeft' });
    await first?.trigger('keydown', { key: 'End' });
    await first?.trigger('keydown', { key: 'Enter' }); // not a move: the button's own click handles it
    const last = wrapper.findAll('[role="radio"]')[2];
    await last?.trigger('keydown', { key: 'ArrowDown' });
    await last?.trigger('keydown', { key: 'Home' });
    expect(wrapper.emitted('select')).toEqual([['nps'], ['five'], ['five'], ['four'], ['four']]);
  });

  it('names the surveys of the chosen scale as plain text, most presses first', () => {
    const wrapper = mountSelector('four');
    const line = wrapper.get('[data-testid="scale-surveys"]');
    expect(line.text()).toBe(
      '2 surveys: How was our service? (1,500,000) · <img src=x onerror="window.pwned=1">Restrooms (298,644)',
    );
    expect(line.attributes('title')).toBe(line.text());
    expect(wrapper.find('img').exists()).toBe(false);
    expect(mountSelector('five').find('[data-testid="scale-surveys"]').exists()).toBe(false);
  });
});
