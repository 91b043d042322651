// For `npm run bench -- queries`: the same raw rows in DuckDB (@duckdb/node-api, a bench-only devDependency) and the
// dashboard questions in DuckDB SQL. The file is kept beside the store (`<store>.duckdb`) and rebuilt when the store's
// last finished sync differs from the one it was built from.
import { existsSync, renameSync, rmSync } from 'node:fs';
import { DuckDBDataChunk, DuckDBInstance, INTEGER, BIGINT, TINYINT, VARCHAR } from '@duckdb/node-api';
import type { DuckDBType, DuckDBConnection } from '@duckdb/node-api';
import Database from 'better-sqlite3';

export type Duck = DuckDBConnection;

interface TableCopy {
  name: string;
  columns: [string, DuckDBType, string][]; // duck column, type, SQLite expression
  from: string;
}

/** Every table the questions read: the raw presses, the tree as a closure, surveys, follow-ups, comments. */
const tables: TableCopy[] = [
  {
    name: 'press',
    columns: [
      ['point', INTEGER, 'experience_point_id'],
      ['local_time', BIGINT, 'local_time'],
      ['survey', INTEGER, 'survey_id'],
      ['button', TINYINT, 'button_index'],
      ['misuse', TINYINT, 'misuse'],
    ],
    from: 'v2_button_feedback',
  },
  {
    name: 'closure',
    columns: [
      ['ancestor', INTEGER, 'ancestor'],
      ['point', INTEGER, 'point'],
    ],
    from: `(WITH RECURSIVE c(ancestor, point) AS (SELECT experience_point_id, experience_point_id FROM experience_point
       UNION ALL SELECT c.ancestor, e.experience_point_id FROM experience_point e JOIN c ON e.parent_id = c.point)
       SELECT ancestor, point FROM c)`,
  },
  {
    name: 'survey',
    columns: [
      ['survey', INTEGER, 'survey_id'],
      ['scale', VARCHAR, 'feedback_scale'],
    ],
    from: 'v2_survey',
  },
  {
    name: 'followup',
    columns: [
      ['point', INTEGER, 'f.experience_point_id'],
      ['local_time', BIGINT, 'f.local_time'],
      ['misuse', TINYINT, 'f.misuse'],
      ['positive', TINYINT, 'q.positive'],
      ['label', VARCHAR, 'coalesce(f.option_text, o.option_text, CAST(f.followup_option_id AS TEXT))'],
    ],
    from: `v2_followup_feedback f JOIN v2_followup_question q ON q.followup_question_id = f.followup_question_id
      LEFT JOIN v2_followup_option o ON o.followup_option_id = f.followup_option_id`,
  },
  {
    name: 'comment',
    columns: [
      ['id', BIGINT, 'text_feedback_id'],
      ['point', INTEGER, 'experience_point_id'],
      ['local_time', BIGINT, 'local_time'],
      ['spam', TINYINT, 'spam'],
      ['misuse', TINYINT, 'misuse'],
      ['text', VARCHAR, 'text'],
      ['text_en', VARCHAR, "coalesce(text_in_english, '')"],
      ['survey', INTEGER, 'survey_id'],
      ['button', TINYINT, 'button_index'],
      ['categories', VARCHAR, "coalesce(categories, '')"],
      ['themes', VARCHAR, "coalesce(themes, '')"],
    ],
    from: 'v2_text_feedback',
  },
];

const chunkRows = 2048;

async function copyTable(sqlite: Database.Database, duck: DuckDBConnection, t: TableCopy): Promise<number> {
  await duck.run(
    `CREATE TABLE ${t.name} (${t.columns.map(([c, type]) => `${c} ${type.toString()}`).join(', ')})`,
  );
  const appender = await duck.createAppender(t.name);
  const types = t.columns.map(([, type]) => type);
  const it = sqlite
    .prepare(`SELECT ${t.columns.map(([, , e]) => e).join(', ')} FROM ${t.from}`)
    .raw(true)
    .iterate() as IterableIterator<(number | string)[]>;
  let columns: (number | bigint | string)[][] = types.map(() => []);
  let rows = 0;
  const flush = (): void => {
    const n = columns[0]?.length ?? 0;
    if (!n) return;
    const chunk = DuckDBDataChunk.create(types, n);
    chunk.setColumns(columns);
    appender.appendDataChunk(chunk);
    columns = types.map(() => []);
  };
  for (const row of it) {
    for (let i = 0; i < row.length; i++) {
      const v = row[i] ?? 0;
      columns[i]?.push(types[i] === BIGINT ? BigInt(v) : v);
    }
    if (++rows % chunkRows === 0) flush();
  }
  flush();
  appender.closeSync();
  return rows;
}

/** Opens `<store>.duckdb`, building it from the store's rows when absent or older than the store. */
export async function openDuck(storePath: string, log: (line: string) => void): Promise<DuckDBConnection> {
  const path = `${storePath}.duckdb`;
  const sqlite = new Database(storePath, { readonly: true });
  // `tables` counts changes to the copied columns above: a file built with other columns is built again.
  const fingerprint = JSON.stringify({
    sync: sqlite
      .prepare("SELECT max(finished_at) AS at, count(*) AS runs FROM sync_run WHERE status = 'done'")
      .get(),
    tables: 2,
  });
  sqlite.close();
  if (!existsSync(path) || (await builtFrom(path)) !== fingerprint) {
    const temp = `${path}.${process.pid}.tmp`;
    rmSync(temp, { force: true });
    const t0 = performance.now();
    const instance = await DuckDBInstance.create(temp);
    const duck = await instance.connect();
    const source = new Database(storePath, { readonly: true });
    try {
      for (const t of tables)
        log(`  duckdb: ${t.name} ${(await copyTable(source, duck, t)).toLocaleString('en-US')} rows`);
      await duck.run('CREATE TABLE built_from (fingerprint VARCHAR)');
      await duck.run(`INSERT INTO built_from VALUES ('${fingerprint.replace(/'/g, "''")}')`);
      await duck.run('CHECKPOINT');
    } finally {
      source.close();
      duck.closeSync();
      instance.closeSync();
    }
    renameSync(temp, path); // others reusing the file see it whole or not at all
    log(`  duckdb file built in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${path}`);
  }
  const instance = await DuckDBInstance.create(path, { access_mode: 'READ_ONLY' });
  return instance.connect();
}

/** The fingerprint of the store a DuckDB file was built from ('' when it cannot tell). */
async function builtFrom(path: string): Promise<string> {
  const instance = await DuckDBInstance.create(path, { access_mode: 'READ_ONLY' });
  const duck = await instance.connect();
  try {
    const rows = (await duck.runAndReadAll('SELECT fingerprint FROM built_from')).getRows();
    return String(rows[0]?.[0] ?? '');
  } catch {
    return '';
  } finally {
    duck.closeSync();
    instance.closeSync();
  }
}

/** Runs a question and reads every row (as the app would). */
export async function duckRows(duck: DuckDBConnection, sql: string): Promise<number> {
  const reader = await duck.runAndReadAll(sql);
  return reader.getRows().length;
}
