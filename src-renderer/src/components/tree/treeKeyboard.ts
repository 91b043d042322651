// Keyboard behaviour of the tree (WAI-ARIA tree view pattern): what a key does given the visible rows.
import type { TreeRow } from '../../stores/treeRows.ts';

export type TreeKeyAction =
  | { kind: 'focus'; id: number }
  | { kind: 'expand'; id: number; open: boolean }
  | { kind: 'select'; id: number }
  | { kind: 'none' };

/** Arrow keys move and open/close, Home/End jump, Enter/Space select the focused row. */
export function treeKeyAction(
  rows: readonly TreeRow[],
  focusedId: number | null,
  key: string,
): TreeKeyAction {
  if (rows.length === 0) return { kind: 'none' };
  const index = Math.max(
    0,
    rows.findIndex((r) => r.id === focusedId),
  );
  const row = rows[index];
  if (!row) return { kind: 'none' };
  const focusAt = (i: number): TreeKeyAction => {
    const target = rows[Math.min(rows.length - 1, Math.max(0, i))];
    return target ? { kind: 'focus', id: target.id } : { kind: 'none' };
  };
  switch (key) {
    case 'ArrowDown':
      return focusAt(index + 1);
    case 'ArrowUp':
      return focusAt(index - 1);
    case 'Home':
      return focusAt(0);
    case 'End':
      return focusAt(rows.length - 1);
    case 'ArrowRight':
      if (!row.hasChildren) return { kind: 'none' };
      return row.expanded ? focusAt(index + 1) : { kind: 'expand', id: row.id, open: true };
    case 'ArrowLeft': {
      if (row.expanded) return { kind: 'expand', id: row.id, open: false };
      const parent = rows.findIndex((r) => r.id === row.parentId);
      return parent === -1 ? { kind: 'none' } : focusAt(parent);
    }
    case 'Enter':
    case ' ':
      return { kind: 'select', id: row.id };
    default:
      return { kind: 'none' };
  }
}
