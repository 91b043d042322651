// The first and last local day that hold presses: period presets count back from the last one.
import { watch, type Ref } from 'vue';
import { useFilterStore } from '../stores/filterStore.ts';
import { dataDaysSpec } from '../queries/specs.ts';
import { useContractQuery } from './useContractQuery.ts';

export function useDataDays(hasData: Ref<boolean>): void {
  const filters = useFilterStore();
  const days = useContractQuery('analytics:query', () => (hasData.value ? dataDaysSpec() : null));
  watch(days.data, (rows) => {
    const list = (rows ?? []).flatMap((r) => (r.day ? [r.day] : []));
    filters.setDataDays(list[0] ?? null, list.at(-1) ?? null);
  });
}
