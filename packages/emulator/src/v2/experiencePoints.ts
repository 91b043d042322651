// v2 experience-points.{json,csv}: the authorised tree (or one subtree) as tabular items, depth-first.
import { authorisedNode, authorisedRange } from '../http/identities.ts';
import { CSV_TYPE, type Reply, jsonReply } from '../http/reply.ts';
import type { V2Context } from './context.ts';
import { csvTable } from './csv.ts';

export interface TreeItemRecord {
  experiencePointId: number;
  name: string;
  parent: number | null;
  type: 'GROUP' | 'EXPERIENCE_POINT';
}

const COLUMNS = ['experiencePointId', 'name', 'parent', 'type'] as const;

export function experiencePointsList(ctx: V2Context): Reply {
  const { world, identity, params } = ctx;
  const rootId = params.int('rootExperiencePointId');
  const type = params.oneOf('type', ['GROUP', 'EXPERIENCE_POINT'] as const);
  let [lo, hi] = authorisedRange(identity);
  if (rootId !== undefined) {
    const node = authorisedNode(world, identity, rootId, 'rootExperiencePointId');
    lo = node.index;
    hi = node.subtreeEnd;
  }
  const records: TreeItemRecord[] = [];
  for (let i = lo; i < hi; i++) {
    const n = world.nodes[i];
    if (!n || (type && n.type !== type)) continue;
    records.push({ experiencePointId: n.id, name: n.name, parent: n.parentId, type: n.type });
  }
  const headers = { 'X-More-Available': 'false' };
  if (ctx.format === 'json') return jsonReply(records, headers);
  return {
    status: 200,
    headers,
    body: csvTable<TreeItemRecord>(COLUMNS, records, ctx.separator),
    contentType: CSV_TYPE,
  };
}
