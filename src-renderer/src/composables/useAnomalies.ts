// The anomalies of the filters' period and selection (negative share), asked once per change of the filters.
import { useContractQuery, type ContractQuery } from './useContractQuery.ts';
import { useFilterStore } from '../stores/filterStore.ts';

export function useAnomalies(): ContractQuery<'analytics:anomalies'> {
  const filters = useFilterStore();
  return useContractQuery('analytics:anomalies', () => {
    const base = filters.baseFilter;
    if (!base.from || !base.to) return null;
    return { filter: { ...base, from: base.from, to: base.to }, measure: 'negativeShare' as const };
  });
}
