// The scales of the selected points (one cached query) and the scale in effect: the chosen one, else the most pressed.
import { computed } from 'vue';
import { scaleOptions, selectedScale } from '../filters/scaleOptions.ts';
import { useFilterStore } from '../stores/filterStore.ts';
import { useContractQuery } from './useContractQuery.ts';

export function useScaleChoice() {
  const filters = useFilterStore();
  const query = useContractQuery('analytics:scales', () => {
    const points = filters.filters.points;
    return points.length ? { experiencePointIds: [...points] } : {};
  });
  const options = computed(() => scaleOptions(query.data.value));
  const selected = computed(() => selectedScale(options.value, filters.filters.scale));
  /** Presses of surveys whose scale is unknown: they cannot be shown per button. */
  const unknownPresses = computed(() => (query.data.value?.unknown ?? []).reduce((n, s) => n + s.presses, 0));
  return { query, options, selected, unknownPresses };
}
