// The app's state as main reports it (is there data? is a sync running?) and the "Explore demo data" flow (with cancel).
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { AppState, StoreCheckResult, SyncProgress, SyncSummary } from '#shared/contract.ts';
import { useClient } from '../client.ts';
import { overallFraction } from '../components/sync/syncFormat.ts';
import { clearQueryCache, dataChanged } from '../composables/queryCache.ts';

export const useAppStore = defineStore('app', () => {
  const state = ref<AppState | null>(null);
  const loadError = ref<string | null>(null);
  /** The local file cannot be used: the page offers to set it aside and rebuild from the service. */
  const storeDamaged = ref(false);
  /** Where the last rebuild put the old file. */
  const rebuiltAside = ref<string | null>(null);
  /** What the last rebuild did, in main's sentence (a sound file is checked and kept). */
  const rebuildMessage = ref<string | null>(null);
  const exploring = ref(false);
  /** The demo sync's latest progress event (what the first-launch panel names), and every stream's latest. */
  const progress = ref<SyncProgress | null>(null);
  const streams = ref<SyncProgress[]>([]);
  const exploreError = ref<string | null>(null);
  /** The last demo sync was cancelled: what it fetched is kept, and exploring again resumes it. */
  const cancelled = ref(false);
  const cancelling = ref(false);
  const lastSummary = ref<SyncSummary | null>(null);
  /** The last check of the local file (Connections), and whether one is running. */
  const storeCheck = ref<StoreCheckResult | null>(null);
  const checking = ref(false);

  const hasData = computed(() => state.value?.hasData === true);
  /** 0..1 when the sync can estimate it, null while it cannot (the bar then shows activity only). */
  // The whole sync's share done, as "Sync now" says it (the mean over the streams that can tell): the latest event
  // alone jumped between streams, and read 0% while a list began after the presses were half in.
  const progressFraction = computed(() => overallFraction(streams.value));

  async function load(): Promise<void> {
    const result = await useClient().invoke('app:getState', {});
    if (result.ok) {
      state.value = result.value;
      loadError.value = null;
      storeDamaged.value = false;
    } else {
      loadError.value = result.error.message;
      storeDamaged.value = result.error.code === 'store';
    }
  }

  /** Sets the damaged local file aside (main never deletes it) and starts again from first launch. */
  async function rebuildStore(): Promise<boolean> {
    const result = await useClient().invoke('store:rebuild', {});
    if (!result.ok) {
      loadError.value = result.error.message;
      return false;
    }
    rebuiltAside.value = result.value.setAsidePath;
    rebuildMessage.value = result.value.message ?? null;
    clearQueryCache();
    await load();
    return loadError.value === null;
  }

  /** Checks the local file on a worker thread in main; a damaged one is then offered the rebuild. */
  async function checkStore(): Promise<void> {
    if (checking.value) return;
    checking.value = true;
    storeCheck.value = null;
    try {
      const result = await useClient().invoke('store:check', {});
      // A check that could not run says why in its place (the views keep working).
      storeCheck.value = result.ok
        ? result.value
        : { path: state.value?.storePath ?? '', ok: false, problems: [result.error.message], seconds: 0 };
    } finally {
      checking.value = false;
    }
  }

  async function exploreDemo(): Promise<boolean> {
    if (exploring.value) return false;
    const client = useClient();
    exploring.value = true;
    exploreError.value = null;
    cancelled.value = false;
    progress.value = null;
    streams.value = [];
    const stop = client.on('sync:progress', (p) => {
      if (p.coverage) return; // the coverage opens the views (coverageStore.ts), it is no stream
      progress.value = p;
      const i = streams.value.findIndex((s) => s.stream === p.stream);
      streams.value = i === -1 ? [...streams.value, p] : streams.value.map((s, j) => (j === i ? p : s));
    });
    try {
      const result = await client.invoke('demo:explore', {});
      if (!result.ok) {
        if (result.error.code === 'cancelled') cancelled.value = true;
        else exploreError.value = result.error.message;
        return false;
      }
      lastSummary.value = result.value;
      dataChanged(); // the local data changed: every kept answer is old, every open view asks again
      await load();
      return true;
    } finally {
      stop();
      exploring.value = false;
      cancelling.value = false;
    }
  }

  /** Asks main to stop the running demo sync; `exploreDemo` then ends as cancelled. */
  async function cancelExplore(): Promise<void> {
    if (!exploring.value || cancelling.value) return;
    cancelling.value = true;
    const result = await useClient().invoke('sync:cancel', {});
    if (!result.ok) {
      cancelling.value = false;
      exploreError.value = result.error.message;
    }
  }

  return {
    state,
    loadError,
    storeDamaged,
    rebuiltAside,
    rebuildMessage,
    rebuildStore,
    storeCheck,
    checking,
    checkStore,
    exploring,
    progress,
    exploreError,
    cancelled,
    cancelling,
    lastSummary,
    hasData,
    progressFraction,
    load,
    exploreDemo,
    cancelExplore,
  };
});
