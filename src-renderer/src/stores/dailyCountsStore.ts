// Daily presses per button for the selected subtree and scale: the queries, their rows and the table the chart draws.
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { FeedbackScale, QueryRow, QuerySpec } from '../../../src-shared/contract.ts';
import { tabulateDailyButtonCounts } from '../../../src-shared/charts/dailyButtonCounts.ts';
import type { ScaleGroup } from '../../../src-shared/metrics/scales.ts';
import { useClient } from '../client.ts';

/** The query behind the chart for one feedback scale; `null` means the whole authorised tree. */
export function dailyCountsQuery(experiencePointId: number | null, scale?: FeedbackScale): QuerySpec {
  return {
    measures: ['count'],
    groupBy: ['day', 'buttonIndex'],
    filter: {
      ...(experiencePointId === null ? {} : { experiencePointIds: [experiencePointId] }),
      ...(scale ? { scale } : {}),
    },
  };
}

/** What to count: a scale group and the feedback scales it adds up (five and five_reversed share one meaning). */
export interface ScaleChoice {
  group: ScaleGroup;
  scales: readonly FeedbackScale[];
}

export const useDailyCountsStore = defineStore('dailyCounts', () => {
  const rows = shallowRef<QueryRow[]>([]);
  const group = ref<ScaleGroup>('four');
  const loadedFor = ref<number | null | undefined>(undefined);
  const loading = ref(false);
  const error = ref<string | null>(null);
  let latest = 0;

  const table = computed(() => tabulateDailyButtonCounts(rows.value, group.value));

  /**
   * Loads the counts of one subtree on one scale group (one query per feedback scale of the group, rows summed);
   * `null` for a subtree without any known scale gives an empty table. Answers to earlier requests are dropped.
   */
  async function load(experiencePointId: number | null, choice: ScaleChoice | null): Promise<void> {
    const ticket = ++latest;
    loading.value = true;
    error.value = null;
    const client = useClient();
    const results = await Promise.all(
      (choice?.scales ?? []).map((scale) =>
        client.invoke('analytics:query', dailyCountsQuery(experiencePointId, scale)),
      ),
    );
    if (ticket !== latest) return;
    loading.value = false;
    const failed = results.find((r) => !r.ok);
    if (failed && !failed.ok) {
      error.value = failed.error.message;
      return;
    }
    rows.value = results.flatMap((r) => (r.ok ? r.value : []));
    group.value = choice?.group ?? 'four';
    loadedFor.value = experiencePointId;
  }

  return { rows, group, loadedFor, loading, error, table, load };
});
