// Tests of the tree model: building from the flat list and listing visible rows (expected orders written by hand).
import { describe, expect, it } from 'vitest';
import { sampleTree } from '../testing/sampleTree.ts';
import { buildTree, subtreeIds, visibleRows } from './treeRows.ts';

describe('tree model', () => {
  const roots = buildTree(sampleTree);

  it('nests items under their parents, groups first, then by name', () => {
    expect(roots.map((r) => r.id)).toEqual([1]);
    expect(roots[0]?.children.map((c) => c.name)).toEqual(['North', 'South']);
    expect(roots[0]?.children[0]?.children.map((c) => c.id)).toEqual([4, 5]); // '<img…' sorts before 'Store B'
  });

  it('shows only the children of expanded nodes, with ARIA levels and positions', () => {
    expect(visibleRows(roots, new Set()).map((r) => r.id)).toEqual([1]);
    const rows = visibleRows(roots, new Set([1, 2]));
    expect(rows.map((r) => [r.id, r.level, r.posInSet, r.setSize, r.expanded])).toEqual([
      [1, 1, 1, 1, true],
      [2, 2, 1, 2, true],
      [4, 3, 1, 2, false],
      [5, 3, 2, 2, false],
      [3, 2, 2, 2, false],
    ]);
    expect(rows.find((r) => r.id === 3)?.hasChildren).toBe(true);
  });

  it('lists a subtree', () => {
    expect(subtreeIds(roots, 2).sort()).toEqual([2, 4, 5]);
    expect(subtreeIds(roots, 1).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(subtreeIds(roots, 99)).toEqual([]);
  });

  it('survives orphans and cycles in bad data', () => {
    const odd = buildTree([
      { experiencePointId: 10, name: 'Orphan', parent: 99, type: 'GROUP' },
      { experiencePointId: 11, name: 'A', parent: 12, type: 'GROUP' },
      { experiencePointId: 12, name: 'B', parent: 11, type: 'GROUP' },
      { experiencePointId: 13, name: 'Self', parent: 13, type: 'GROUP' },
    ]);
    const all = visibleRows(odd, new Set([10, 11, 12, 13]));
    expect(all.map((r) => r.id).sort()).toEqual([10, 11, 12, 13]);
  });
});
