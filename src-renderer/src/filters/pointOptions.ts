// The tree as the point selector's options: a selected node stands for its subtree, so what lies under it is
// shown as included (disabled) rather than offered again.
import type { TreeNode } from '../stores/treeRows.ts';

export interface PointOption {
  value: number;
  label: string;
  disabled: boolean;
  children?: PointOption[];
}

export function pointOptions(roots: readonly TreeNode[], selected: readonly number[]): PointOption[] {
  const chosen = new Set(selected);
  const walk = (nodes: readonly TreeNode[], insideChosen: boolean): PointOption[] =>
    nodes.map((n) => ({
      value: n.id,
      label: n.name,
      disabled: insideChosen,
      ...(n.children.length ? { children: walk(n.children, insideChosen || chosen.has(n.id)) } : {}),
    }));
  return walk(roots, false);
}

/** Drops ids that lie under another selected id (they add nothing: the engine counts each press once). */
export function withoutCovered(roots: readonly TreeNode[], selected: readonly number[]): number[] {
  const chosen = new Set(selected);
  const covered = new Set<number>();
  const walk = (nodes: readonly TreeNode[], inside: boolean): void => {
    for (const n of nodes) {
      if (inside) covered.add(n.id);
      walk(n.children, inside || chosen.has(n.id));
    }
  };
  walk(roots, false);
  return selected.filter((id) => !covered.has(id));
}
