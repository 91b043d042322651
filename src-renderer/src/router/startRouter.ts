// The router's start: the app is shown only once the router listens, and an address changed meanwhile is followed.
import type { Router } from 'vue-router';

/** Where the address comes from: the window in the app, a small stand-in in tests. */
export interface AddressSource {
  readonly location: { readonly hash: string };
  addEventListener(type: 'hashchange', listener: () => void): void;
  removeEventListener(type: 'hashchange', listener: () => void): void;
}

/**
 * Resolves once the router's first navigation has finished and it listens to the address. vue-router only listens
 * after that first navigation (which waits for the lazily loaded view); an address changed before then (a link, the
 * user, a test) would be lost, and the first navigation would write its own address over it. So the changes are
 * noted from the start, and the last one is navigated to before the app is shown. Call before `app.use(router)`.
 */
export async function routerStarted(router: Router, source: AddressSource): Promise<void> {
  const changes: string[] = [];
  const note = (): void => {
    changes.push(source.location.hash);
  };
  source.addEventListener('hashchange', note);
  try {
    await router.isReady();
  } catch {
    // the first navigation failed (e.g. a view could not load): the app still shows, with its own error
  } finally {
    source.removeEventListener('hashchange', note);
  }
  const last = changes.at(-1);
  if (last === undefined) return;
  const address = last.replace(/^#/, '') || '/';
  if (address !== router.currentRoute.value.fullPath) await router.replace(address).catch(() => undefined);
}
