// `feedback-desk profiles`: the connection profiles saved by the app (or `login --profile`): name, address, which
// credentials are stored (never the secrets), the data file, and which one the app uses.
import type { CredentialStore } from '../../credentials/credentialStore.ts';
import { createKeytarStore } from '../../credentials/keytarStore.ts';
import { dataDir } from '../../paths.ts';
import { readProfileSecrets } from '../../profiles/connections.ts';
import { createProfileRegistry } from '../../profiles/registry.ts';
import type { CliCommand } from '../command.ts';

export function createProfilesCommand(deps: { createStore?: () => CredentialStore } = {}): CliCommand {
  return {
    name: 'profiles',
    summary: 'list the connection profiles (address, stored credentials, data file); sync one with --profile',
    details:
      'Profiles are made in the app (Connections) or with `login --profile NAME`; `sync --profile NAME` syncs one.',
    options: [],
    async run(_options, io) {
      const registry = createProfileRegistry(dataDir(io.env));
      const file = registry.read();
      if (file.profiles.length === 0) {
        io.stdout.write(`No connection profiles in ${registry.dataDir} yet.\n`);
        return 0;
      }
      const store = (deps.createStore ?? (() => createKeytarStore()))();
      for (const p of file.profiles) {
        let stored: string;
        try {
          const s = await readProfileSecrets(store, p.name);
          stored =
            [s.v2Token ? 'v2 token' : '', s.v1 ? `v1 (${s.v1.clientId})` : ''].filter(Boolean).join(' + ') ||
            'no credentials stored';
        } catch (error) {
          stored = `credentials unreadable (${error instanceof Error ? error.message : String(error)})`;
        }
        io.stdout.write(
          `${file.active === p.name ? '*' : ' '} ${p.name}\t${p.baseUrl}\t${stored}\t${registry.storePath(p)}\n`,
        );
      }
      io.stdout.write(
        `(* the profile the app uses; ${file.syncOnStart ? 'synced' : 'not synced'} when the app starts)\n`,
      );
      return 0;
    },
  };
}

export const profiles = createProfilesCommand();
