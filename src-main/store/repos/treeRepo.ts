// The experience-point tree table: replaced whole on every sync (the service's tree is the truth).
import type Database from 'better-sqlite3';
import type { TreeItem } from '../../../src-shared/contract.ts';

export interface TreeRepo {
  /** Replaces the stored tree in one transaction. */
  replace(items: readonly TreeItem[]): void;
  count(): number;
}

export function createTreeRepo(db: Database.Database): TreeRepo {
  const clear = db.prepare('DELETE FROM experience_point');
  const insert = db.prepare(
    'INSERT INTO experience_point (experience_point_id, name, parent_id, type) VALUES (@experiencePointId, @name, @parent, @type)',
  );
  const count = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM experience_point');
  const replace = db.transaction((items: readonly TreeItem[]) => {
    clear.run();
    for (const item of items) insert.run(item);
  });
  return {
    replace: (items) => replace.immediate(items),
    count: () => count.get()?.n ?? 0,
  };
}
