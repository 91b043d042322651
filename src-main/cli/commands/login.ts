// `feedback-desk login`: store (or delete) the v2 token of one service address in the OS keychain.
import { UsageError } from '../args.ts';
import { optBool, optString } from '../command.ts';
import type { CliCommand } from '../command.ts';
import { keychainService, v2TokenAccount, v2TokenEnvVar } from '../../credentials/credentialStore.ts';
import type { CredentialStore } from '../../credentials/credentialStore.ts';
import { createKeytarStore } from '../../credentials/keytarStore.ts';
import { asTerminal, promptHidden, readSecret } from '../../credentials/secretInput.ts';

export function parseBaseUrl(raw: string | undefined): URL {
  if (raw === undefined)
    throw new UsageError("option '--base-url' is required (the service address, e.g. http://127.0.0.1:4010)");
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`option '--base-url' must be an http or https URL, not '${raw}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`option '--base-url' must be an http or https URL, not '${raw}'`);
  return url;
}

export function createLoginCommand(deps: { createStore?: () => CredentialStore } = {}): CliCommand {
  const createStore = deps.createStore ?? (() => createKeytarStore());
  return {
    name: 'login',
    summary: 'store the v2 token of a service address in the OS keychain (or delete it)',
    details: [
      'At a terminal the token is asked for without echo; scripts pipe it in with --v2-token-stdin:',
      '  printf %s "$TOKEN" | feedback-desk login --base-url https://feedback.example.com --v2-token-stdin',
      `Tokens are filed per origin under the keychain service '${keychainService}'. ${v2TokenEnvVar}, when set,`,
      'wins over the keychain (for CI and scheduled jobs where no keychain runs).',
    ].join('\n'),
    options: [
      {
        name: 'base-url',
        type: 'string',
        valueName: 'URL',
        description: 'the service address the token is for',
      },
      {
        name: 'v2-token-stdin',
        type: 'boolean',
        description: 'read the token from standard input (for scripts)',
      },
      { name: 'delete', type: 'boolean', description: 'remove the stored token instead' },
    ],
    async run(options, io) {
      const origin = parseBaseUrl(optString(options, 'base-url')).origin;
      const account = v2TokenAccount(origin);
      const fromStdin = optBool(options, 'v2-token-stdin');
      if (optBool(options, 'delete')) {
        if (fromStdin) throw new UsageError("options '--delete' and '--v2-token-stdin' cannot be combined");
        const store = createStore();
        const removed = await store.delete(account);
        io.stdout.write(
          removed
            ? `Removed the v2 token for ${origin} from ${store.description}.\n`
            : `No v2 token for ${origin} was stored in ${store.description}; nothing to remove.\n`,
        );
        return 0;
      }
      const terminal = asTerminal(io.stdin);
      if (!terminal && !fromStdin)
        throw new UsageError(
          'standard input is not a terminal: pass --v2-token-stdin to read the token from it',
        );
      const token = terminal
        ? await promptHidden(`v2 token for ${origin} (not shown): `, terminal, io.stderr)
        : await readSecret(io.stdin);
      if (token === '') {
        io.stderr.write('feedback-desk login: the token is empty; nothing was stored.\n');
        return 1;
      }
      if (/\s/.test(token)) {
        io.stderr.write(
          'feedback-desk login: the token contains white space, which no token has; nothing was stored.\n',
        );
        return 1;
      }
      const store = createStore();
      await store.set(account, token);
      io.stdout.write(
        `Stored the v2 token for ${origin} in ${store.description} (service '${keychainService}', account '${account}').\n`,
      );
      if (io.env[v2TokenEnvVar]?.trim())
        io.stderr.write(`Note: ${v2TokenEnvVar} is set here and wins over the keychain while it is.\n`);
      return 0;
    },
  };
}

export const login = createLoginCommand();
