// The data file's update for this version as main tells it (`store:migration`): the step running, or its failure.
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { StoreMigration } from '#shared/contract.ts';
import { setInvokeGate, useClient } from '../client.ts';

/** Commands that never wait for the update: they are about it, or stop a sync. */
const immediate = { 'store:migration': true, 'store:migrate': true, 'sync:cancel': true } as const;

export const useMigrationStore = defineStore('migration', () => {
  const current = ref<StoreMigration | null>(null);
  /** When `current` arrived (performance.now()), to count its seconds on. */
  const receivedAt = ref(0);
  const running = computed(() => current.value?.phase === 'running');
  /** A step failed. One before any step (an edited migration) is the app's own store error, with its rebuild offer. */
  const failed = computed(() => current.value?.phase === 'failed' && current.value.step > 0);
  let watching = false;

  // The other commands wait while an update runs (and until the first answer says whether one does).
  let open: (() => void) | null = null;
  let held: Promise<void> | null = null;
  const hold = (): void => {
    held ??= new Promise<void>((resolve) => (open = resolve));
  };
  const release = (): void => {
    open?.();
    open = null;
    held = null;
  };

  function take(state: StoreMigration): void {
    current.value = state;
    receivedAt.value = performance.now();
    if (state.phase === 'running') hold();
    else release();
  }

  /** Listens from the start, and asks once for an update that began before this window opened. */
  function watch(): void {
    if (watching) return;
    watching = true;
    hold();
    setInvokeGate((command) => (command in immediate ? null : held));
    const client = useClient();
    let heard = false;
    client.on('store:migration', (state) => {
      heard = true;
      take(state);
    });
    void client.invoke('store:migration', {}).then((r) => {
      if (r.ok && r.value && !heard) take(r.value);
      else if (!running.value) release();
    });
  }

  /** Tries the update again after a failure; true when it then succeeded. */
  async function retry(): Promise<boolean> {
    const r = await useClient().invoke('store:migrate', {});
    if (r.ok && r.value) take(r.value);
    return r.ok && r.value?.phase !== 'failed';
  }

  return { current, receivedAt, running, failed, watch, retry };
});
