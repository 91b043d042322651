// v2 users, custom data (values and field definitions) and token introspection.
import { authorisedNode, authorisedRange } from '../http/identities.ts';
import { type Reply, jsonReply } from '../http/reply.ts';
import { formatTimestamp } from '../world/calendar.ts';
import type { V2Context } from './context.ts';
import { RECORD_COLUMNS as C } from './recordColumns.ts';
import { tableReply } from './table.ts';

/** User timestamps have no experience point; they are written in UTC (+00:00). */
const utc = (ms: number | null): string | null => (ms === null ? null : formatTimestamp(ms, 0));

export function usersList(ctx: V2Context): Reply {
  const { world } = ctx;
  const [lo, hi] = authorisedRange(ctx.identity);
  const rows = world.users
    .filter((u) => u.rootNodeIndex >= lo && u.rootNodeIndex < hi)
    .map((u) => ({
      userId: u.id,
      email: u.email,
      firstName: u.firstName,
      lastName: u.lastName,
      rootExperiencePointId: world.nodes[u.rootNodeIndex]?.id ?? null,
      role: u.role,
      locale: u.locale,
      loginAllowed: u.loginAllowed,
      loginMethod: u.loginMethod,
      lastLogin: utc(u.lastLogin),
      created: utc(u.created),
    }));
  return tableReply(ctx, C.user, rows);
}

/**
 * Custom data values: of one experience point (`experiencePointId`), of the tree below
 * `rootExperiencePointId`, or of every authorised point when both are omitted (experiencePointId wins).
 */
export function customDataValues(ctx: V2Context): Reply {
  const { world, identity, params } = ctx;
  const epId = params.int('experiencePointId');
  const rootId = params.int('rootExperiencePointId');
  let [lo, hi] = authorisedRange(identity);
  if (epId !== undefined) {
    const node = authorisedNode(world, identity, epId, 'experiencePointId');
    [lo, hi] = [node.index, node.index + 1];
  } else if (rootId !== undefined) {
    const node = authorisedNode(world, identity, rootId, 'rootExperiencePointId');
    [lo, hi] = [node.index, node.subtreeEnd];
  }
  const rows = world.customDataValues
    .filter((v) => {
      const n = world.experiencePoints[v.epIndex]?.nodeIndex ?? -1;
      return n >= lo && n < hi;
    })
    .map((v) => ({
      experiencePointId: world.experiencePoints[v.epIndex]?.id ?? null,
      label: world.customDataFields[v.fieldIndex]?.label ?? null,
      value: v.value,
    }));
  return tableReply(ctx, C.customDataValue, rows);
}

export function customDataFields(ctx: V2Context): Reply {
  const rows = ctx.world.customDataFields.map((f) => ({
    id: f.id,
    label: f.label,
    type: f.type,
    options: f.options,
  }));
  return tableReply(ctx, C.customDataField, rows);
}

/** token/introspect: the presented token's status, id, name and scopes; needs no scope. */
export function tokenIntrospection(ctx: V2Context): Reply {
  const { identity } = ctx;
  return jsonReply({
    status: 'active',
    token_id: identity.tokenId,
    token_name: identity.tokenName,
    scopes: [...identity.scopes],
  });
}
