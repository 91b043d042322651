// The experience-point tree as the sidebar shows it: nodes from the flat list, and the visible rows in order.
import type { TreeItem, TreeItemType } from '#shared/contract.ts';

export interface TreeNode {
  id: number;
  name: string;
  type: TreeItemType;
  parentId: number | null;
  children: TreeNode[];
}

/** One visible line of the tree, with what ARIA needs (level, position in its set). */
export interface TreeRow {
  id: number;
  name: string;
  type: TreeItemType;
  parentId: number | null;
  level: number;
  setSize: number;
  posInSet: number;
  hasChildren: boolean;
  expanded: boolean;
}

const byName = (a: TreeNode, b: TreeNode): number =>
  a.type === b.type
    ? a.name.localeCompare(b.name, undefined, { numeric: true })
    : a.type === 'GROUP'
      ? -1
      : 1;

/**
 * Builds the forest. Items whose parent is not in the list (outside the authorised subtree) become roots; a cycle
 * in bad data cannot loop forever because each node is attached once.
 */
export function buildTree(items: readonly TreeItem[]): TreeNode[] {
  const nodes = new Map<number, TreeNode>();
  for (const item of items) {
    nodes.set(item.experiencePointId, {
      id: item.experiencePointId,
      name: item.name,
      type: item.type,
      parentId: item.parent,
      children: [],
    });
  }
  const roots: TreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (parent && parent !== node && !isAncestor(node, parent, nodes)) parent.children.push(node);
    else roots.push(node);
  }
  const sort = (list: TreeNode[]): void => {
    list.sort(byName);
    list.forEach((n) => sort(n.children));
  };
  sort(roots);
  return roots;
}

function isAncestor(candidate: TreeNode, node: TreeNode, nodes: Map<number, TreeNode>): boolean {
  const seen = new Set<number>();
  for (
    let at: TreeNode | undefined = node;
    at && !seen.has(at.id);
    at = at.parentId === null ? undefined : nodes.get(at.parentId)
  ) {
    if (at === candidate) return true;
    seen.add(at.id);
  }
  return false;
}

/** Depth-first list of the rows that are visible given which nodes are expanded. */
export function visibleRows(roots: readonly TreeNode[], expanded: ReadonlySet<number>): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (list: readonly TreeNode[], level: number): void => {
    list.forEach((node, i) => {
      const isOpen = node.children.length > 0 && expanded.has(node.id);
      rows.push({
        id: node.id,
        name: node.name,
        type: node.type,
        parentId: node.parentId,
        level,
        setSize: list.length,
        posInSet: i + 1,
        hasChildren: node.children.length > 0,
        expanded: isOpen,
      });
      if (isOpen) walk(node.children, level + 1);
    });
  };
  walk(roots, 1);
  return rows;
}

/** Ids of a node and all its descendants. */
export function subtreeIds(roots: readonly TreeNode[], id: number): number[] {
  const find = (list: readonly TreeNode[]): TreeNode | undefined => {
    for (const n of list) {
      if (n.id === id) return n;
      const hit = find(n.children);
      if (hit) return hit;
    }
    return undefined;
  };
  const start = find(roots);
  const ids: number[] = [];
  const collect = (n: TreeNode): void => {
    ids.push(n.id);
    n.children.forEach(collect);
  };
  if (start) collect(start);
  return ids;
}
