// The route and the filter store in step, with a real router (memory history) and real Pinia.
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryHistory, createRouter, type RouteRecordRaw, type Router } from 'vue-router';
import { useFilterStore } from '../stores/filterStore.ts';
import { defaultView, views } from './routes.ts';
import { installRouteSync, lastRouteKey, startRoute } from './routeSync.ts';

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
}

/** The app's routes with empty views (the real ones load Element Plus' CSS, which Node cannot import). */
const routes: RouteRecordRaw[] = [
  { path: '/', redirect: { name: defaultView } },
  ...views.map((v) => ({ path: `/${v.name}`, name: v.name, component: { render: () => null } })),
];

let router: Router;
let storage: MemoryStorage;
beforeEach(async () => {
  setActivePinia(createPinia());
  router = createRouter({ history: createMemoryHistory(), routes });
  storage = new MemoryStorage();
  installRouteSync(router, useFilterStore(), storage);
  await router.push('/');
});

describe('route sync', () => {
  it('opens on the overview with default filters and remembers where it is', () => {
    expect(router.currentRoute.value.name).toBe('overview');
    expect(useFilterStore().filters.period).toBe('last30');
    expect(storage.getItem(lastRouteKey)).toBe('/overview');
  });

  it('takes the filters of a link, and a filter change goes into the address, keeping the view’s own keys', async () => {
    const filters = useFilterStore();
    await router.push('/trends?points=4,5&period=lastMonth&measure=nps');
    expect(filters.filters).toMatchObject({ points: [4, 5], period: 'lastMonth' });
    filters.update({ compare: 'off', points: [4] });
    await router.isReady();
    await new Promise((r) => setTimeout(r, 0));
    expect(router.currentRoute.value.fullPath).toBe(
      '/trends?measure=nps&points=4&period=lastMonth&compare=off',
    );
    expect(filters.filters).toMatchObject({ points: [4], compare: 'off' });
    expect(storage.getItem(lastRouteKey)).toBe('/trends?measure=nps&points=4&period=lastMonth&compare=off');
  });

  it('restarts where it was unless the address names a view', () => {
    storage.setItem(lastRouteKey, '/ranking?period=all');
    expect(startRoute('', storage)).toBe('/ranking?period=all');
    expect(startRoute('#/', storage)).toBe('/ranking?period=all');
    expect(startRoute('#/trends', storage)).toBeNull();
    storage.setItem(lastRouteKey, 'https://elsewhere.example/');
    expect(startRoute('', storage)).toBeNull();
  });
});
