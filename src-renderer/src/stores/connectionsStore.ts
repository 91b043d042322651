// Connection profiles as main reports them (never a secret), and the calls that test, save, switch and remove them.
// Tokens pass through `test`/`save` as arguments only: nothing here keeps them.
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { ConnectionDraft, ConnectionsState, ConnectionTest, ProfileDraft } from '#shared/contract.ts';
import { useClient } from '../client.ts';
import { useAppStore } from './appStore.ts';

export const useConnectionsStore = defineStore('connections', () => {
  const state = ref<ConnectionsState | null>(null);
  const error = ref<string | null>(null);
  const busy = ref(false);

  async function load(): Promise<void> {
    const r = await useClient().invoke('connections:list', {});
    if (r.ok) state.value = r.value;
    else error.value = r.error.message;
  }

  /** Runs `call`, shows its error, refreshes the app's state (the active file may have changed). */
  async function act<T>(
    call: () => Promise<{ ok: true; value: T } | { ok: false; error: { message: string } }>,
  ) {
    busy.value = true;
    error.value = null;
    try {
      const r = await call();
      if (!r.ok) {
        error.value = r.error.message;
        return null;
      }
      return r.value;
    } finally {
      busy.value = false;
    }
  }

  async function test(draft: ConnectionDraft): Promise<ConnectionTest | null> {
    return act(() => useClient().invoke('connections:test', draft));
  }

  /** The test's answers; `saved` when every credential worked and the profile is now active. */
  async function save(draft: ProfileDraft): Promise<{ test: ConnectionTest; saved: boolean } | null> {
    const r = await act(() => useClient().invoke('connections:save', draft));
    if (!r) return null;
    if (r.state) {
      state.value = r.state;
      await useAppStore().load();
    }
    return { test: r.test, saved: r.state !== null };
  }

  async function switchTo(name: string | null): Promise<void> {
    const r = await act(() => useClient().invoke('connections:switch', { name }));
    if (!r) return;
    state.value = r;
    await useAppStore().load();
  }

  async function remove(name: string, deleteData: boolean): Promise<string[] | null> {
    const r = await act(() => useClient().invoke('connections:remove', { name, deleteData }));
    if (!r) return null;
    state.value = r.state;
    await useAppStore().load();
    return r.deletedFiles;
  }

  async function setSyncOnStart(enabled: boolean): Promise<void> {
    const r = await act(() => useClient().invoke('connections:setSyncOnStart', { enabled }));
    if (r) state.value = r;
  }

  return { state, error, busy, load, test, save, switchTo, remove, setSyncOnStart };
});
