// Inserting a batch's rows into the facts (or the stage) with few bound values per row: binding a value from JS costs
// more than SQLite's work on it, so a chunk of rows binds its UUIDs as one blob (each row takes its 16 bytes with
// substr), and the small columns (position, offset, button, misuse, ui's code) of a row as one integer that SQL takes
// apart. Rows this form cannot carry (a text feedback id, a `ui` other than the three codes, a position outside
// [0, 2^21 - 1)) go one by one, every column bound as it is stored.
import type Database from 'better-sqlite3';
import { numbered, statement } from '../statements.ts';
import { noPosition, noUi } from './feedbackBatch.ts';
import type { FeedbackBatch } from './feedbackBatch.ts';
import { encodeUi, uiCodeIndex, uiCodeNames, uiParam } from './uiCode.ts';

export const factColumns =
  'experience_point_id, local_time, feedback_id, utc_offset_min, survey_id, smiley_id, button_index, misuse, position, ui';

/** Rows per packed INSERT (5 values each, and one blob for the chunk's ids). */
export const rowsPerChunk = 64;

/** Bound values per packed row: point, local time, packed small columns (position among them), survey, smiley. */
const packedWidth = 5;
/** Positions the packed form carries: 0 ≤ position < 2^21 - 1 (the service's are small; others go one by one). */
const packedPositions = 2 ** 21 - 1;

/** `ui` as SQL from a packed row's two low bits: 0 absent, 1..3 the codes (uiCode.ts). */
const uiFromCode = (k: string): string =>
  `CASE ${k} & 3 WHEN 0 THEN NULL ${uiCodeNames.map((_, i) => `WHEN ${i + 1} THEN CAST(x'${(0x80 + i).toString(16)}' AS TEXT)`).join(' ')} END`;

/**
 * A packed chunk of `rows` rows as a SELECT: the prefix's values (the stage's stream), the ids' blob, then
 * `packedWidth` values a row (anonymous parameters, in that order: each is bound once, the packed one read four times).
 */
function packedSelect(rows: number, prefix: number): string {
  const k = 'v.column4';
  const cols = [
    ...Array.from({ length: prefix }, () => '?'),
    ...['v.column2', 'v.column3', 'substr(i.ids, v.column1 * 16 + 1, 16)', `((${k} >> 7) & 65535) - 32768`],
    ...[
      'v.column5',
      'v.column6',
      `(${k} >> 3) & 15`,
      `(${k} >> 2) & 1`,
      `nullif(${k} >> 23, 0) - 1`,
      uiFromCode(k),
    ],
  ];
  const row = (r: number): string => `(${r}${',?'.repeat(packedWidth)})`;
  const values = Array.from({ length: rows }, (_, r) => row(r)).join(',');
  // `WHERE true`: an upsert after INSERT … SELECT … FROM needs it (else ON would start a join's constraint).
  return `SELECT ${cols.join(', ')} FROM (SELECT ? AS ids) i, (VALUES ${values}) v WHERE true`;
}

/**
 * A row's position (+1, 0 when absent: 21 bits), offset (16), button (4), misuse (1) and ui code (2) as one integer
 * of 44 bits (exact in a double; see packedSelect).
 */
const packSmall = (
  position: number,
  offsetMin: number,
  button: number,
  misuse: number,
  uiCode: number,
): number =>
  ((((position === noPosition ? 0 : position + 1) * 65536 + offsetMin + 32768) * 16 + button) * 2 + misuse) *
    4 +
  uiCode;

/** Row `i`'s columns as stored (`ui` as its code's byte or its text: uiCode.ts). */
function plainRow(b: FeedbackBatch, i: number): unknown[] {
  const pos = b.position[i] ?? noPosition;
  const ui = b.ui[i] ?? noUi;
  return [
    ...[b.point[i], b.localMs[i], b.textIds.get(i) ?? b.ids.subarray(i * 16, i * 16 + 16), b.offsetMin[i]],
    ...[b.survey[i], b.smiley[i], b.button[i], b.misuse[i], pos === noPosition ? null : pos],
    ui === noUi ? null : encodeUi(b.uiNames[ui] ?? null),
  ];
}

