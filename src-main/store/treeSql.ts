// The tree queries, written once: a subtree below chosen points, the tree walked from its roots with each node's
// depth, and the distinct keys of an index read by skipping (a loose index scan). Each is a CTE for `WITH RECURSIVE`.

/** Which stored tree: v2's experience points, or a v1-only store's folders (same shape, other names). */
export type TreeSource = 'v2' | 'v1';

const trees: Record<TreeSource, { table: string; id: string; parent: string }> = {
  v2: { table: 'experience_point', id: 'experience_point_id', parent: 'parent_id' },
  v1: { table: 'v1_folder', id: 'folder_key', parent: 'parent_key' },
};

/**
 * `name(id)`: the ids `seed` selects (one column; `SELECT value FROM json_each(@pointIds)`, `SELECT ?`) and every node
 * below them in the stored tree. Seed ids missing from the tree still match (a point deleted upstream keeps its rows).
 */
export function subtreeCte(name: string, seed: string, source: TreeSource = 'v2'): string {
  const t = trees[source];
  return `${name}(id) AS (${seed}
  UNION SELECT e.${t.id} FROM ${t.table} e JOIN ${name} s ON e.${t.parent} = s.id)`;
}

/** `selected_point(id)`: the ids of the JSON array `@pointIds` and everything below them. */
export const selectedPointCte = (source: TreeSource = 'v2'): string =>
  subtreeCte('selected_point', 'SELECT value FROM json_each(@pointIds)', source);

/** The same as a whole `WITH RECURSIVE` prefix (ending in a space). */
export const withSelectedPoint = (source: TreeSource = 'v2'): string =>
  `WITH RECURSIVE ${selectedPointCte(source)} `;

/**
 * `walk(id, depth)`: every experience point reached from the roots (no parent, or a parent not stored), with its
 * depth below them. A node on a parent cycle with no root is never reached.
 */
export const treeWalkCte = `walk(id, depth) AS (
  SELECT experience_point_id, 0 FROM experience_point
   WHERE parent_id IS NULL OR parent_id NOT IN (SELECT experience_point_id FROM experience_point)
  UNION ALL SELECT e.experience_point_id, w.depth + 1 FROM experience_point e JOIN walk w ON e.parent_id = w.id)`;

/**
 * `name(column)`: the distinct values of `column` in `table` (`where`: extra conditions, e.g. `term = @term`) read by
 * one index seek per value instead of a scan, a final NULL row included (filter it out). Needs an index starting with
 * the `where` columns then `column`.
 */
export function distinctKeysCte(name: string, column: string, table: string, where = ''): string {
  const and = where ? `${where} AND ` : '';
  return `${name}(${column}) AS (SELECT min(${column}) FROM ${table}${where ? ` WHERE ${where}` : ''}
  UNION ALL SELECT (SELECT min(${column}) FROM ${table} WHERE ${and}${column} > ${name}.${column}) FROM ${name}
  WHERE ${name}.${column} IS NOT NULL)`;
}
