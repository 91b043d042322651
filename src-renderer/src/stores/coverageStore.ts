// How far back the local history is complete while a sync fills it in newest first (the presses, the other lists, v1):
// from the sync's 'history' progress events (and asked once at start). The first window's arrival opens the views;
// each later move of any part refreshes them.
import { defineStore } from 'pinia';
import { ref, watch } from 'vue';
import type { HistoryCoverage, SyncProgress } from '#shared/contract.ts';
import { useClient } from '../client.ts';
import { dataChanged } from '../composables/queryCache.ts';
import { useAppStore } from './appStore.ts';

export const useCoverageStore = defineStore('coverage', () => {
  const coverage = ref<HistoryCoverage | null>(null);
  let stop: (() => void) | null = null;

  async function load(): Promise<void> {
    const r = await useClient().invoke('sync:coverage', {});
    if (r.ok) coverage.value = r.value;
  }

  /** A progress event: a coverage that moved means more data landed (the views ask again). */
  function onProgress(p: SyncProgress): void {
    const next = p.coverage;
    if (!next) return;
    const before = coverage.value;
    coverage.value = next;
    // Anything pending that moved (the presses, the lists, v1) means more landed.
    const same = (a: HistoryCoverage | null): string =>
      JSON.stringify(
        a ? [a.completeFrom, a.firstWindowReady, a.pending ?? null, a.listsReady ?? null] : null,
      );
    if (same(before) === same(next)) return;
    dataChanged();
    // The newest window is stored: the app leaves the first screen for the views while history goes on syncing.
    if (next.firstWindowReady && !before?.firstWindowReady) void useAppStore().load();
  }

  /** Listens to every sync's progress (the demo's and a profile's) for as long as the app runs. */
  function watchSyncs(): void {
    if (stop) return;
    stop = useClient().on('sync:progress', onProgress);
    // Asked again whenever the active local file changes (another profile, the demo, a rebuilt file).
    watch(
      () => useAppStore().state?.storePath,
      () => void load(),
      { immediate: true },
    );
  }

  return { coverage, load, onProgress, watchSyncs };
});
