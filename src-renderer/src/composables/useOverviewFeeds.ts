// What the Overview shows beside its figures: the newest comments and the open alerts under the current filters.
import { computed } from 'vue';
import { useFilterStore } from '../stores/filterStore.ts';
import { useContractQuery } from './useContractQuery.ts';

/** The `limit` newest comments (spam and misuse left out) of the filters. */
export function useNewestComments(limit = 5) {
  const filters = useFilterStore();
  const q = useContractQuery('comments:search', () => ({ filter: { ...filters.baseFilter }, limit }));
  return {
    ...q,
    comments: computed(() => q.data.value?.hits ?? []),
    total: computed(() => q.data.value?.total ?? 0),
  };
}

/** The `limit` newest alerts still open, of the filters' points and surveys (any begin date: open is open). */
export function useOpenAlerts(limit = 5) {
  const filters = useFilterStore();
  const q = useContractQuery('alerts:list', () => {
    const { experiencePointIds, surveyIds } = filters.baseFilter;
    return {
      filter: {
        ...(experiencePointIds ? { experiencePointIds } : {}),
        ...(surveyIds ? { surveyIds } : {}),
        state: 'open' as const,
      },
      limit,
    };
  });
  return {
    ...q,
    alerts: computed(() => q.data.value?.alerts ?? []),
    total: computed(() => q.data.value?.total ?? 0),
  };
}
