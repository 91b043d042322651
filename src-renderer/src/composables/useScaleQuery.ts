// Analytics queries on the scale in effect: each asked once per feedback scale of its group, the answers made one.
import { computed } from 'vue';
import type { FeedbackScale, QueryRow, QuerySpec } from '#shared/contract.ts';
import { mergeScaleAnswers } from '../queries/mergeScales.ts';
import { useContractQueries } from './useContractQuery.ts';
import { useScaleChoice } from './useScaleChoice.ts';

/** `specsFor` gives the specs for one feedback scale, or null to ask nothing yet. */
export function useScaleQueries(specsFor: (scale: FeedbackScale) => QuerySpec[] | null) {
  const choice = useScaleChoice();
  const shape = computed(() => {
    const scales = choice.selected.value?.scales;
    if (!scales) return null;
    const perScale = scales.map(specsFor);
    return perScale.every((s): s is QuerySpec[] => s !== null) ? perScale : null;
  });
  const query = useContractQueries('analytics:query', () => shape.value?.flat() ?? null);
  /** One merged answer per spec index. */
  const rowsList = computed<QueryRow[][]>(() => {
    const answers = query.data.value;
    const perScale = shape.value;
    if (!answers || !perScale || answers.length !== perScale.flat().length) return [];
    const n = perScale[0]?.length ?? 0;
    return Array.from({ length: n }, (_, i) =>
      mergeScaleAnswers(perScale.map((_, s) => answers[s * n + i] ?? [])),
    );
  });
  const loading = computed(
    () =>
      !choice.query.settled.value ||
      (choice.selected.value !== null && shape.value !== null && !query.settled.value),
  );
  const error = computed(() => choice.query.error.value ?? query.error.value);
  /** The selection has no scale with presses: nothing to ask. */
  const noScale = computed(() => choice.query.settled.value && choice.selected.value === null);
  return { choice, query, rowsList, loading, error, noScale, refresh: () => query.refresh() };
}

/** One query per feedback scale of the group, merged. */
export function useScaleQuery(specFor: (scale: FeedbackScale) => QuerySpec | null) {
  const q = useScaleQueries((scale) => {
    const spec = specFor(scale);
    return spec ? [spec] : null;
  });
  return { ...q, rows: computed(() => q.rowsList.value[0] ?? []) };
}
