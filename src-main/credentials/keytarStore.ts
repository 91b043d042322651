// The OS-keychain CredentialStore (macOS Keychain, Windows Credential Manager, Secret Service on Linux) via keytar.
import { keychainService } from './credentialStore.ts';
import type { CredentialStore } from './credentialStore.ts';
import { keychainFailure, keytarUnavailable } from './keychainFailures.ts';

/** The part of keytar's API this store uses. */
export interface KeytarApi {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

export interface KeytarStoreOptions {
  /** The keychain service name entries are filed under (default 'feedback-desk'). */
  service?: string;
  /** Loads keytar; the default imports the optional dependency lazily, so machines without it still run. */
  load?: () => Promise<unknown>;
}

// A variable specifier keeps bundlers and tsc from resolving the optional native module ahead of time.
const keytarModule = 'keytar';
const importKeytar = (): Promise<unknown> => import(keytarModule);

function isKeytarApi(value: unknown): value is KeytarApi {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.getPassword === 'function' &&
    typeof v.setPassword === 'function' &&
    typeof v.deletePassword === 'function'
  );
}

/** keytar is CommonJS: its functions sit on the namespace or on `default`, depending on the loader. */
function parseKeytar(loaded: unknown): KeytarApi {
  if (isKeytarApi(loaded)) return loaded;
  const inner =
    typeof loaded === 'object' && loaded !== null ? (loaded as { default?: unknown }).default : undefined;
  if (isKeytarApi(inner)) return inner;
  throw new Error('keytar loaded but does not expose getPassword/setPassword/deletePassword');
}

export function createKeytarStore(options: KeytarStoreOptions = {}): CredentialStore {
  const service = options.service ?? keychainService;
  const load = options.load ?? importKeytar;
  let keytar: Promise<KeytarApi> | undefined;

  async function api(): Promise<KeytarApi> {
    keytar ??= load().then(parseKeytar);
    try {
      return await keytar;
    } catch (error) {
      keytar = undefined; // a later call may succeed, e.g. after `npm rebuild keytar` in a long-running app
      throw keytarUnavailable(error);
    }
  }

  return {
    description: 'the OS keychain',
    async get(account) {
      const k = await api();
      try {
        return await k.getPassword(service, account);
      } catch (error) {
        throw keychainFailure(error);
      }
    },
    async set(account, secret) {
      const k = await api();
      try {
        await k.setPassword(service, account, secret);
      } catch (error) {
        throw keychainFailure(error, secret);
      }
    },
    async delete(account) {
      const k = await api();
      try {
        return await k.deletePassword(service, account);
      } catch (error) {
        throw keychainFailure(error);
      }
    },
  };
}
