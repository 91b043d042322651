// The one statement cache of a connection: every read and repository prepares through it, a named statement by its
// name, a composed one (a query shape built from a spec) by its text; each is prepared once per connection.
import type Database from 'better-sqlite3';

/** A statement known by name: the store's fixed reads and writes (`named('tree.nodes', 'SELECT …')`). */
export interface NamedSql {
  readonly name: string;
  readonly sql: string;
}

const registry = new Map<string, string>();

/** Declares a named statement; a name stands for one text (declaring it again with another text throws). */
export function named(name: string, sql: string): NamedSql {
  const known = registry.get(name);
  if (known !== undefined && known !== sql) throw new Error(`statement '${name}' is declared twice`);
  registry.set(name, sql);
  return { name, sql };
}

/** The names declared so far (loaded modules only): for tests and diagnostics. */
export const namedStatements = (): string[] => [...registry.keys()].sort();

const caches = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/**
 * The connection's statement for `what` (a named statement, or a composed text), prepared on first use. A reader
 * comes back in its default mode (rows as objects): `.pluck()` or `.raw()` set by one caller do not leak into the next.
 */
export function statement<P extends unknown[] | object = unknown[], R = unknown>(
  db: Database.Database,
  what: NamedSql | string,
): Database.Statement<P, R> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const key = typeof what === 'string' ? `sql:${what}` : `name:${what.name}`;
  let s = cache.get(key);
  if (!s) cache.set(key, (s = db.prepare(typeof what === 'string' ? what : what.sql)));
  else if (s.reader) s.raw(false).pluck(false).expand(false);
  return s as unknown as Database.Statement<P, R>;
}

/**
 * A family of named statements told apart by a number (a multi-row INSERT per row count): `build(n)` runs once per
 * number (the text is not rebuilt on a hot path), its statement is `name.n`, prepared once per connection.
 */
export function numbered(name: string, build: (n: number) => string): (n: number) => NamedSql {
  const made = new Map<number, NamedSql>();
  return (n) => {
    let s = made.get(n);
    if (!s) made.set(n, (s = named(`${name}.${n}`, build(n))));
    return s;
  };
}

/** `statement(db, named(name, sql))`: a repository's fixed statement, prepared once per connection. */
export function prepared<P extends unknown[] | object = unknown[], R = unknown>(
  db: Database.Database,
  name: string,
  sql: string,
): Database.Statement<P, R> {
  return statement<P, R>(db, named(name, sql));
}
