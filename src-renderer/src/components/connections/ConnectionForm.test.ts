// The connection form says where the tokens will be kept as main reports it, and forgets them once saved.
import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, describe, expect, it } from 'vitest';
import { ok, type CredentialsInfo, type ProfileDraft } from '#shared/contract.ts';
import { withStubs } from '#shared/testing/withStubs.ts';
import { setClient } from '../../client.ts';
import { createAppI18n } from '../../i18n/index.ts';
import { useConnectionsStore } from '../../stores/connectionsStore.ts';
import { handlersBridge } from '../../testing/handlersBridge.ts';
import ConnectionForm from './ConnectionForm.vue';

afterEach(() => setClient(null));

const session: CredentialsInfo = {
  kind: 'session',
  description: 'memory, for this session only',
  note: 'No keychain answers. Secrets are kept in memory for this session only.',
};
const state = { profiles: [], active: 'Acme', syncOnStart: false, credentials: session };

function mountForm() {
  const bridge = handlersBridge(
    withStubs({
      'connections:save': async (draft: ProfileDraft) =>
        ok({ test: { baseUrl: draft.baseUrl, v2: null, v1: null }, state }),
      'app:getState': async () =>
        ok({ hasData: true, storePath: '/tmp/a.sqlite', lastSync: null, syncing: false }),
    }),
  );
  setClient(bridge);
  const pinia = createPinia();
  setActivePinia(pinia);
  useConnectionsStore().state = { ...state, active: null };
  const wrapper = mount(ConnectionForm, {
    global: { plugins: [pinia, createAppI18n()] },
    attachTo: document.body,
  });
  return { wrapper, bridge };
}

describe('ConnectionForm', () => {
  it('says plainly where the tokens go when no keychain answers', () => {
    const { wrapper } = mountForm();
    expect(wrapper.get('.field__hint').text()).toBe(
      'From the service’s account settings. Tokens are kept in memory, for this session only.',
    );
    wrapper.unmount();
  });

  it('sends the draft once to be tested and stored, then keeps no token in the page', async () => {
    const { wrapper, bridge } = mountForm();
    await wrapper.get('input[name="name"]').setValue('Acme');
    await wrapper.get('input[name="baseUrl"]').setValue('https://feedback.example.com');
    await wrapper.get('input[name="v2Token"]').setValue('secret-v2');
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(bridge.calls.find((c) => c.command === 'connections:save')?.args).toEqual({
      name: 'Acme',
      baseUrl: 'https://feedback.example.com',
      v2Token: 'secret-v2',
    });
    expect(wrapper.emitted('saved')).toEqual([['Acme']]);
    expect((wrapper.get('input[name="v2Token"]').element as HTMLInputElement).value).toBe('');
    expect(JSON.stringify(useConnectionsStore().$state)).not.toContain('secret-v2');
    wrapper.unmount();
  });
});
