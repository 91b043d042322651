// v1 authentication: HTTP Basic (client id : API token) or the X-Svc-Client-Id / X-Svc-API-Token pair; 401 otherwise.
import type { IncomingHttpHeaders } from 'node:http';
import { HttpError } from '../http/reply.ts';
import type { V1Company } from './company.ts';

export interface V1Identity {
  clientId: string;
  token: string;
  /** The company the credentials belong to (created on first use). */
  company: () => V1Company;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return s === undefined || s === '' ? undefined : s;
}

/** The presented (client id, token): Basic wins when an Authorization: Basic header is sent. */
function presented(headers: IncomingHttpHeaders): { clientId: string; token: string } | undefined {
  const basic = /^Basic\s+(\S+)\s*$/i.exec(header(headers, 'authorization') ?? '');
  if (basic?.[1]) {
    const text = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = text.indexOf(':');
    if (colon <= 0) return undefined;
    return { clientId: text.slice(0, colon), token: text.slice(colon + 1) };
  }
  const clientId = header(headers, 'x-svc-client-id');
  const token = header(headers, 'x-svc-api-token');
  return clientId !== undefined && token !== undefined ? { clientId, token } : undefined;
}

export function authenticateV1(
  identities: Map<string, V1Identity>,
  headers: IncomingHttpHeaders,
): V1Identity {
  const creds = presented(headers);
  if (!creds)
    throw new HttpError(
      401,
      'Missing credentials: send Authorization: Basic base64(clientId:apiToken), or X-Svc-Client-Id and X-Svc-API-Token',
    );
  const identity = identities.get(creds.clientId);
  if (!identity || identity.token !== creds.token)
    throw new HttpError(401, 'Unknown client id or wrong API token');
  return identity;
}