/** Per ui index of the batch its code (1..3), 0 for noUi, -1 for a value the packed form cannot carry. */
function uiCodesOf(b: FeedbackBatch): Int8Array {
  const codes = new Int8Array(256).fill(-1);
  codes[noUi] = 0;
  b.uiNames.forEach((name, u) => (codes[u] = uiCodeIndex(name) || -1));
  return codes;
}

/** Whether row `i`'s ui and position fit the packed form (its id is checked apart). */
function packable(b: FeedbackBatch, i: number, codes: Int8Array): boolean {
  const pos = b.position[i] ?? noPosition;
  return codes[b.ui[i] ?? noUi] !== -1 && (pos === noPosition || (pos >= 0 && pos < packedPositions));
}

/** Rows [i, i + rows) as one packed statement's values (after the prefix and the ids' blob). */
function packChunk(b: FeedbackBatch, i: number, rows: number, codes: Int8Array, out: unknown[]): void {
  for (let r = i; r < i + rows; r++) {
    const small = packSmall(
      b.position[r] ?? noPosition,
      b.offsetMin[r] ?? 0,
      b.button[r] ?? 0,
      b.misuse[r] ?? 0,
      codes[b.ui[r] ?? noUi] ?? 0,
    );
    out.push(b.point[r], b.localMs[r], small, b.survey[r], b.smiley[r]);
  }
}

export interface FactInsert {
  /** Inserts every row of the batch (ON CONFLICT DO NOTHING) after `prefix`; returns how many were new. */
  insertAll(b: FeedbackBatch, prefix: readonly unknown[]): number;
  /** Inserts row `i` alone; true when it was new. */
  insertOne(b: FeedbackBatch, i: number, prefix: readonly unknown[]): boolean;
}

/** The inserts of one table: the facts, or the stage (whose rows lead with the stream). */
export function createFactInsert(
  db: Database.Database,
  name: string,
  table: string,
  prefixColumns: readonly string[],
): FactInsert {
  const columns = [...prefixColumns, factColumns].join(', ');
  const tuple = (k: number): string => `(${Array.from({ length: k }, () => '?').join(',')}`;
  const plainText = numbered(
    `${name}.plain`,
    () =>
      `INSERT INTO ${table} (${columns}) VALUES ${tuple(prefixColumns.length + 9)},${uiParam}) ON CONFLICT DO NOTHING`,
  );
  const packedText = numbered(
    `${name}.packed`,
    (rows) =>
      `INSERT INTO ${table} (${columns}) ${packedSelect(rows, prefixColumns.length)} ON CONFLICT DO NOTHING`,
  );
  const plain = (): Database.Statement => statement(db, plainText(1));
  const packed = (rows: number): Database.Statement => statement(db, packedText(rows));

  function insertOne(b: FeedbackBatch, i: number, prefix: readonly unknown[]): boolean {
    return plain().run(...prefix, ...plainRow(b, i)).changes === 1;
  }

  /** Rows [i, i + rows) packed, in statements of at most `rowsPerChunk` rows (few shapes: powers of two). */
  function insertPacked(
    b: FeedbackBatch,
    i: number,
    rows: number,
    codes: Int8Array,
    prefix: readonly unknown[],
  ): number {
    const params: unknown[] = [];
    let changes = 0;
    for (let left = rows; left > 0;) {
      const k = left >= rowsPerChunk ? rowsPerChunk : 2 ** Math.floor(Math.log2(left));
      params.length = 0;
      params.push(...prefix, b.ids.subarray(i * 16, (i + k) * 16));
      packChunk(b, i, k, codes, params);
      changes += packed(k).run(...params).changes;
      i += k;
      left -= k;
    }
    return changes;
  }

  function insertAll(b: FeedbackBatch, prefix: readonly unknown[]): number {
    const codes = uiCodesOf(b);
    const anyText = b.textIds.size > 0;
    let changes = 0;
    let from = 0; // the first row not inserted yet
    for (let i = 0; i <= b.n; i++) {
      if (i < b.n && packable(b, i, codes) && !(anyText && b.textIds.has(i))) continue;
      // Row i (when there is one) cannot be packed: the rows before it go packed, then it alone.
      if (i > from) changes += insertPacked(b, from, i - from, codes, prefix);
      if (i < b.n && insertOne(b, i, prefix)) changes++;
      from = i + 1;
    }
    return changes;
  }

  return { insertAll, insertOne };
}
