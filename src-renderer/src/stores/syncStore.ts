// "Sync now" from the app: per-stream progress, cancel, the result with its verification, the history of runs,
// sync on start, and an unreachable service said once per session (the views keep reading the local file).
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { inStreamOrder } from '#shared/contract.ts';
import type { AppSyncResult, StoredVerification, SyncHistoryEntry, SyncProgress } from '#shared/contract.ts';
import { useClient } from '../client.ts';
import { dataChanged } from '../composables/queryCache.ts';
import { useAppStore } from './appStore.ts';

export const useSyncStore = defineStore('sync', () => {
  const running = ref(false);
  const cancelling = ref(false);
  /** The latest progress of each stream of the running (or last) sync, in the order they started (see streamList). */
  const streams = ref<SyncProgress[]>([]);
  const result = ref<AppSyncResult | null>(null);
  const error = ref<string | null>(null);
  const cancelled = ref(false);
  const history = ref<SyncHistoryEntry[]>([]);
  /** The newest check against the service kept in the local file (shown until this session syncs). */
  const lastCheck = ref<StoredVerification | null>(null);
  /** Set the first time the service cannot be reached; dismissed by the user, never repeated this session. */
  const offlineNotice = ref<string | null>(null);
  let offlineSaid = false;
  let startedOnce = false;

  // Shown in the order the sync runs its resource streams, not the order two lanes' first pages happened to arrive.
  const streamList = computed(() => inStreamOrder(streams.value));

  function onProgress(p: SyncProgress): void {
    if (p.coverage) return; // how far history is complete: the coverage store's, not a stream of its own
    const i = streams.value.findIndex((s) => s.stream === p.stream);
    if (i === -1) streams.value = [...streams.value, p];
    else streams.value = streams.value.map((s, j) => (j === i ? p : s));
  }

  async function loadHistory(): Promise<void> {
    const client = useClient();
    const [runs, check] = await Promise.all([
      client.invoke('sync:history', {}),
      client.invoke('sync:lastVerification', {}),
    ]);
    history.value = runs.ok ? runs.value : [];
    lastCheck.value = check.ok ? check.value : null;
  }

  async function syncNow(): Promise<boolean> {
    if (running.value) return false;
    const client = useClient();
    running.value = true;
    cancelled.value = false;
    error.value = null;
    result.value = null;
    streams.value = [];
    const stop = client.on('sync:progress', onProgress);
    try {
      const r = await client.invoke('sync:run', {});
      if (r.ok) {
        result.value = r.value;
        return true;
      }
      if (r.error.code === 'cancelled') cancelled.value = true;
      else if (r.error.code === 'network') {
        error.value = r.error.message;
        if (!offlineSaid) offlineNotice.value = r.error.message;
        offlineSaid = true;
      } else error.value = r.error.message;
      return false;
    } finally {
      stop();
      running.value = false;
      cancelling.value = false;
      dataChanged(); // the views ask again: the last streams (comments, alerts, …) have landed
      await Promise.all([loadHistory(), useAppStore().load()]);
    }
  }

  async function cancel(): Promise<void> {
    if (!running.value || cancelling.value) return;
    cancelling.value = true;
    const r = await useClient().invoke('sync:cancel', {});
    if (!r.ok) {
      cancelling.value = false;
      error.value = r.error.message;
    }
  }

  /** Once per app start, when the user asked for it and a profile is active. */
  async function syncOnStart(enabled: boolean, active: string | null): Promise<void> {
    if (startedOnce || !enabled || active === null) return;
    startedOnce = true;
    await syncNow();
  }

  function dismissOffline(): void {
    offlineNotice.value = null;
  }

  return {
    running,
    cancelling,
    streams: streamList,
    result,
    error,
    cancelled,
    history,
    lastCheck,
    offlineNotice,
    loadHistory,
    syncNow,
    cancel,
    syncOnStart,
    dismissOffline,
  };
});
