// Where a v2 token comes from at request time: the environment variable first, else the credential store.
import { CredentialError, v2TokenAccount, v2TokenEnvVar } from './credentialStore.ts';
import type { CredentialStore } from './credentialStore.ts';

export interface ResolveV2TokenOptions {
  store: CredentialStore;
  env: NodeJS.ProcessEnv;
  /** The service address, e.g. http://127.0.0.1:8080 (one token per origin). */
  baseUrl: string;
}

/** Where a resolved token came from, for messages ("using the token from …"); never the token itself. */
export type V2TokenSource =
  { kind: 'env'; name: string } | { kind: 'store'; description: string; account: string };

/** The token and its source. `FEEDBACK_DESK_V2_TOKEN` wins when set and non-blank (CI, scheduled jobs). */
export async function findV2Token(
  options: ResolveV2TokenOptions,
): Promise<{ token: string; source: V2TokenSource }> {
  const fromEnv = options.env[v2TokenEnvVar]?.trim();
  if (fromEnv) return { token: fromEnv, source: { kind: 'env', name: v2TokenEnvVar } };
  const account = v2TokenAccount(options.baseUrl);
  const stored = await options.store.get(account);
  if (stored)
    return { token: stored, source: { kind: 'store', description: options.store.description, account } };
  const origin = new URL(options.baseUrl).origin;
  throw new CredentialError(
    `No v2 token is stored for ${origin}: run \`feedback-desk login --base-url ${origin}\` or set ${v2TokenEnvVar}.`,
    'missing',
  );
}

/** The v2 token for `baseUrl`; throws CredentialError with one sentence saying what to do when there is none. */
export async function resolveV2Token(options: ResolveV2TokenOptions): Promise<string> {
  return (await findV2Token(options)).token;
}
