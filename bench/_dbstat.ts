// For `npm run bench -- sync` (and by hand: `npx node bench/_dbstat.ts FILE`): where the bytes of a store go, per
// table and index, from SQLite's dbstat (pages × page size, with the share of those bytes left unused), and bytes
// per press (the whole file ÷ the presses of v2_button_feedback).
import { statSync } from 'node:fs';
import Database from 'better-sqlite3';

interface Usage {
  name: string;
  bytes: number;
  unused: number;
  entries: number;
}

const mb = (n: number): string => (n / 1e6).toFixed(1);

/** Prints a markdown table of the objects holding at least `minShare` of the file, the rest summed on one line. */
export function printBytes(path: string, log: (line: string) => void = console.log, minShare = 0.004): void {
  const db = new Database(path, { readonly: true });
  try {
    // Leaf and interior entries alike: a WITHOUT ROWID table and an index keep rows in interior pages too.
    const rows = db
      .prepare(
        `SELECT name, sum(pgsize) AS bytes, sum(unused) AS unused,
           sum(CASE WHEN pagetype = 'leaf' OR (pagetype = 'internal' AND name IN
             (SELECT name FROM sqlite_schema WHERE type = 'index' OR sql LIKE '%WITHOUT ROWID%')) THEN ncell ELSE 0 END)
             AS entries
         FROM dbstat GROUP BY name ORDER BY bytes DESC`,
      )
      .all() as Usage[];
    const presses = Number(db.prepare('SELECT count(*) FROM v2_button_feedback').pluck().get());
    const freePages = Number(db.pragma('freelist_count', { simple: true }));
    const pageSize = Number(db.pragma('page_size', { simple: true }));
    const file = statSync(path).size;
    const perPress = (n: number): string => (presses ? (n / presses).toFixed(2) : '–');
    log(
      `  file ${mb(file)} MB, ${presses.toLocaleString('en-US')} presses: **${perPress(file)} B/press** (${freePages} free pages of ${pageSize} B)`,
    );
    log('\n  | table or index | MB | B/press | entries | unused |');
    log('  | --- | ---: | ---: | ---: | ---: |');
    let rest = { bytes: 0, n: 0 };
    for (const r of rows) {
      if (r.bytes < minShare * file) {
        rest = { bytes: rest.bytes + r.bytes, n: rest.n + 1 };
        continue;
      }
      log(
        `  | ${r.name} | ${mb(r.bytes)} | ${perPress(r.bytes)} | ${r.entries.toLocaleString('en-US')} | ${((100 * r.unused) / r.bytes).toFixed(0)} % |`,
      );
    }
    log(`  | ${rest.n} others | ${mb(rest.bytes)} | ${perPress(rest.bytes)} | | |`);
  } finally {
    db.close();
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1] && process.argv[2])
  printBytes(process.argv[2]);
