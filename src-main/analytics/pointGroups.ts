// Selected subtrees reduced to disjoint nodes, and the map from each node below them to the group it is counted in.
import type { ExperiencePointLevel } from '#shared/contract.ts';

export interface TreeNode {
  id: number;
  parent: number | null;
}

// A tree read once per change of the file (rollupRead.ts treeNodes) is asked again by every question: its children
// and parents are kept with it.
const childrenKept = new WeakMap<readonly TreeNode[], { children: Map<number, number[]>; roots: number[] }>();
const parentsKept = new WeakMap<readonly TreeNode[], Map<number, number | null>>();

/** Children per node id; roots are the nodes whose parent is absent or not in the tree. */
export function childrenOf(tree: readonly TreeNode[]): { children: Map<number, number[]>; roots: number[] } {
  const kept = childrenKept.get(tree);
  if (kept) return kept;
  const ids = new Set(tree.map((n) => n.id));
  const children = new Map<number, number[]>();
  const roots: number[] = [];
  for (const n of tree) {
    if (n.parent === null || !ids.has(n.parent)) roots.push(n.id);
    else {
      const list = children.get(n.parent);
      if (list) list.push(n.id);
      else children.set(n.parent, [n.id]);
    }
  }
  const out = { children, roots };
  childrenKept.set(tree, out);
  return out;
}

function parentsOf(tree: readonly TreeNode[]): Map<number, number | null> {
  let parent = parentsKept.get(tree);
  if (!parent) parentsKept.set(tree, (parent = new Map(tree.map((n) => [n.id, n.parent]))));
  return parent;
}

/**
 * The smallest set of disjoint nodes covering the selected subtrees: a node below another selected node adds
 * nothing and is dropped (so overlapping selections count each press once). Ids not in the tree stay as they are.
 */
export function disjointSelection(tree: readonly TreeNode[], selected: readonly number[]): number[] {
  const parent = parentsOf(tree);
  const chosen = new Set(selected);
  return [...chosen]
    .filter((id) => {
      const seen = new Set<number>([id]);
      for (let p = parent.get(id); p !== null && p !== undefined && !seen.has(p); p = parent.get(p)) {
        if (chosen.has(p)) return false;
        seen.add(p);
      }
      return true;
    })
    .sort((a, b) => a - b);
}

/** Every node of the subtree under `root` (itself included), each once even if the tree had a cycle. */
function subtree(children: Map<number, number[]>, root: number): number[] {
  const out: number[] = [];
  const seen = new Set<number>();
  const stack = [root];
  while (stack.length) {
    const id = stack.pop() ?? root;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}

/**
 * Node → the group its presses count in, for every node of the selection (`selected` absent: the whole tree).
 * `children`: each child of a selected node (or of a root when nothing is selected) heads a group of its subtree,
 * the selected node itself is its own group; `leaves` and no grouping: each node is its own group. Null when no
 * map is needed (nothing selected, no grouping by children): every press counts under its own point.
 */
export function pointGroups(
  tree: readonly TreeNode[],
  selected: readonly number[] | undefined,
  level: ExperiencePointLevel | null,
): [number, number][] | null {
  if (selected === undefined && level !== 'children') return null;
  const { children, roots } = childrenOf(tree);
  const heads = selected === undefined ? roots : disjointSelection(tree, selected);
  const map: [number, number][] = [];
  for (const head of heads) {
    if (level !== 'children') {
      for (const id of subtree(children, head)) map.push([id, id]);
      continue;
    }
    map.push([head, head]);
    for (const child of children.get(head) ?? [])
      for (const id of subtree(children, child)) if (id !== head) map.push([id, child]);
  }
  return map;
}

/**
 * What a question reads from the node rollups (each node's whole subtree below it) and from the point rollups (a
 * node's own presses), as node → group pairs, for any question but one per leaf: the whole tree is node -1 alone;
 * a selected node is its node row plus its own presses; with `children`, each child of a head (a selected node, or
 * a root) is its node row plus its own presses, and the head keeps its own presses as its group.
 */
export function nodeSources(
  tree: readonly TreeNode[],
  selected: readonly number[] | undefined,
  level: ExperiencePointLevel | null,
  allNodes: number,
): { nodes: [number, number][]; points: [number, number][] } {
  if (selected === undefined && level !== 'children') return { nodes: [[allNodes, allNodes]], points: [] };
  const { children, roots } = childrenOf(tree);
  const heads = selected === undefined ? roots : disjointSelection(tree, selected);
  const nodes: [number, number][] = [];
  const points: [number, number][] = [];
  for (const head of heads) {
    if (level !== 'children') {
      nodes.push([head, head]);
      points.push([head, head]);
      continue;
    }
    points.push([head, head]);
    for (const child of children.get(head) ?? []) {
      nodes.push([child, child]);
      points.push([child, child]);
    }
  }
  return { nodes, points };
}
