// The Overview's short lists (best and worst points, newest comments, open alerts) in happy-dom: names and comments
// from the public stay text, each line opens what it names, and an empty list says so.
import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { createAppI18n } from '../../i18n/index.ts';
import OverviewList from './OverviewList.vue';

const hostile = '<img src=x onerror="window.pwned=1"> {{ 7*7 }}';

describe('Overview lists', () => {
  it('show hostile names and comments as text, and open the line clicked', async () => {
    const w = mount(OverviewList, {
      props: {
        title: 'Newest comments',
        lines: [
          { key: 'f1', title: hostile, detail: `${hostile} · 1 Mar 2026`, value: '=1+1' },
          { key: 'f2', title: 'Kassel', detail: 'fine' },
        ],
        empty: 'No comments.',
        loading: false,
        testId: 'newest-comments',
      },
      global: { plugins: [createAppI18n()] },
    });
    expect(w.find('img').exists()).toBe(false);
    expect(w.text()).toContain(hostile); // the braces not evaluated: 49 never appears
    expect(w.text()).not.toContain('49');
    expect(w.text()).toContain('=1+1');
    const lines = w.findAll('button');
    expect(lines).toHaveLength(2);
    await lines[1]?.trigger('click');
    expect(w.emitted('open')).toEqual([['f2']]);
  });

  it('say the empty sentence when there is nothing, but not while loading', () => {
    const props = { title: 'Open alerts', lines: [], empty: 'No alert is open.', testId: 'open-alerts' };
    const global = { plugins: [createAppI18n()] };
    expect(mount(OverviewList, { props: { ...props, loading: false }, global }).text()).toContain(
      'No alert is open.',
    );
    expect(mount(OverviewList, { props: { ...props, loading: true }, global }).text()).not.toContain(
      'No alert is open.',
    );
  });
});
