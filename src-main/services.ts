// The composition root: opens the store on first use and merges every domain's handlers into the contract's.
import type { Events, EventName, Handlers } from '#shared/contract.ts';
import { createAlertHandlers } from './handlers/alerts.ts';
import { createAlertReplayHandlers } from './handlers/alertReplay.ts';
import { createAnomalyHandlers } from './handlers/anomalies.ts';
import { createAnalyticsHandlers } from './handlers/analytics.ts';
import { createAppHandlers } from './handlers/app.ts';
import { createExportHandlers } from './handlers/export.ts';
import { createDownloadShelf, type Download } from './export/downloadShelf.ts';
import { createCommentHandlers } from './handlers/comments.ts';
import { createConnectionsHandlers } from './handlers/connections.ts';
import { createCoverageHandlers } from './handlers/coverage.ts';
import type { HandlerContext, ServicesDeps } from './handlers/context.ts';
import { createFollowupHandlers } from './handlers/followups.ts';
import { createPeopleHandlers } from './handlers/people.ts';
import { createRankingHandlers } from './handlers/ranking.ts';
import { createExplainHandlers } from './handlers/explain.ts';
import { createAnnotationHandlers } from './handlers/annotations.ts';
import { createReconciliationHandlers } from './handlers/reconciliation.ts';
import { createSyncHandlers } from './handlers/sync.ts';
import { dirname } from 'node:path';
import { createSessionStore } from './credentials/sessionStore.ts';
import { createConnections } from './profiles/connections.ts';
import { createProfileRegistry } from './profiles/registry.ts';
import { createStoreReadiness, createStoreUpdateHandlers, waitingForStore } from './handlers/storeReady.ts';
import { createDamageWatch } from './store/checkStore.ts';
import { StoreError, openStore } from './store/db.ts';
import type { Store } from './store/db.ts';

export type { EmulatorOptions, RunningEmulator, ServicesDeps } from './handlers/context.ts';
export { toAppError } from './handlers/context.ts';
export { demoToken } from './handlers/sync.ts';

export interface Services {
  handlers: Handlers;
  onEvent<E extends EventName>(name: E, listener: (payload: Events[E]) => void): () => void;
  /** Web mode: a finished export waiting under `id` (handed out once), or null. */
  takeDownload(id: string): Download | null;
  /** Cancels a running sync, waits for it and any check of the file after it to stop, closes the store. */
  close(): Promise<void>;
}

// eslint-disable-next-line max-lines-per-function -- the composition root: it wires every handler domain to the store and profiles, a list rather than logic
export function createServices(deps: ServicesDeps): Services {
  const listeners = new Map<EventName, Set<(payload: never) => void>>();
  let store: Store | null = null;
  let closed = false;
  const downloads = createDownloadShelf();
  const registry = createProfileRegistry(deps.dataDir ?? dirname(deps.storePath));
  const credentials = deps.credentials ?? createSessionStore();
  const connections = createConnections({
    registry,
    credentials,
    credentialsInfo: deps.credentialsInfo ?? {
      kind: credentials.description.startsWith('memory') ? 'session' : 'keychain',
      description: credentials.description,
      note: null,
    },
    ...(deps.fetch ? { test: { fetch: deps.fetch } } : {}),
    ...(deps.now ? { now: deps.now } : {}),
  });
  // The active profile's file when one is active (and still listed), else the demo's.
  const active = (() => {
    try {
      const file = registry.read();
      const profile = file.profiles.find((p) => p.name === file.active);
      return profile ? registry.storePath(profile) : deps.storePath;
    } catch {
      return deps.storePath; // an unreadable profiles.json is reported by connections:list
    }
  })();
  let storePath = active;
  // A file that needs migrations is updated on a thread from the start, each step told to every window.
  const readiness = createStoreReadiness({
    ...(deps.migrationsDir ? { migrationsDir: deps.migrationsDir } : {}),
    ...(deps.migrationPauseMs ? { pauseBeforeEachMs: deps.migrationPauseMs } : {}),
    emit: (state) => ctx.emit('store:migration', state),
  });
  void readiness.ready(storePath).catch(() => undefined); // said by the event and by every handler that waits

  const damage = createDamageWatch();
  const ctx: HandlerContext = {
    deps,
    damage,
    store() {
      if (closed) throw new StoreError('unusable', 'Feedback Desk is shutting down.');
      const damaged = damage.damaged(storePath);
      if (damaged) throw new StoreError('corrupt', damaged);
      if (!store && readiness.updating())
        throw new StoreError(
          'unusable',
          'The data file is being updated for this version; try again when it is done.',
        );
      store ??= openStore(storePath, {
        ...(deps.migrationsDir ? { migrationsDir: deps.migrationsDir } : {}),
        ...(deps.now ? { now: deps.now } : {}),
      });
      return store;
    },
    closeStore() {
      store?.close();
      store = null;
    },
    storePath: () => storePath,
    useStorePath(path) {
      if (path === storePath) return;
      store?.close();
      store = null;
      storePath = path;
    },
    connections,
    profiles: registry,
    sync: { running: null },
    emit(name, payload) {
      for (const listener of listeners.get(name) ?? []) {
        try {
          (listener as (p: typeof payload) => void)(payload);
        } catch {
          // A listener's failure (e.g. a closed window) must not break the sync.
        }
      }
    },
  };

  // Each domain builds its own handlers; `satisfies` makes a command without a handler fail the typecheck.
  const domainHandlers = {
    ...createAppHandlers(ctx),
    ...createAnalyticsHandlers(ctx),
    ...createSyncHandlers(ctx),
    ...createCoverageHandlers(ctx),
    ...createExportHandlers(ctx, downloads),
    ...createFollowupHandlers(ctx),
    ...createCommentHandlers(ctx),
    ...createAlertHandlers(ctx),
    ...createAlertReplayHandlers(ctx),
    ...createPeopleHandlers(ctx),
    ...createReconciliationHandlers(ctx),
    ...createRankingHandlers(ctx),
    ...createExplainHandlers(ctx),
    ...createAnnotationHandlers(ctx),
    ...createAnomalyHandlers(ctx),
    ...createConnectionsHandlers(ctx),
    ...createStoreUpdateHandlers(readiness, () => storePath),
  } satisfies Handlers;
  // Every handler waits while the active file is updated, except those that answer about the update or stop a sync;
  // checking or setting the file aside waits for the update's end but not for its success (a file set aside takes
  // its failed update with it).
  const handlers = waitingForStore(domainHandlers, (command) => {
    if (command === 'store:migration' || command === 'store:migrate' || command === 'sync:cancel')
      return null;
    if (command === 'store:check') return readiness.settled();
    if (command === 'store:rebuild')
      return readiness.settled().then(() => readiness.forgetFailure(storePath));
    return readiness.ready(storePath);
  });

  return {
    handlers,
    takeDownload: (id) => downloads.take(id),
    onEvent(name, listener) {
      let set = listeners.get(name);
      if (!set) listeners.set(name, (set = new Set()));
      set.add(listener as (payload: never) => void);
      return () => void set.delete(listener as (payload: never) => void);
    },
    async close() {
      closed = true;
      const running = ctx.sync.running;
      if (running) {
        running.controller.abort();
        await running.done;
      }
      await damage.idle(); // the check after a sync reads the file on its own connection
      ctx.closeStore();
    },
  };
}
