// The tree analytics group by is read once per change of the file (treeNodes): the same array while nothing
// changed, a new one after this connection's write or another connection's commit, each showing that write.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openStore, type Store } from '../db.ts';
import { treeNodes } from './rollupRead.ts';

let dir: string;
let store: Store;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tree-nodes-'));
  store = openStore(join(dir, 'store.sqlite'));
  store.tree.replace([
    { experiencePointId: 1, name: 'Root', parent: null, type: 'GROUP' },
    { experiencePointId: 2, name: 'Gate A', parent: 1, type: 'EXPERIENCE_POINT' },
  ]);
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const names = (nodes: readonly { name: string }[]): string[] => nodes.map((n) => n.name).sort();

it('keeps the tree while nothing changed, and reads it again after a write here or elsewhere', () => {
  const first = treeNodes(store.db, 'v2');
  expect(names(first)).toEqual(['Gate A', 'Root']);
  expect(treeNodes(store.db, 'v2')).toBe(first);
  expect(Object.isFrozen(first)).toBe(true);

  // This connection's own write (data_version does not move for it; total_changes() does).
  store.db.prepare("UPDATE experience_point SET name = 'Gate B' WHERE experience_point_id = 2").run();
  const second = treeNodes(store.db, 'v2');
  expect(second).not.toBe(first);
  expect(names(second)).toEqual(['Gate B', 'Root']);

  // Another connection's commit (as the sync's writer thread makes).
  const other = new Database(join(dir, 'store.sqlite'));
  other.prepare("INSERT INTO experience_point VALUES (3, 'Gate C', 1, 'EXPERIENCE_POINT')").run();
  other.close();
  expect(names(treeNodes(store.db, 'v2'))).toEqual(['Gate B', 'Gate C', 'Root']);
});
