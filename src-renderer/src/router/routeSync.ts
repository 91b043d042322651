// Keeps the filter store and the route query in step, and remembers the last route for the next start.
import type { LocationQueryRaw, Router } from 'vue-router';
import { filterKeys } from '../filters/filters.ts';
import type { useFilterStore } from '../stores/filterStore.ts';

export const lastRouteKey = 'feedback-desk:last-route';

/** Where the app opens: the address it was opened with, else the route it was on when last closed. */
export function startRoute(hash: string, storage: Pick<Storage, 'getItem'>): string | null {
  if (hash.length > 2) return null; // '#/…' given: a link wins
  const saved = storage.getItem(lastRouteKey);
  return saved?.startsWith('/') ? saved : null;
}

/**
 * The route is the one source of the filters: a filter change replaces the route's query (other keys, the view's
 * own, are kept), and every finished navigation hands its query to the store and is remembered for the next start.
 */
export function installRouteSync(
  router: Router,
  filters: ReturnType<typeof useFilterStore>,
  storage: Pick<Storage, 'setItem'>,
): () => void {
  const stopAfter = router.afterEach((to, _from, failure) => {
    if (failure) return;
    filters.applyQuery(to.query);
    try {
      storage.setItem(lastRouteKey, to.fullPath);
    } catch {
      // storage full or disabled: the app still works, it only forgets the route
    }
  });
  filters.bindNavigate((query) => {
    const current = router.currentRoute.value;
    const own = Object.fromEntries(Object.entries(current.query).filter(([k]) => !filterKeys.includes(k)));
    const next: LocationQueryRaw = { ...own, ...query };
    void router.replace({ path: current.path, query: next });
  });
  filters.applyQuery(router.currentRoute.value.query);
  return () => {
    stopAfter();
    filters.bindNavigate(null);
  };
}
