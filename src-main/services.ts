// The composition root: builds the store, API client, sync and analytics into the contract's handlers and events.
import type {
  AppError,
  AppState,
  Events,
  EventName,
  Handlers,
  Result,
  SyncSummary,
} from '../src-shared/contract.ts';
import { fail, ok } from '../src-shared/contract.ts';
import { listTree, querySpecProblem, runQuery } from './analytics/query.ts';
import { listScales } from './analytics/scales.ts';
import { ApiError, errorCodeOf } from './api/errors.ts';
import { createV2Client } from './api/v2/client.ts';
import type { CredentialStore } from './credentials/credentialStore.ts';
import { checkCommandArgs } from './ipc/commandArgs.ts';
import { existsSync } from 'node:fs';
import { setAsideStore } from './store/checkStore.ts';
import { StoreError, openStore } from './store/db.ts';
import type { Store } from './store/db.ts';
import { syncSurveyDefinitions } from './sync/surveyDefinitions.ts';
import { SyncLockedError, acquireSyncLock } from './sync/syncLock.ts';
import { syncV2 } from './sync/syncV2.ts';

/** The emulator as services use it (src-main/emulator/index.ts): started on loopback, closed after the demo sync. */
export interface EmulatorOptions {
  port?: number;
  host?: string;
  seed?: number;
  size?: 'tiny' | 'small' | 'demo' | 'large';
  now?: Date;
}
export interface RunningEmulator {
  url: string;
  close(): Promise<void>;
}

export interface ServicesDeps {
  storePath: string;
  /** Where real service tokens live (used by the real-service sync of later issues). */
  credentials?: CredentialStore;
  /** Default: the built-in emulator, loaded on first use. */
  startEmulator?: (options: EmulatorOptions) => Promise<RunningEmulator>;
  /** The demo world's size (tests use 'tiny'). */
  demoSize?: EmulatorOptions['size'];
  fetch?: typeof globalThis.fetch;
  migrationsDir?: string;
  now?: () => Date;
}

export interface Services {
  handlers: Handlers;
  onEvent<E extends EventName>(name: E, listener: (payload: Events[E]) => void): () => void;
  /** Cancels a running sync, waits for it to stop, closes the store. */
  close(): Promise<void>;
}

export const demoToken = 'demo-v2-token';
/** The demo's checkpoint identity: the emulator's port changes every run, its world does not. */
const demoSource = 'emulator:demo:seed-1';

const loadEmulator = async (options: EmulatorOptions): Promise<RunningEmulator> =>
  (await import('./emulator/index.ts')).startEmulator(options);

