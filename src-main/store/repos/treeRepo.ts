// The experience-point tree table: replaced whole on every sync (the service's tree is the truth).
import type Database from 'better-sqlite3';
import { prepared } from '../statements.ts';
import type { TreeItem } from '#shared/contract.ts';
import { createFollowupRollup } from './followupRollup.ts';
import { createNodeRollup } from './nodeRollup.ts';

export interface TreeRepo {
  /** Replaces the stored tree in one transaction. */
  replace(items: readonly TreeItem[]): void;
  count(): number;
}

export function createTreeRepo(db: Database.Database): TreeRepo {
  const clear = prepared(db, 'tree.clear', 'DELETE FROM experience_point');
  const insert = prepared(
    db,
    'tree.insert',
    'INSERT INTO experience_point (experience_point_id, name, parent_id, type) VALUES (@experiencePointId, @name, @parent, @type)',
  );
  const count = prepared<[], { n: number }>(db, 'tree.count', 'SELECT count(*) AS n FROM experience_point');
  const shape = prepared<[], { id: number; parent: number | null }>(
    db,
    'tree.shape',
    'SELECT experience_point_id AS id, parent_id AS parent FROM experience_point ORDER BY 1',
  );
  const nodes = createNodeRollup(db);
  const followups = createFollowupRollup(db);
  // A press (a follow-up) counts into its point's ancestors: when any parent changes, the node rollups are counted
  // again.
  const replace = db.transaction((items: readonly TreeItem[]) => {
    const before = JSON.stringify(shape.all());
    clear.run();
    for (const item of items) insert.run(item);
    if (JSON.stringify(shape.all()) !== before) {
      nodes.rebuild();
      followups.rebuildNodes();
    }
  });
  return {
    replace: (items) => replace.immediate(items),
    count: () => count.get()?.n ?? 0,
  };
}
