// The first-launch panel: a labelled button, a progress bar and Cancel while syncing, the outcome said in words.
import { mount as mountWith } from '@vue/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setFormatLocale } from '../../i18n/format.ts';
import { createAppI18n } from '../../i18n/index.ts';
import DemoExplorePanel from './DemoExplorePanel.vue';

type Props = InstanceType<typeof DemoExplorePanel>['$props'];
/** With the app's English messages; numbers in en-US (12,345). */
const mount = (_c: typeof DemoExplorePanel, options: { props: Props }) =>
  mountWith(DemoExplorePanel, { ...options, global: { plugins: [createAppI18n()] } });
beforeAll(() => setFormatLocale('en-US'));
afterAll(() => setFormatLocale(null));

describe('DemoExplorePanel', () => {
  it('offers the demo and asks for it on click', async () => {
    const wrapper = mount(DemoExplorePanel, {
      props: { exploring: false, progress: null, fraction: null, error: null },
    });
    const button = wrapper.get('button');
    expect(button.text()).toBe('Explore demo data');
    await button.trigger('click');
    expect(wrapper.emitted('explore')).toHaveLength(1);
    expect(wrapper.find('progress').exists()).toBe(false);
  });

  it('shows determinate progress and what is being fetched', () => {
    const wrapper = mount(DemoExplorePanel, {
      props: {
        exploring: true,
        progress: { stream: 'v2:button-feedbacks', phase: 'running', items: 12345, pages: 3, fraction: 0.25 },
        fraction: 0.25,
        error: null,
      },
    });
    expect(wrapper.get('button').attributes('disabled')).toBeDefined();
    expect(wrapper.get('progress').element.value).toBe(0.25);
    expect(wrapper.get('progress').attributes('aria-label')).toBe('Demo data sync progress');
    expect(wrapper.text()).toContain('Button presses: 12,345 received');
  });

  it('offers Cancel while syncing, disabled once asked', async () => {
    const props = { exploring: true, progress: null, fraction: null, error: null };
    const wrapper = mount(DemoExplorePanel, { props });
    const cancel = wrapper.get('button.demo-panel__cancel');
    expect(cancel.text()).toBe('Cancel');
    await cancel.trigger('click');
    expect(wrapper.emitted('cancel')).toHaveLength(1);
    await wrapper.setProps({ cancelling: true });
    expect(wrapper.get('button.demo-panel__cancel').attributes('disabled')).toBeDefined();
    expect(wrapper.text()).toContain('Cancelling…');
    expect(
      mount(DemoExplorePanel, { props: { ...props, exploring: false } })
        .find('.demo-panel__cancel')
        .exists(),
    ).toBe(false);
  });

  it('says what a cancel kept and how to resume, as a notice rather than an error', () => {
    const wrapper = mount(DemoExplorePanel, {
      props: { exploring: false, progress: null, fraction: null, error: null, cancelled: true },
    });
    expect(wrapper.get('[role="status"]').text()).toBe(
      'Sync cancelled. What was already fetched is kept. Choose “Explore demo data” to resume where it stopped.',
    );
    expect(wrapper.find('[role="alert"]').exists()).toBe(false);
    expect(wrapper.get('button').text()).toBe('Explore demo data');
    expect(wrapper.get('button').attributes('disabled')).toBeUndefined();
  });

  it('shows an indeterminate bar when the fraction is unknown, and the error as an alert', () => {
    const wrapper = mount(DemoExplorePanel, {
      props: { exploring: true, progress: null, fraction: null, error: 'The emulator could not start.' },
    });
    expect(wrapper.get('progress').attributes('value')).toBeUndefined();
    expect(wrapper.get('[role="alert"]').text()).toContain('The emulator could not start.');
  });
});
