// The data file's update before first use: its migrations on a thread of their own, each step told as it starts,
// and every handler that needs the file waiting for it (main stays responsive; a big file takes a minute).
import type {
  CommandName,
  DomainHandlers,
  Handlers,
  StoreMigration,
  StoreUpdateCommands,
} from '#shared/contract.ts';
import { fail, ok } from '#shared/contract.ts';
import { StoreError, type MigrationStart } from '../store/migrate.ts';
import { migrateInThread, pendingMigrations } from '../store/migrateInThread.ts';
import { toAppError } from './context.ts';

export interface StoreReadinessDeps {
  migrationsDir?: string;
  /** Told every change of the update (the `store:migration` event). */
  emit(state: StoreMigration): void;
  /** A pause before each migration, in ms: only for tests that watch the progress on a small file. */
  pauseBeforeEachMs?: number;
}

export interface StoreReadiness {
  /** Resolves once the file at `path` needs no migration, updating it first when it does; rejects with a StoreError. */
  ready(path: string): Promise<void>;
  /** Whether an update is running now (the file must not be opened meanwhile). */
  updating(): boolean;
  /** Forgets a failed update of `path` (a failure is not retried by itself: every view would start it again). */
  forgetFailure(path: string): void;
  /** Resolves when no update runs (the running one ended, however). */
  settled(): Promise<void>;
  /** The update's last state since main started (null: none ran). */
  state(): StoreMigration | null;
}

const stepName = (m: MigrationStart): string =>
  `${String(m.version).padStart(4, '0')} ${m.name.replace(/_/g, ' ')}`;

// eslint-disable-next-line max-lines-per-function -- a factory: the readiness states (migrating, ready, failed) and their listeners share one state through closures
export function createStoreReadiness(deps: StoreReadinessDeps): StoreReadiness {
  const current = new Set<string>(); // files known to be up to date
  const failed = new Map<string, StoreError>(); // files whose update failed, until tried again
  let running: { path: string; promise: Promise<void> } | null = null;
  let last: StoreMigration | null = null;

  function update(path: string, steps: number): Promise<void> {
    const began = performance.now();
    let step: MigrationStart | null = null;
    const say = (phase: StoreMigration['phase'], error: string | null = null): void => {
      last = {
        phase,
        step: step?.index ?? 0,
        steps: step?.count ?? steps,
        name: step ? stepName(step) : '',
        seconds: (performance.now() - began) / 1000,
        error,
      };
      deps.emit(last);
    };
    return migrateInThread(path, {
      ...(deps.migrationsDir ? { migrationsDir: deps.migrationsDir } : {}),
      ...(deps.pauseBeforeEachMs ? { pauseBeforeEachMs: deps.pauseBeforeEachMs } : {}),
      onStart: (m) => {
        step = m;
        say('running');
      },
    }).then(
      () => {
        current.add(path);
        say('done');
      },
      (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        // Before any step (a newer version's file, an edited migration) the message says what to do already.
        const sentence =
          step === null
            ? message
            : `Updating the data file for this version stopped at step ${step.index} of ${step.count} (${stepName(step)}): ${message} The file keeps every step before it. Close whatever else uses the file (another Feedback Desk window, a running 'feedback-desk sync'), make room on the disk if it is full, then try again.`;
        say('failed', sentence);
        const failure = new StoreError(error instanceof StoreError ? error.reason : 'unusable', sentence);
        failed.set(path, failure);
        throw failure;
      },
    );
  }

  return {
    ready(path) {
      if (running?.path === path) return running.promise;
      if (current.has(path)) return Promise.resolve();
      const failure = failed.get(path);
      if (failure) return Promise.reject(failure);
      const steps = pendingMigrations(path, deps.migrationsDir);
      if (steps === 0) {
        current.add(path);
        return Promise.resolve();
      }
      const promise = update(path, steps).finally(() => {
        if (running?.promise === promise) running = null;
      });
      running = { path, promise };
      return promise;
    },
    updating: () => running !== null,
    forgetFailure: (path) => void failed.delete(path),
    settled: () => running?.promise.catch(() => undefined) ?? Promise.resolve(),
    state: () => last,
  };
}

/** Every handler waits as `gate` says; one waiting for 'ready' answers the update's failure (the next call retries). */
export function waitingForStore(
  handlers: Handlers,
  gate: (command: CommandName) => Promise<void> | null,
): Handlers {
  const out: Record<string, unknown> = {};
  for (const [name, handler] of Object.entries(handlers) as [
    CommandName,
    (args: never) => Promise<unknown>,
  ][])
    out[name] = async (args: never) => {
      try {
        await gate(name);
      } catch (error) {
        const e = toAppError(error);
        return fail(e.code, e.message);
      }
      return handler(args);
    };
  // Same keys and signatures as `handlers`, each wrapped: the mapped type cannot be built key by key.
  return out as Handlers;
}

/** The update's own commands: how it stands, and trying it again after a failure. */
export function createStoreUpdateHandlers(
  readiness: StoreReadiness,
  storePath: () => string,
): DomainHandlers<StoreUpdateCommands> {
  return {
    'store:migration': async () => ok(readiness.state()),
    'store:migrate': async () => {
      readiness.forgetFailure(storePath());
      await readiness.ready(storePath()).catch(() => undefined); // the failure is in the state
      return ok(readiness.state());
    },
  };
}
