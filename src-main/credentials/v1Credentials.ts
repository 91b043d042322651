// Where v1 credentials (client id + API token) come from at request time: the two environment variables, else the
// credential store's account `v1@<origin>` holding `{"clientId": "…", "token": "…"}`.
import { CredentialError } from './credentialStore.ts';
import type { CredentialStore } from './credentialStore.ts';

export const v1ClientIdEnvVar = 'FEEDBACK_DESK_V1_CLIENT_ID';
export const v1TokenEnvVar = 'FEEDBACK_DESK_V1_TOKEN';

/** The account name of the v1 credentials for one service address. */
export function v1CredentialsAccount(baseUrl: string): string {
  return `v1@${new URL(baseUrl).origin}`;
}

export interface V1Credentials {
  clientId: string;
  token: string;
  /** Where they came from, for messages (never the secret). */
  source: string;
}

/** The v1 client id and token; throws CredentialError ('missing') with one sentence saying what to do. */
export async function findV1Credentials(options: {
  store: CredentialStore;
  env: NodeJS.ProcessEnv;
  baseUrl: string;
}): Promise<V1Credentials> {
  const clientId = options.env[v1ClientIdEnvVar]?.trim();
  const token = options.env[v1TokenEnvVar]?.trim();
  if (clientId && token) return { clientId, token, source: `${v1ClientIdEnvVar} and ${v1TokenEnvVar}` };
  const origin = new URL(options.baseUrl).origin;
  const account = v1CredentialsAccount(options.baseUrl);
  let stored: string | null;
  try {
    stored = await options.store.get(account);
  } catch (error) {
    // The store's own sentence names the v2 variable as the way out: give the v1 pair instead.
    const failure = error instanceof CredentialError ? error.failure : 'failed';
    throw new CredentialError(
      `The v1 credentials for ${origin} could not be read from ${options.store.description} (${failure === 'failed' ? 'it failed' : failure.replace('-', ' ')}); set ${v1ClientIdEnvVar} and ${v1TokenEnvVar} instead.`,
      failure,
      { cause: error },
    );
  }
  if (stored) {
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(stored);
    } catch {
      // reported below
    }
    const p = parsed as { clientId?: unknown; token?: unknown } | null;
    if (p && typeof p.clientId === 'string' && typeof p.token === 'string' && p.clientId && p.token)
      return { clientId: p.clientId, token: p.token, source: `${options.store.description} (${account})` };
    throw new CredentialError(
      `The v1 credentials stored for ${origin} in ${options.store.description} are unreadable; store them again, or set ${v1ClientIdEnvVar} and ${v1TokenEnvVar}.`,
      'failed',
    );
  }
  throw new CredentialError(
    `No v1 credentials for ${origin}: set ${v1ClientIdEnvVar} and ${v1TokenEnvVar}, or store {"clientId", "token"} as '${account}' in ${options.store.description}.`,
    'missing',
  );
}
