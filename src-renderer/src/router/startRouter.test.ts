// The router's start with a real router (memory history): an address changed while the first view loads is followed.
import { describe, expect, it } from 'vitest';
import { createMemoryHistory, createRouter, type Router } from 'vue-router';
import { routerStarted, type AddressSource } from './startRouter.ts';

/** A window stand-in whose hash the test changes, firing 'hashchange' as a browser does. */
class Address implements AddressSource {
  location = { hash: '' };
  private listeners = new Set<() => void>();
  addEventListener(_type: 'hashchange', listener: () => void): void {
    this.listeners.add(listener);
  }
  removeEventListener(_type: 'hashchange', listener: () => void): void {
    this.listeners.delete(listener);
  }
  change(hash: string): void {
    this.location.hash = hash;
    for (const l of this.listeners) l();
  }
  get listening(): number {
    return this.listeners.size;
  }
}

/** Overview is lazily loaded and arrives only when the test says: the window in which the race happened. */
function slowStart(): { router: Router; arrive: () => void } {
  let arrive = (): void => undefined;
  const loaded = new Promise<{ render: () => null }>((done) => {
    arrive = () => done({ render: () => null });
  });
  const view = { render: () => null };
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [
      { path: '/', redirect: '/overview' },
      { path: '/overview', component: () => loaded },
      { path: '/trends', component: view },
    ],
  });
  return { router, arrive };
}

describe('routerStarted', () => {
  it('follows an address given while the first view was still loading, instead of the first navigation’s', async () => {
    const { router, arrive } = slowStart();
    const address = new Address();
    const started = routerStarted(router, address);
    void router.push('/'); // what app.use(router) does in the browser
    address.change('#/overview?period=custom&from=2026-10-22&to=2026-11-20');
    arrive();
    await started;
    expect(router.currentRoute.value.fullPath).toBe('/overview?period=custom&from=2026-10-22&to=2026-11-20');
    expect(address.listening).toBe(0);
  });

  it('keeps the first navigation when the address did not change, and stops listening', async () => {
    const { router, arrive } = slowStart();
    const address = new Address();
    const started = routerStarted(router, address);
    void router.push('/');
    arrive();
    await started;
    expect(router.currentRoute.value.fullPath).toBe('/overview');
    expect(address.listening).toBe(0);
    address.change('#/trends'); // from now on the router's own listeners follow the address
    expect(router.currentRoute.value.fullPath).toBe('/overview');
  });
});
