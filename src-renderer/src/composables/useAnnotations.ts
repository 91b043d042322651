// The analyst's notes (annotations) for the current filters: those on the selected node (or on the whole tree) that
// overlap the period, with their before/after estimates, for the time charts and the notes list.
import { computed } from 'vue';
import type { ChartNote } from '#shared/charts/trendNotes.ts';
import { useFilterStore } from '../stores/filterStore.ts';
import { useContractQuery } from './useContractQuery.ts';

export function useAnnotations() {
  const filters = useFilterStore();
  const query = useContractQuery('annotations:list', () => {
    const { experiencePointIds, from, to } = filters.baseFilter;
    const point = experiencePointIds?.length === 1 ? experiencePointIds[0] : undefined;
    return {
      ...(point !== undefined ? { experiencePointId: point } : {}),
      ...(from !== undefined ? { from } : {}),
      ...(to !== undefined ? { to } : {}),
    };
  });
  const notes = computed<ChartNote[]>(() =>
    (query.data.value?.annotations ?? []).map((a) => ({ from: a.from, to: a.to, text: a.text })),
  );
  return { query, notes };
}
