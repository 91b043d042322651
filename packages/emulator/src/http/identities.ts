// Who may call the emulator: the v1 client ids and tokens, the default v2 token and the restricted v2 token.
import type { TreeNode, World } from '../world/types.ts';
import { HttpError } from './reply.ts';

export const V2_SCOPES = [
  'feedback:read',
  'structure:read',
  'alerts:read',
  'users:read',
  'devices:read',
] as const;
export type V2Scope = (typeof V2_SCOPES)[number];

export const DEFAULT_V1_CLIENT_ID = 'demo-client';
export const DEFAULT_V1_TOKEN = 'demo-token';
/** A second, disjoint company for v1 isolation tests (its keys never resolve for demo-client, nor the reverse). */
export const OTHER_V1_CLIENT_ID = 'other-client';
export const OTHER_V1_TOKEN = 'other-token';
export const DEFAULT_V2_TOKEN = 'demo-v2-token';
export const LIMITED_V2_TOKEN = 'demo-v2-limited';

export interface V2Identity {
  token: string;
  tokenId: number;
  tokenName: string;
  scopes: readonly V2Scope[];
  /** The token's root: it sees this node's subtree only. */
  root: TreeNode;
}

/** The v2 tokens of a world: every scope on the whole tree, and a limited one rooted at the first country. */
export function v2Identities(world: World): Map<string, V2Identity> {
  const root = world.nodes[0];
  if (!root) throw new Error('world has no tree');
  const country = world.nodes.find((n) => n.depth === 1 && n.type === 'GROUP') ?? root;
  return new Map<string, V2Identity>([
    [
      DEFAULT_V2_TOKEN,
      {
        token: DEFAULT_V2_TOKEN,
        tokenId: 7001,
        tokenName: 'Feedback Desk demo (all scopes)',
        scopes: V2_SCOPES,
        root,
      },
    ],
    [
      LIMITED_V2_TOKEN,
      {
        token: LIMITED_V2_TOKEN,
        tokenId: 7002,
        tokenName: `Limited: ${country.name} (feedback & structure)`,
        scopes: ['feedback:read', 'structure:read'],
        root: country,
      },
    ],
  ]);
}

/** Reads the token from X-Svc-API-Token or the `auth` query parameter; 401 when missing or unknown. */
export function authenticateV2(
  identities: Map<string, V2Identity>,
  header: string | string[] | undefined,
  query: URLSearchParams,
): V2Identity {
  const presented = (Array.isArray(header) ? header[0] : header) ?? query.get('auth') ?? undefined;
  if (presented === undefined || presented === '')
    throw new HttpError(
      401,
      'Missing API token: send the X-Svc-API-Token header or the auth query parameter',
    );
  const identity = identities.get(presented);
  if (!identity) throw new HttpError(401, 'Unknown API token');
  return identity;
}

export function requireScope(identity: V2Identity, scope: V2Scope | null): void {
  if (scope !== null && !identity.scopes.includes(scope))
    throw new HttpError(403, `The API token lacks the scope ${scope} this operation needs`);
}

/** The node-index range [start, end) the identity may see. */
export function authorisedRange(identity: V2Identity): [number, number] {
  return [identity.root.index, identity.root.subtreeEnd];
}

/** An explicitly named experience point or group: 403 when unknown or outside the authorised subtree. */
export function authorisedNode(world: World, identity: V2Identity, id: number, param: string): TreeNode {
  const node = world.nodeById.get(id);
  const [lo, hi] = authorisedRange(identity);
  if (!node || node.index < lo || node.index >= hi)
    throw new HttpError(
      403,
      `Parameter '${param}': experience point ${id} is not within the token's authorised experience points`,
    );
  return node;
}
