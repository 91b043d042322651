// Connection profiles on disk: profiles.json in the data folder (names, service addresses, which file each syncs
// into, the active one, sync-on-start) — never a secret; those live in the CredentialStore under profileAccounts.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface StoredProfile {
  name: string;
  baseUrl: string;
  /** The v1 client id (not a secret; the v1 token is). */
  v1ClientId: string | null;
  /** The SQLite file's name inside the data folder. */
  file: string;
  createdAt: string;
}

export interface ProfilesFile {
  active: string | null;
  syncOnStart: boolean;
  profiles: StoredProfile[];
}

export interface ProfileRegistry {
  readonly dataDir: string;
  read(): ProfilesFile;
  /** Applies `change` to the current contents and writes them back atomically. */
  update(change: (file: ProfilesFile) => ProfilesFile): ProfilesFile;
  find(name: string): StoredProfile | null;
  storePath(profile: StoredProfile): string;
}

/** Keychain account names of one profile's secrets (per profile, so two profiles of one service do not collide). */
export const profileAccounts = {
  v2: (name: string): string => `profile:${name}:v2-token`,
  v1: (name: string): string => `profile:${name}:v1`,
};

const empty = (): ProfilesFile => ({ active: null, syncOnStart: false, profiles: [] });

function parseProfile(value: unknown): StoredProfile | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.name !== 'string' || typeof v.baseUrl !== 'string' || typeof v.file !== 'string') return null;
  if (!/^[a-z0-9-]+\.sqlite$/.test(v.file)) return null; // a file name in the data folder, nothing else
  return {
    name: v.name,
    baseUrl: v.baseUrl,
    v1ClientId: typeof v.v1ClientId === 'string' ? v.v1ClientId : null,
    file: v.file,
    createdAt: typeof v.createdAt === 'string' ? v.createdAt : '',
  };
}

/** A file name for a new profile: its name in lower-case letters and digits, made unique. */
export function profileFileName(name: string, taken: readonly string[]): string {
  const slug =
    name
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'profile';
  const base = `profile-${slug}`;
  let file = `${base}.sqlite`;
  for (let i = 2; taken.includes(file); i++) file = `${base}-${i}.sqlite`;
  return file;
}

export function createProfileRegistry(dataDir: string): ProfileRegistry {
  const path = join(dataDir, 'profiles.json');
  const registry: ProfileRegistry = {
    dataDir,
    read() {
      if (!existsSync(path)) return empty();
      let parsed: unknown;
      try {
        parsed = JSON.parse(readFileSync(path, 'utf8'));
      } catch {
        throw new Error(
          `The profiles file ${path} is unreadable; fix or remove it (your data files are kept).`,
        );
      }
      const p = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
      const profiles = Array.isArray(p.profiles)
        ? p.profiles.map(parseProfile).filter((x): x is StoredProfile => x !== null)
        : [];
      const active =
        typeof p.active === 'string' && profiles.some((x) => x.name === p.active) ? p.active : null;
      return { active, syncOnStart: p.syncOnStart === true, profiles };
    },
    update(change) {
      const next = change(registry.read());
      mkdirSync(dataDir, { recursive: true });
      const temp = `${path}.${process.pid}.tmp`;
      writeFileSync(temp, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
      renameSync(temp, path);
      return next;
    },
    find(name) {
      return registry.read().profiles.find((p) => p.name === name) ?? null;
    },
    storePath(profile) {
      return join(dataDir, profile.file);
    },
  };
  return registry;
}
