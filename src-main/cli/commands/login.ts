// `feedback-desk login`: store (or delete) the v2 token of one service address in the OS keychain.
import { ApiError } from '../../api/errors.ts';
import { UsageError } from '../args.ts';
import { baseUrlOption, optBool } from '../command.ts';
import type { CliCommand } from '../command.ts';
import { keychainService, v2TokenAccount, v2TokenEnvVar } from '../../credentials/credentialStore.ts';
import type { CredentialStore } from '../../credentials/credentialStore.ts';
import { createKeytarStore } from '../../credentials/keytarStore.ts';
import { asTerminal, promptHidden, readSecret } from '../../credentials/secretInput.ts';
import { checkV2Token } from '../../credentials/v2TokenCheck.ts';

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
      {
        name: 'check',
        type: 'boolean',
        description: 'ask the service (token introspection) whether the token works before storing it',
      },
    ],
    async run(options, io) {
      const origin = new URL(baseUrlOption(options)).origin;
      const account = v2TokenAccount(origin);
      const fromStdin = optBool(options, 'v2-token-stdin');
      if (optBool(options, 'delete')) {
        if (fromStdin || optBool(options, 'check'))
          throw new UsageError("option '--delete' cannot be combined with '--v2-token-stdin' or '--check'");
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
      if (optBool(options, 'check')) {
        try {
          const info = await checkV2Token({ baseUrl: origin, token });
          const scopes = info.scopes.length ? info.scopes.join(', ') : 'none';
          io.stdout.write(`The service at ${origin} accepts the token '${info.name}' (scopes: ${scopes}).\n`);
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          io.stderr.write(`feedback-desk login: ${error.message} Nothing was stored.\n`);
          return 1;
        }
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
