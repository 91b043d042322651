// `feedback-desk login`: store (or delete) the v2 token of one service address in the OS keychain.
import { ApiError } from '../../api/errors.ts';
import { UsageError } from '../args.ts';
import type { OptionValues } from '../args.ts';
import { baseUrlOption, optBool, optString } from '../command.ts';
import type { CliCommand, CliIO } from '../command.ts';
import { createRoutedFetch, describeNetwork, proxyFromEnv } from '../../api/network.ts';
import { createV1Client } from '../../api/v1/client.ts';
import { v1CredentialsAccount } from '../../credentials/v1Credentials.ts';
import { keychainService, v2TokenAccount, v2TokenEnvVar } from '../../credentials/credentialStore.ts';
import type { CredentialStore } from '../../credentials/credentialStore.ts';
import { createKeytarStore } from '../../credentials/keytarStore.ts';
import { asTerminal, promptHidden, readSecret } from '../../credentials/secretInput.ts';
import { checkV2Token } from '../../credentials/v2TokenCheck.ts';

// eslint-disable-next-line max-lines-per-function -- a CLI command: its option list and help texts are data; run() hands over to loginV1 and the v2 login
export function createLoginCommand(deps: { createStore?: () => CredentialStore } = {}): CliCommand {
  const createStore = deps.createStore ?? (() => createKeytarStore());
  return {
    name: 'login',
    summary:
      'store the v2 token (or, with --v1-client-id, the v1 credentials) of a service address in the OS keychain',
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
      {
        name: 'v1-client-id',
        type: 'string',
        valueName: 'ID',
        description:
          'store v1 credentials instead: this client id with its token (asked for, or --v1-token-stdin)',
      },
      {
        name: 'v1-token-stdin',
        type: 'boolean',
        description: 'with --v1-client-id: read the v1 token from standard input (for scripts)',
      },
      { name: 'delete', type: 'boolean', description: 'remove the stored token instead' },
      {
        name: 'check',
        type: 'boolean',
        description: 'ask the service (token introspection) whether the token works before storing it',
      },
      {
        name: 'verbose',
        type: 'boolean',
        description:
          'with --check: say how the request reaches the service (which proxy, which certificates)',
      },
    ],
    async run(options, io) {
      const v1ClientId = optString(options, 'v1-client-id');
      if (v1ClientId !== undefined) return loginV1(options, io, v1ClientId, createStore);
      if (optBool(options, 'v1-token-stdin'))
        throw new UsageError("option '--v1-token-stdin' goes with '--v1-client-id'");
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
          sayNetwork(options, io, origin);
          const info = await checkV2Token({ baseUrl: origin, token, fetch: envFetch(io) });
          const scopes = info.scopes.length ? info.scopes.join(', ') : 'none';
          io.stdout.write(`The service at ${origin} accepts the token '${info.name}' (scopes: ${scopes}).\n`);
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          io.stderr.write(`feedback-desk login: ${withoutLoss(error.message)} Nothing was stored.\n`);
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

/** Requests through the proxy the environment names (HTTPS_PROXY, NO_PROXY), trusting the system's CAs too. */
const envFetch = (io: CliIO): typeof globalThis.fetch => createRoutedFetch((t) => proxyFromEnv(t, io.env));
/** `--verbose`: the route to the service, before the check's request. */
function sayNetwork(options: OptionValues, io: CliIO, origin: string): void {
  if (optBool(options, 'verbose'))
    io.stderr.write(`${describeNetwork(proxyFromEnv(origin, io.env), origin)}\n`);
}
/** A network sentence says nothing stored changed; login says instead that nothing was stored. */
const withoutLoss = (message: string): string => message.replace(/ Nothing stored was changed\.$/, '');

/** `login --v1-client-id ID`: the v1 pair, stored as `v1@<origin>` (what `sync --source v1` reads). */
// eslint-disable-next-line max-lines-per-function -- the v1 login's steps (read the pair, check it with the service, store it), each failure with its own sentence
async function loginV1(
  options: OptionValues,
  io: CliIO,
  clientId: string,
  createStore: () => CredentialStore,
): Promise<number> {
  const origin = new URL(baseUrlOption(options)).origin;
  const account = v1CredentialsAccount(origin);
  const fromStdin = optBool(options, 'v1-token-stdin');
  if (optBool(options, 'v2-token-stdin'))
    throw new UsageError("option '--v2-token-stdin' is for v2 tokens; use '--v1-token-stdin'");
  if (optBool(options, 'delete')) {
    const store = createStore();
    const removed = await store.delete(account);
    io.stdout.write(
      removed
        ? `Removed the v1 credentials for ${origin} from ${store.description}.\n`
        : `No v1 credentials for ${origin} were stored in ${store.description}; nothing to remove.\n`,
    );
    return 0;
  }
  if (!/^[\w.@-]{1,200}$/.test(clientId))
    throw new UsageError("option '--v1-client-id' must be a client id such as demo-client");
  const terminal = asTerminal(io.stdin);
  if (!terminal && !fromStdin)
    throw new UsageError(
      'standard input is not a terminal: pass --v1-token-stdin to read the v1 token from it',
    );
  const token = terminal
    ? await promptHidden(`v1 token of ${clientId} for ${origin} (not shown): `, terminal, io.stderr)
    : await readSecret(io.stdin);
  if (token === '' || /\s/.test(token)) {
    io.stderr.write(
      'feedback-desk login: the v1 token is empty or contains white space; nothing was stored.\n',
    );
    return 1;
  }
  if (optBool(options, 'check')) {
    try {
      sayNetwork(options, io, origin);
      const root = await createV1Client({
        baseUrl: origin,
        clientId,
        token,
        maxRetries: 1,
        fetch: envFetch(io),
      }).rootFolder();
      io.stdout.write(
        `The service at ${origin} accepts the v1 credentials of ${clientId} (root folder: ${root.name}).\n`,
      );
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      io.stderr.write(`feedback-desk login: ${withoutLoss(error.message)} Nothing was stored.\n`);
      return 1;
    }
  }
  const store = createStore();
  await store.set(account, JSON.stringify({ clientId, token }));
  io.stdout.write(
    `Stored the v1 credentials of ${clientId} for ${origin} in ${store.description} (account '${account}').\n`,
  );
  return 0;
}

export const login = createLoginCommand();
