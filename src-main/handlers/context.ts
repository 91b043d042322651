// What every domain's handlers share: the opened store, the running sync, events, and turning failures into Results.
import type { AppError, CommandArgs, CommandName, Events, EventName, Result } from '#shared/contract.ts';
import { checkCommandArgs, fail } from '#shared/contract.ts';
import { ApiError, errorCodeOf } from '../api/errors.ts';
import { describeStoreFailure, isBusy } from '../core/failures.ts';
import type { CredentialsInfo } from '#shared/contract.ts';
import { CredentialError } from '../credentials/credentialStore.ts';
import type { CredentialStore } from '../credentials/credentialStore.ts';
import type { ChooseExportPath } from '../export/saveDialog.ts';
import type { ResolveNetwork } from '../api/network.ts';
import type { Connections } from '../profiles/connections.ts';
import type { ProfileRegistry } from '../profiles/registry.ts';
import { StoreError } from '../store/db.ts';
import type { DamageWatch } from '../store/checkStore.ts';
import type { Store } from '../store/db.ts';
import { SyncLockedError } from '../sync/syncLock.ts';

/**
 * The emulator as services use it (packages/emulator, `#emulator/index.ts`): started on loopback, closed after the
 * demo sync.
 */
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
  /** The demo's (and the CLI's default) local file; a connection profile, when one is active, has its own. */
  storePath: string;
  /** Where profiles.json and the profiles' files live; default the folder of `storePath`. */
  dataDir?: string;
  /** Where the profiles' secrets live (chooseCredentialStore); default memory, for this session only. */
  credentials?: CredentialStore;
  /** What the UI says about `credentials` (see chooseCredentialStore). */
  credentialsInfo?: CredentialsInfo;
  /** Default: the built-in emulator, loaded on first use. */
  startEmulator?: (options: EmulatorOptions) => Promise<RunningEmulator>;
  /** The demo world's size (tests use 'tiny'). */
  demoSize?: EmulatorOptions['size'];
  /** How requests reach the service on this thread (desktop: Chromium's stack; CLI: the environment's proxy). */
  fetch?: typeof globalThis.fetch;
  /** The proxy and certificates for an address, as plain data for the sync's threads (api/network.ts). */
  network?: ResolveNetwork;
  migrationsDir?: string;
  now?: () => Date;
  /** Desktop: where to save an export (the native save dialog). Absent (web mode): exports become downloads. */
  chooseExportPath?: ChooseExportPath;
  /** A pause before each migration of the data file, in ms: only for tests that watch the update's progress. */
  migrationPauseMs?: number;
}

/** A sync in progress: how to stop it, and a promise that settles when it has stopped. */
export interface RunningSync {
  controller: AbortController;
  done: Promise<unknown>;
}

export interface HandlerContext {
  deps: ServicesDeps;
  /** The store, opened on first use (a closed services object refuses). */
  store(): Store;
  /** Closes the store; the next `store()` opens the file again (after a rebuild set it aside, a new one). */
  closeStore(): void;
  /** The active local file: the active profile's, or the demo's. */
  storePath(): string;
  /** Closes the store and makes `path` the active file (switching profiles). */
  useStorePath(path: string): void;
  connections: Connections;
  profiles: ProfileRegistry;
  /** Damage the check after a sync found (the store then answers the damage sentence until it is rebuilt). */
  damage?: DamageWatch;
  /** The sync that is running, if any (one at a time). */
  sync: { running: RunningSync | null };
  emit<E extends EventName>(name: E, payload: Events[E]): void;
}

/** Runs a handler body; any exception becomes a Result with a plain message. */
export async function guard<T>(body: () => Promise<Result<T>> | Result<T>): Promise<Result<T>> {
  try {
    return await body();
  } catch (error) {
    const e = toAppError(error);
    return fail(e.code, e.message);
  }
}

/**
 * The arguments checked once more inside main (the CLI and tests call handlers directly, not through a bridge),
 * then the body; a bad argument is a 'bad-request' naming `what` ("The query was not understood: …").
 */
export function withArgs<K extends CommandName, T>(
  command: K,
  what: string,
  args: unknown,
  body: (args: CommandArgs<K>) => Promise<Result<T>> | Result<T>,
): Promise<Result<T>> {
  return guard(() => {
    const checked = checkCommandArgs(command, args);
    if (!checked.ok) return fail('bad-request', `${what} was not understood: ${checked.message}.`);
    return body(checked.args);
  });
}

/** Any failure as the user sees it: API and store errors carry their own sentences. */
export function toAppError(error: unknown): AppError {
  if (error instanceof ApiError) return { code: errorCodeOf(error.kind), message: error.message };
  if (error instanceof StoreError) return { code: 'store', message: error.message };
  if (error instanceof SyncLockedError) return { code: 'busy', message: error.message };
  if (error instanceof CredentialError) return { code: 'credentials', message: error.message };
  // SQLite's own errors met by any read or write (a damaged page, a full disk): the file's sentence, not SQLite's.
  const sentence = describeStoreFailure(error, null);
  if (sentence !== null) return { code: isBusy(error) ? 'busy' : 'store', message: sentence };
  const detail = error instanceof Error ? error.message : String(error);
  return {
    code: 'internal',
    message: `Something went wrong inside Feedback Desk (${detail.slice(0, 200)}). Please report it.`,
  };
}
