// Tests of the tree's keyboard behaviour (WAI-ARIA tree view pattern), on the sample tree with two groups open.
import { describe, expect, it } from 'vitest';
import { buildTree, visibleRows } from '../../stores/treeRows.ts';
import { sampleTree } from '../../testing/sampleTree.ts';
import { treeKeyAction } from './treeKeyboard.ts';

// Visible order: 1 Acme, 2 North, 4 Store A, 5 Store B, 3 South (closed).
const rows = visibleRows(buildTree(sampleTree), new Set([1, 2]));

describe('treeKeyAction', () => {
  it.each([
    [1, 'ArrowDown', { kind: 'focus', id: 2 }],
    [3, 'ArrowDown', { kind: 'focus', id: 3 }],
    [2, 'ArrowUp', { kind: 'focus', id: 1 }],
    [1, 'ArrowUp', { kind: 'focus', id: 1 }],
    [5, 'Home', { kind: 'focus', id: 1 }],
    [1, 'End', { kind: 'focus', id: 3 }],
    [3, 'ArrowRight', { kind: 'expand', id: 3, open: true }],
    [2, 'ArrowRight', { kind: 'focus', id: 4 }],
    [4, 'ArrowRight', { kind: 'none' }],
    [2, 'ArrowLeft', { kind: 'expand', id: 2, open: false }],
    [5, 'ArrowLeft', { kind: 'focus', id: 2 }],
    [1, 'ArrowLeft', { kind: 'expand', id: 1, open: false }],
    [4, 'Enter', { kind: 'select', id: 4 }],
    [4, ' ', { kind: 'select', id: 4 }],
    [4, 'x', { kind: 'none' }],
  ])('from %s, %j does %j', (from, key, action) => {
    expect(treeKeyAction(rows, from, key)).toEqual(action);
  });

  it('starts from the first row when nothing is focused, and does nothing on an empty tree', () => {
    expect(treeKeyAction(rows, null, 'ArrowDown')).toEqual({ kind: 'focus', id: 2 });
    expect(treeKeyAction([], null, 'ArrowDown')).toEqual({ kind: 'none' });
  });
});
