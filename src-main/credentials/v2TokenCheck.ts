// Asks the service whether a v2 token works (token introspection) before it is stored.
import { createHttpClient } from '../api/http.ts';
import { ApiError } from '../api/errors.ts';

export interface V2TokenInfo {
  name: string;
  scopes: string[];
}

const endpoint = 'token/introspect';

/** The token's name and scopes as the service reports them; throws ApiError (never quoting the token) otherwise. */
export async function checkV2Token(options: {
  baseUrl: string;
  token: string;
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
}): Promise<V2TokenInfo> {
  const http = createHttpClient({
    baseUrl: options.baseUrl,
    headers: { 'X-Svc-API-Token': options.token },
    secrets: [options.token],
    maxRetries: 2,
    timeoutMs: options.timeoutMs ?? 15_000,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const { body } = await http.getJson(http.url(`v2/${endpoint}`), endpoint);
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const { status, token_name: name, scopes } = record;
  const scopeList = Array.isArray(scopes) ? scopes.filter((s): s is string => typeof s === 'string') : null;
  if (typeof name !== 'string' || scopeList === null)
    throw new ApiError('invalid', `The service's answer to ${endpoint} is not token metadata.`, { endpoint });
  if (status !== undefined && status !== 'active')
    throw new ApiError('auth', `The service says this token is ${String(status)}, not active.`, { endpoint });
  return { name, scopes: scopeList };
}
