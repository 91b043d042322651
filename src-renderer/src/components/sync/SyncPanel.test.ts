// The Sync view's panel: this session's outcome with its verification, else the last check the local file kept.
import { mount } from '@vue/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppSyncResult, SyncVerification } from '#shared/contract.ts';
import { setFormatLocale } from '../../i18n/format.ts';
import { createAppI18n } from '../../i18n/index.ts';
import SyncPanel from './SyncPanel.vue';

beforeAll(() => setFormatLocale('en-US'));
afterAll(() => setFormatLocale(null));

const differs: SyncVerification = {
  from: '2026-01-01',
  to: '2026-02-01',
  localTotal: 900,
  serviceTotal: 905,
  groupsCompared: 31,
  mismatchCount: 2,
  mismatchDays: ['2026-01-05', '2026-01-09'],
};
const base = {
  running: false,
  cancelling: false,
  cancelled: false,
  streams: [],
  error: null,
  target: 'Acme',
};
const panel = (props: Partial<InstanceType<typeof SyncPanel>['$props']>) =>
  mount(SyncPanel, { props: { ...base, result: null, ...props }, global: { plugins: [createAppI18n()] } });

describe('SyncPanel', () => {
  it('says the last check the file kept, with when it ran, until this session syncs', () => {
    const wrapper = panel({ lastCheck: { checkedAt: '2026-02-02T08:30:00Z', verification: differs } });
    const text = wrapper.get('[data-testid="last-verification"]').text();
    expect(text).toContain(
      `Last check against the service, ${new Date('2026-02-02T08:30:00Z').toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}:`,
    );
    // By hand from the numbers above.
    expect(text).toContain(
      '2 point-survey-days differ from the service’s counts (local 900, service 905), first on Jan 5, 2026, Jan 9, 2026.',
    );
  });

  it("shows this session's result instead, with its verification", () => {
    const result: AppSyncResult = {
      profile: 'Acme',
      streams: [],
      feedbackTotal: 905,
      seconds: 3720,
      verification: { ...differs, localTotal: 905, mismatchCount: 0, mismatchDays: [] },
      verificationNote: null,
      afterSyncNote: null,
    };
    const wrapper = panel({
      result,
      lastCheck: { checkedAt: '2026-02-02T08:30:00Z', verification: differs },
    });
    expect(wrapper.find('[data-testid="last-verification"]').exists()).toBe(false);
    expect(wrapper.text()).toContain('Synced in 1 h 02 min. 905 presses in the local file.');
    expect(wrapper.get('[data-testid="verification"]').text()).toBe(
      'The local file agrees with the service’s own counts: 905 presses (misuse excluded) from Jan 1, 2026 to Jan 31, 2026, 31 point-survey-days compared.',
    );
    expect(wrapper.find('[data-testid="after-sync-note"]').exists()).toBe(false); // all of it ran
  });

  it('says what of the work after the sync failed, as plain text, after the check', () => {
    const note =
      'After the sync, the anomaly tests could not be prepared ahead (<b>disk</b> said no). Nothing synced is lost: the views compute it when they need it instead.';
    const wrapper = panel({
      result: {
        profile: 'Acme',
        streams: [],
        feedbackTotal: 905,
        seconds: 12,
        verification: null,
        verificationNote: 'No check: this profile has no v2 token.',
        afterSyncNote: note,
      },
    });
    const shown = wrapper.get('[data-testid="after-sync-note"]');
    expect(shown.text()).toBe(note);
    expect(shown.find('b').exists()).toBe(false); // text, never markup
    expect(wrapper.text().indexOf('No check')).toBeLessThan(wrapper.text().indexOf('After the sync'));
  });
});
