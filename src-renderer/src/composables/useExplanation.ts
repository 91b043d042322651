// The "why it changed" answer for the filters in effect: the selection's change split by point or by survey.
import { computed, type Ref } from 'vue';
import type { ExplainBy } from '#shared/contract.ts';
import { explainRequest } from '../components/why/whyRows.ts';
import { useFilterStore } from '../stores/filterStore.ts';
import { useContractQuery } from './useContractQuery.ts';
import { useScaleChoice } from './useScaleChoice.ts';

/** `shown`: whether the panel is on screen (nothing is asked while it is not). */
export function useExplanation(by: Ref<ExplainBy>, shown: () => boolean = () => true) {
  const filters = useFilterStore();
  const { selected } = useScaleChoice();
  const args = computed(() =>
    explainRequest(filters.baseFilter, selected.value?.scales, filters.filters.compare, by.value),
  );
  const query = useContractQuery('analytics:explain', () => (shown() ? args.value : null));
  return { query, asked: computed(() => args.value !== null) };
}
