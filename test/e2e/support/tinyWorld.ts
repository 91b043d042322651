// The synced tiny world served in web mode for a spec file (beforeAll/afterAll), and opening one view of it by address.
import { test, type Page } from '@playwright/test';
import { generateWorld } from '#emulator/index.ts';
import { waitUntilSettled } from './appRoutes.ts';
import { sharedSyncedStore, tinyWorldNow, type SyncedStore } from './syncedStore.ts';
import { startWebMode, type WebMode } from './webMode.ts';

export interface TinyWorldApp {
  readonly store: SyncedStore;
  readonly server: WebMode;
  /** Opens the app, then one view by its address (a view is a link: filters and settings in the query). */
  open(page: Page, hash: string): Promise<void>;
}

/** Registers the spec file's hooks: the shared synced tiny world (seed 2), served in web mode until the file ends. */
export function tinyWorldInWebMode(): TinyWorldApp {
  let store: SyncedStore | null = null;
  let server: WebMode | null = null;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    store = await sharedSyncedStore('tiny', () =>
      generateWorld({ seed: 2, size: 'tiny', now: new Date(tinyWorldNow) }),
    );
    server = await startWebMode({ storePath: store.storePath });
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  const started = <T>(value: T | null): T => {
    if (value === null) throw new Error('the tiny world is not served yet (use it inside a test)');
    return value;
  };
  return {
    get store() {
      return started(store);
    },
    get server() {
      return started(server);
    },
    async open(page, hash) {
      const url = started(server).url;
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(url); // trades the session token for the cookie
      await waitUntilSettled(page);
      await page.goto(`${new URL(url).origin}/${hash}`);
      await waitUntilSettled(page);
    },
  };
}