export function createServices(deps: ServicesDeps): Services {
  const listeners = new Map<EventName, Set<(payload: never) => void>>();
  let store: Store | null = null;
  let running: { controller: AbortController; done: Promise<unknown> } | null = null;
  let closed = false;

  function emit<E extends EventName>(name: E, payload: Events[E]): void {
    for (const listener of listeners.get(name) ?? []) {
      try {
        (listener as (p: Events[E]) => void)(payload);
      } catch {
        // A listener's failure (e.g. a closed window) must not break the sync.
      }
    }
  }

  function openedStore(): Store {
    if (closed) throw new StoreError('unusable', 'Feedback Desk is shutting down.');
    store ??= openStore(deps.storePath, {
      ...(deps.migrationsDir ? { migrationsDir: deps.migrationsDir } : {}),
      ...(deps.now ? { now: deps.now } : {}),
    });
    return store;
  }

  /** Runs a handler body; any exception becomes a Result with a plain message. */
  async function guard<T>(body: () => Promise<Result<T>> | Result<T>): Promise<Result<T>> {
    try {
      return await body();
    } catch (error) {
      const e = toAppError(error);
      return fail(e.code, e.message);
    }
  }

  async function exploreDemo(): Promise<Result<SyncSummary>> {
    if (running) return fail('busy', 'A sync is already running. Wait for it to finish, or cancel it first.');
    const s = openedStore();
    const controller = new AbortController();
    const work = (async (): Promise<Result<SyncSummary>> => {
      // One sync per file: a CLI sync on the same file refuses to start meanwhile, and the reverse.
      const lock = acquireSyncLock(s.path);
      const emulator = await (deps.startEmulator ?? loadEmulator)({
        port: 0,
        host: '127.0.0.1',
        size: deps.demoSize ?? 'demo',
        seed: 1,
      }).catch((error: unknown) => {
        lock.release();
        throw error;
      });
      try {
        const client = createV2Client({
          baseUrl: emulator.url,
          token: demoToken,
          ...(deps.fetch ? { fetch: deps.fetch } : {}),
        });
        // Survey definitions first (a few requests): the per-scale views need each survey's scale. A cancel here
        // leaves the signal aborted, and syncV2 then resolves 'cancelled' at once.
        await syncSurveyDefinitions({
          store: s,
          client,
          signal: controller.signal,
          onProgress: (p) => emit('sync:progress', p),
        });
        const result = await syncV2({
          store: s,
          client,
          signal: controller.signal,
          sourceId: demoSource,
          onProgress: (p) => emit('sync:progress', p),
          ...(deps.now ? { now: deps.now } : {}),
        });
        if (result.status === 'cancelled')
          return fail(
            'cancelled',
            'The demo sync was cancelled. What was already fetched is kept; explore the demo again to finish it.',
          );
        return ok({
          feedbackCount: result.feedbackTotal,
          experiencePointCount: result.experiencePointCount,
          seconds: result.seconds,
        });
      } finally {
        lock.release();
        await emulator.close();
      }
    })();
    running = { controller, done: work.catch(() => undefined) };
    try {
      return await work;
    } finally {
      running = null;
    }
  }

  const handlers: Handlers = {
    'app:getState': () =>
      guard((): Result<AppState> => {
        const s = openedStore();
        const last = s.syncRuns.last('done');
        return ok({
          hasData: s.tree.count() > 0 || s.buttonFeedback.total() > 0,
          storePath: s.path,
          lastSync: last
            ? {
                source: 'v2',
                baseUrl: last.baseUrl,
                finishedAt: last.finishedAt ?? last.startedAt,
                feedbackCount: last.feedbackTotal ?? 0,
              }
            : null,
          syncing: running !== null,
        });
      }),
    'tree:list': () => guard(() => ok(listTree(openedStore().db))),
    'analytics:query': (args) =>
      guard(() => {
        // The spec comes from the renderer: check its shape and meaning before it reaches SQL.
        const checked = checkCommandArgs('analytics:query', args);
        if (!checked.ok) return fail('bad-request', `The query was not understood: ${checked.message}.`);
        const problem = querySpecProblem(checked.args);
        if (problem) return fail('bad-request', `The query was not understood: ${problem}.`);
        return ok(runQuery(openedStore().db, checked.args));
      }),
    'analytics:scales': (args) =>
      guard(() => {
        const checked = checkCommandArgs('analytics:scales', args);
        if (!checked.ok)
          return fail('bad-request', `The scales request was not understood: ${checked.message}.`);
        return ok(listScales(openedStore().db, checked.args.experiencePointIds));
      }),
    'demo:explore': () => guard(exploreDemo),
    'sync:cancel': () =>
      guard((): Result<{ cancelled: boolean }> => {
        if (!running || running.controller.signal.aborted) return ok({ cancelled: false });
        running.controller.abort();
        return ok({ cancelled: true });
      }),
    'store:rebuild': () =>
      guard((): Result<{ setAsidePath: string | null }> => {
        if (running) return fail('busy', 'A sync is running. Cancel it first, then rebuild the local data.');
        store?.close();
        store = null;
        // Moved aside, never deleted: the next open creates an empty store that a sync fills from the service.
        const setAsidePath = existsSync(deps.storePath) ? setAsideStore(deps.storePath) : null;
        return ok({ setAsidePath });
      }),
  };

  return {
    handlers,
    onEvent(name, listener) {
      let set = listeners.get(name);
      if (!set) listeners.set(name, (set = new Set()));
      set.add(listener as (payload: never) => void);
      return () => void set.delete(listener as (payload: never) => void);
    },
    async close() {
      closed = true;
      if (running) {
        running.controller.abort();
        await running.done;
      }
      store?.close();
      store = null;
    },
  };
}

/** Any failure as the user sees it: API and store errors carry their own sentences. */
export function toAppError(error: unknown): AppError {
  if (error instanceof ApiError) return { code: errorCodeOf(error.kind), message: error.message };
  if (error instanceof StoreError) return { code: 'store', message: error.message };
  if (error instanceof SyncLockedError) return { code: 'busy', message: error.message };
  const detail = error instanceof Error ? error.message : String(error);
  return {
    code: 'internal',
    message: `Something went wrong inside Feedback Desk (${detail.slice(0, 200)}). Please report it.`,
  };
}
