// "Test connection": asks the service whether the given credentials work — v2 token introspection (scopes) and the
// authorised tree's roots, a v1 root-folder call — before anything is stored. Never quotes a secret.
import type { CheckOutcome, ConnectionDraft, ConnectionTest } from '#shared/contract.ts';
import { ApiError } from '../api/errors.ts';
import { createV1Client } from '../api/v1/client.ts';
import { createV2Client } from '../api/v2/client.ts';
import { checkV2Token } from '../credentials/v2TokenCheck.ts';

export interface TestConnectionOptions {
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
}

function failure(error: unknown, secrets: string[]): { ok: false; message: string } {
  const raw =
    error instanceof ApiError
      ? error.message
      : 'The service gave an answer Feedback Desk does not understand.';
  // The API errors never quote credentials; this is a second guard, since the message reaches the renderer.
  return { ok: false, message: secrets.reduce((m, s) => (s ? m.split(s).join('***') : m), raw) };
}

async function testV2(
  baseUrl: string,
  token: string,
  o: TestConnectionOptions,
): Promise<NonNullable<ConnectionTest['v2']>> {
  try {
    const info = await checkV2Token({
      baseUrl,
      token,
      timeoutMs: o.timeoutMs ?? 15_000,
      ...(o.fetch ? { fetch: o.fetch } : {}),
    });
    const client = createV2Client({
      baseUrl,
      token,
      maxRetries: 1,
      timeoutMs: o.timeoutMs ?? 30_000,
      ...(o.fetch ? { fetch: o.fetch } : {}),
    });
    const items = await client.experiencePoints();
    const ids = new Set(items.map((i) => i.experiencePointId));
    // The authorised root(s): items whose parent is not visible to this token.
    const roots = items
      .filter((i) => i.parent === null || !ids.has(i.parent))
      .map((i) => ({ id: i.experiencePointId, name: i.name }));
    return { ok: true, tokenName: info.name, scopes: info.scopes, roots };
  } catch (error) {
    return failure(error, [token]);
  }
}

async function testV1(
  baseUrl: string,
  clientId: string,
  token: string,
  o: TestConnectionOptions,
): Promise<CheckOutcome<{ rootFolder: string }>> {
  try {
    const client = createV1Client({
      baseUrl,
      clientId,
      token,
      maxRetries: 1,
      timeoutMs: o.timeoutMs ?? 15_000,
      ...(o.fetch ? { fetch: o.fetch } : {}),
    });
    const root = await client.rootFolder();
    return { ok: true, rootFolder: root.name };
  } catch (error) {
    return failure(error, [token, clientId]);
  }
}

export async function testConnection(
  draft: ConnectionDraft,
  o: TestConnectionOptions = {},
): Promise<ConnectionTest> {
  const [v2, v1] = await Promise.all([
    draft.v2Token ? testV2(draft.baseUrl, draft.v2Token, o) : null,
    draft.v1ClientId && draft.v1Token ? testV1(draft.baseUrl, draft.v1ClientId, draft.v1Token, o) : null,
  ]);
  return { baseUrl: draft.baseUrl, v2, v1 };
}

/** Whether every credential that was given works. */
export function connectionWorks(test: ConnectionTest): boolean {
  return (test.v2 !== null || test.v1 !== null) && test.v2?.ok !== false && test.v1?.ok !== false;
}
