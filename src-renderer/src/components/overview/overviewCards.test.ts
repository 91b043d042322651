// The Overview's cards in happy-dom: hostile names and comments stay text, links lead to the filtered views.
import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { createMemoryHistory, createRouter } from 'vue-router';
import type { AlertItem, CommentHit } from '#shared/contract.ts';
import { createAppI18n } from '../../i18n/index.ts';
import NewestComments from './NewestComments.vue';
import OpenAlerts from './OpenAlerts.vue';

const hostile = '<img src=x onerror="window.pwned=1"> {{ 7*7 }}';
const stub = { template: '<div />' };

async function plugins() {
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [
      { path: '/', component: stub },
      { path: '/comments', name: 'comments', component: stub },
      { path: '/alerts', name: 'alerts', component: stub },
    ],
  });
  await router.push('/?period=all');
  return [router, createAppI18n()];
}

const comment: CommentHit = {
  feedbackId: 'f1',
  experiencePointId: 2,
  experiencePointName: hostile,
  surveyId: 3,
  localTime: '2026-03-01T14:05:00.000+01:00',
  buttonIndex: 0,
  misuse: false,
  spam: false,
  relevance: null,
  categories: [],
  themes: [],
  text: hostile,
  textInEnglish: null,
  matches: [],
  englishMatches: [],
  snippet: [{ text: hostile, match: false }],
  snippetOf: 'text',
};
const alert: AlertItem = {
  alertId: 9,
  alertSpecificationId: 1,
  type: 'negative',
  experiencePointId: 2,
  experiencePointName: hostile,
  surveyId: 3,
  beginTime: '2026-03-01T14:05:00.000+01:00',
  endTime: null,
  parameters: [],
  acknowledged: false,
  acknowledgedBy: null,
  acknowledgedTime: null,
  comments: [],
};

describe('Overview cards', () => {
  it('newest comments: text only, and a link to the comments view keeping the filters', async () => {
    const w = mount(NewestComments, {
      props: { comments: [comment], total: 1, loading: false, error: null },
      global: { plugins: await plugins() },
    });
    expect(w.find('img').exists()).toBe(false);
    expect(w.text()).toContain(hostile);
    expect(w.get('a').attributes('href')).toBe('/comments?period=all');
  });
  it('open alerts: text only, the count, a link to the open alerts, and a sentence when none', async () => {
    const global = { plugins: await plugins() };
    const w = mount(OpenAlerts, {
      props: { alerts: [alert], total: 4, loading: false, error: null },
      global,
    });
    expect(w.find('img').exists()).toBe(false);
    expect(w.text()).toContain(hostile);
    expect(w.get('a').text()).toContain('(4)');
    expect(w.get('a').attributes('href')).toBe('/alerts?period=all&state=open');
    expect(w.text()).toContain('Negative feedback'); // 'negative' in words
    const newer = mount(OpenAlerts, {
      props: { alerts: [{ ...alert, type: 'responseRate' }], total: 1, loading: false, error: null },
      global,
    });
    expect(newer.text()).toContain('responseRate'); // a type the app does not know, as the service sent it
    const none = mount(OpenAlerts, { props: { alerts: [], total: 0, loading: false, error: null }, global });
    expect(none.text()).toContain('No alert is open.');
  });
});
