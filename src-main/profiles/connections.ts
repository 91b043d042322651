// Connection profiles as the app uses them: list (never a secret), test, save (tested first, secrets to the
// credential store only), switch (the services' store path becomes the profile's file), remove (secrets always,
// the data file only on request). Plain Node: the handlers and the CLI share it.
import { existsSync, rmSync } from 'node:fs';
import type {
  ConnectionsState,
  ConnectionTest,
  CredentialsInfo,
  ProfileDraft,
  ProfileInfo,
} from '#shared/contract.ts';
import type { CredentialStore } from '../credentials/credentialStore.ts';
import { profileAccounts, profileFileName, type ProfileRegistry, type StoredProfile } from './registry.ts';
import { connectionWorks, testConnection, type TestConnectionOptions } from './testConnection.ts';

export interface ConnectionsDeps {
  registry: ProfileRegistry;
  credentials: CredentialStore;
  credentialsInfo: CredentialsInfo;
  test?: TestConnectionOptions;
  now?: () => Date;
}

/** A profile's secrets, read at sync time (never leaves main). */
export interface ProfileSecrets {
  v2Token: string | null;
  v1: { clientId: string; token: string } | null;
}

export async function readProfileSecrets(
  credentials: CredentialStore,
  name: string,
): Promise<ProfileSecrets> {
  const v2Token = await credentials.get(profileAccounts.v2(name));
  const v1Raw = await credentials.get(profileAccounts.v1(name));
  let v1: ProfileSecrets['v1'] = null;
  if (v1Raw) {
    try {
      const p = JSON.parse(v1Raw) as { clientId?: unknown; token?: unknown };
      if (typeof p.clientId === 'string' && typeof p.token === 'string')
        v1 = { clientId: p.clientId, token: p.token };
    } catch {
      v1 = null;
    }
  }
  return { v2Token, v1 };
}

export async function storeProfileSecrets(
  credentials: CredentialStore,
  name: string,
  secrets: { v2Token?: string; v1?: { clientId: string; token: string } },
): Promise<void> {
  if (secrets.v2Token) await credentials.set(profileAccounts.v2(name), secrets.v2Token);
  else await credentials.delete(profileAccounts.v2(name));
  if (secrets.v1) await credentials.set(profileAccounts.v1(name), JSON.stringify(secrets.v1));
  else await credentials.delete(profileAccounts.v1(name));
}

// eslint-disable-next-line max-lines-per-function -- a factory: the profile operations share the credential store and the profiles file
export function createConnections(deps: ConnectionsDeps) {
  const { registry, credentials } = deps;
  const now = deps.now ?? (() => new Date());

  async function info(p: StoredProfile): Promise<ProfileInfo> {
    const secrets = await readProfileSecrets(credentials, p.name).catch(() => ({ v2Token: null, v1: null }));
    return {
      name: p.name,
      baseUrl: p.baseUrl,
      hasV2Token: secrets.v2Token !== null,
      v1ClientId: secrets.v1 ? p.v1ClientId : null,
      storePath: registry.storePath(p),
      createdAt: p.createdAt,
    };
  }

  async function state(): Promise<ConnectionsState> {
    const file = registry.read();
    return {
      profiles: await Promise.all(file.profiles.map(info)),
      active: file.active,
      credentials: deps.credentialsInfo,
      syncOnStart: file.syncOnStart,
    };
  }

  return {
    credentials,
    state,
    test: (draft: ProfileDraft | Omit<ProfileDraft, 'name'>): Promise<ConnectionTest> =>
      testConnection(draft, deps.test),

    /** Tests first; stores nothing unless every given credential works. A profile of that name is replaced. */
    async save(draft: ProfileDraft): Promise<{ test: ConnectionTest; saved: StoredProfile | null }> {
      const test = await testConnection(draft, deps.test);
      if (!connectionWorks(test)) return { test, saved: null };
      const v1 =
        draft.v1ClientId && draft.v1Token ? { clientId: draft.v1ClientId, token: draft.v1Token } : undefined;
      await storeProfileSecrets(credentials, draft.name, {
        ...(draft.v2Token ? { v2Token: draft.v2Token } : {}),
        ...(v1 ? { v1 } : {}),
      });
      let saved: StoredProfile | null = null;
      registry.update((f) => {
        const existing = f.profiles.find((p) => p.name === draft.name);
        saved = {
          name: draft.name,
          baseUrl: draft.baseUrl,
          v1ClientId: v1?.clientId ?? null,
          file:
            existing?.file ??
            profileFileName(
              draft.name,
              f.profiles.map((p) => p.file),
            ),
          createdAt: existing?.createdAt ?? now().toISOString(),
        };
        return { ...f, active: draft.name, profiles: [...f.profiles.filter((p) => p !== existing), saved] };
      });
      return { test, saved };
    },

    /** Makes `name` (null: the demo data) active; returns the store path the services should use, null for demo. */
    activate(name: string | null): StoredProfile | null {
      const profile = name === null ? null : registry.find(name);
      if (name !== null && profile === null) throw new Error(`There is no profile named '${name}'.`);
      registry.update((f) => ({ ...f, active: name }));
      return profile;
    },

    async remove(name: string, deleteData: boolean): Promise<{ deletedFiles: string[]; wasActive: boolean }> {
      const profile = registry.find(name);
      if (!profile) throw new Error(`There is no profile named '${name}'.`);
      await credentials.delete(profileAccounts.v2(name));
      await credentials.delete(profileAccounts.v1(name));
      let wasActive = false;
      registry.update((f) => {
        wasActive = f.active === name;
        return {
          ...f,
          active: wasActive ? null : f.active,
          profiles: f.profiles.filter((p) => p.name !== name),
        };
      });
      const deletedFiles: string[] = [];
      if (deleteData) {
        const base = registry.storePath(profile);
        for (const path of [base, `${base}-wal`, `${base}-shm`, `${base}.sync-lock`])
          if (existsSync(path)) {
            rmSync(path, { force: true });
            deletedFiles.push(path);
          }
      }
      return { deletedFiles, wasActive };
    },

    setSyncOnStart(enabled: boolean): void {
      registry.update((f) => ({ ...f, syncOnStart: enabled }));
    },
  };
}

export type Connections = ReturnType<typeof createConnections>;
