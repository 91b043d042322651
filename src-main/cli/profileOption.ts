// `--profile NAME` for the CLI: the connection profile the app saved (profiles.json in the data folder) — its
// service address, its own SQLite file and its secrets from the credential store.
import type { CredentialStore } from '../credentials/credentialStore.ts';
import { dataDir } from '../paths.ts';
import { readProfileSecrets, type ProfileSecrets } from '../profiles/connections.ts';
import { createProfileRegistry } from '../profiles/registry.ts';
import { UsageError } from './args.ts';

export interface CliProfile {
  name: string;
  baseUrl: string;
  dbPath: string;
  secrets: ProfileSecrets;
}

function profileNamed(name: string, env: NodeJS.ProcessEnv) {
  const registry = createProfileRegistry(dataDir(env));
  const profile = registry.find(name);
  if (!profile) {
    const known = registry.read().profiles.map((p) => p.name);
    throw new UsageError(
      `option '--profile': there is no profile named '${name}' (${known.length ? `known: ${known.join(', ')}` : 'none saved yet; connect one in the app'})`,
    );
  }
  return { registry, profile };
}

/** The SQLite file of a saved profile (for commands that only read it: no secrets are read). */
export function profileStorePath(name: string, env: NodeJS.ProcessEnv): string {
  const { registry, profile } = profileNamed(name, env);
  return registry.storePath(profile);
}

export async function loadProfile(
  name: string,
  env: NodeJS.ProcessEnv,
  credentials: CredentialStore,
): Promise<CliProfile> {
  const { registry, profile } = profileNamed(name, env);
  return {
    name,
    baseUrl: profile.baseUrl,
    dbPath: registry.storePath(profile),
    secrets: await readProfileSecrets(credentials, name),
  };
}
