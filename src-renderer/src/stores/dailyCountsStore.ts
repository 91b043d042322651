// Daily presses per button for the selected subtree: the query, its rows and the table the chart draws.
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { QueryRow, QuerySpec } from '../../../src-shared/contract.ts';
import { tabulateDailyButtonCounts } from '../../../src-shared/charts/dailyButtonCounts.ts';
import { useClient } from '../client.ts';

/** The query behind the chart; `null` means the whole authorised tree. */
export function dailyCountsQuery(experiencePointId: number | null): QuerySpec {
  return {
    measure: 'counts',
    groupBy: ['day', 'buttonIndex'],
    filter: experiencePointId === null ? {} : { experiencePointIds: [experiencePointId] },
  };
}

export const useDailyCountsStore = defineStore('dailyCounts', () => {
  const rows = shallowRef<QueryRow[]>([]);
  const loadedFor = ref<number | null | undefined>(undefined);
  const loading = ref(false);
  const error = ref<string | null>(null);
  let latest = 0;

  const table = computed(() => tabulateDailyButtonCounts(rows.value));

  /** Loads the counts of one subtree; answers to earlier, slower requests are dropped. */
  async function load(experiencePointId: number | null): Promise<void> {
    const ticket = ++latest;
    loading.value = true;
    error.value = null;
    const result = await useClient().invoke('analytics:query', dailyCountsQuery(experiencePointId));
    if (ticket !== latest) return;
    loading.value = false;
    if (!result.ok) {
      error.value = result.error.message;
      return;
    }
    rows.value = result.value;
    loadedFor.value = experiencePointId;
  }

  return { rows, loadedFor, loading, error, table, load };
});
