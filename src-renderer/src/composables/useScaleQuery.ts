// An analytics query on the scale in effect: asked once per feedback scale of its group, the answers made one.
import { computed } from 'vue';
import type { FeedbackScale, QuerySpec } from '../../../src-shared/contract.ts';
import { mergeScaleAnswers } from '../queries/mergeScales.ts';
import { useContractQueries } from './useContractQuery.ts';
import { useScaleChoice } from './useScaleChoice.ts';

/** `specFor` returns null to ask nothing (e.g. a comparison needs a bounded period). */
export function useScaleQuery(specFor: (scale: FeedbackScale) => QuerySpec | null) {
  const choice = useScaleChoice();
  const query = useContractQueries('analytics:query', () => {
    const scales = choice.selected.value?.scales;
    if (!scales) return null;
    const specs = scales.map(specFor);
    return specs.every((s): s is QuerySpec => s !== null) ? specs : null;
  });
  const rows = computed(() => (query.data.value ? mergeScaleAnswers(query.data.value) : []));
  /** Waiting for the scales, or for this query's answer. */
  const loading = computed(
    () => !choice.query.settled.value || (choice.selected.value !== null && !query.settled.value),
  );
  const error = computed(() => choice.query.error.value ?? query.error.value);
  /** The selection has no scale with presses: nothing to ask. */
  const noScale = computed(() => choice.query.settled.value && choice.selected.value === null);
  return { choice, query, rows, loading, error, noScale, refresh: () => query.refresh() };
}
