// The one filter state every view reads: kept in step with the route query by routeSync, resolved to dates here.
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { localToday, useClock } from '../clock.ts';
import {
  defaultFilters,
  filtersFromQuery,
  filtersToQuery,
  resolveRange,
  type Filters,
  type RouteQuery,
} from '../filters/filters.ts';
import { addDays, comparisonRange, type DayRange } from '../filters/periods.ts';

/** Filter fields in the form the engine's QueryFilter takes (`to` exclusive); the scale is added per query. */
export interface BaseQueryFilter {
  experiencePointIds?: number[];
  surveyIds?: number[];
  from?: string;
  to?: string;
  includeMisuse?: boolean;
}

const same = (a: Filters, b: Filters): boolean => JSON.stringify(a) === JSON.stringify(b);

export const useFilterStore = defineStore('filters', () => {
  const filters = ref<Filters>(defaultFilters());
  /** The last local day that holds data: presets count back from it (else from the clock's today). */
  const lastDataDay = ref<string | null>(null);
  const firstDataDay = ref<string | null>(null);

  const anchor = computed(() => lastDataDay.value ?? localToday(useClock()));
  const range = computed<DayRange | null>(() => resolveRange(filters.value, anchor.value));
  const comparison = computed<DayRange | null>(() =>
    range.value && filters.value.compare !== 'off'
      ? comparisonRange(range.value, filters.value.compare)
      : null,
  );
  const query = computed(() => filtersToQuery(filters.value));

  const baseFilter = computed<BaseQueryFilter>(() => {
    const f = filters.value;
    const r = range.value;
    return {
      ...(f.points.length ? { experiencePointIds: [...f.points] } : {}),
      ...(f.survey !== null ? { surveyIds: [f.survey] } : {}),
      ...(r ? { from: r.first, to: addDays(r.last, 1) } : {}),
      ...(f.misuse ? { includeMisuse: true } : {}),
    };
  });

  /** Where filter changes go: the route (routeSync), which then gives them back through `applyQuery`. */
  let navigate: ((query: Record<string, string>) => void) | null = null;

  /** Changes some filters: through the route when one is bound (the route is the one source), else directly. */
  function update(patch: Partial<Filters>): void {
    const next = { ...filters.value, ...patch };
    if (same(next, filters.value)) return;
    if (navigate) navigate(filtersToQuery(next));
    else filters.value = next;
  }

  /** Takes the filters a route query says (a link opened, back and forward, a restart, a filter changed). */
  function applyQuery(q: RouteQuery): void {
    const next = filtersFromQuery(q);
    if (!same(next, filters.value)) filters.value = next;
  }

  function bindNavigate(to: ((query: Record<string, string>) => void) | null): void {
    navigate = to;
  }

  function setDataDays(first: string | null, last: string | null): void {
    firstDataDay.value = first;
    lastDataDay.value = last;
  }

  return {
    filters,
    lastDataDay,
    firstDataDay,
    anchor,
    range,
    comparison,
    query,
    baseFilter,
    update,
    applyQuery,
    bindNavigate,
    setDataDays,
  };
});
