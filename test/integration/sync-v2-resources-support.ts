// Shared by the sync-v2-resources tests: the emulator's answers fetched with plain fetch (an independent route:
// 100-day windows, offset += items, no app code), expected rows in the store's column order, canonical dumps.
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';

export const fullToken = 'demo-v2-token';
export const limitedToken = 'demo-v2-limited';
/** The present of the emulator's world and of every sync in these tests. */
export const now = new Date('2026-03-15T12:00:00Z');
// The window these tests sync and count over, given to every sync (the default start, the account's first day, has
// its own test in sync-history.test.ts): three years of 365 days before `now` …
export const since = '2023-03-16';
export const until = '2026-03-17'; // the day after tomorrow (UTC)

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'fd-v2res-'));
}

export type Json = Record<string, unknown>;

/** Every item of a list, following X-More-Available with offset += items received. */
export async function fetchList(
  base: string,
  token: string,
  path: string,
  params: Json = {},
): Promise<Json[]> {
  const out: Json[] = [];
  for (let offset = 0; ;) {
    const url = new URL(`${base}/v2/${path}`);
    for (const [k, v] of Object.entries({ ...params, offset, limit: 10000 }))
      url.searchParams.set(k, String(v));
    const res = await fetch(url, { headers: { 'X-Svc-API-Token': token } });
    if (res.status !== 200) throw new Error(`${res.status} for ${url.href}`);
    const items = (await res.json()) as Json[];
    out.push(...items);
    offset += items.length;
    if (res.headers.get('x-more-available') !== 'true') return out;
  }
}

/** A windowed list over [since, until) in 100-day windows (the sync cuts at years). */
export async function fetchWindowed(
  base: string,
  token: string,
  path: string,
  params: Json = {},
): Promise<Json[]> {
  const out: Json[] = [];
  const day = 86_400_000;
  const end = Date.parse(until);
  for (let from = Date.parse(since); from < end; from += 100 * day) {
    const to = Math.min(end, from + 100 * day);
    const iso = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
    out.push(...(await fetchList(base, token, path, { ...params, startDate: iso(from), endDate: iso(to) })));
  }
  return out;
}

/** `2024-05-01T10:15:00.000+02:00` → [wall-clock ms, offset minutes], by regular expression and Date.UTC only. */
export function localParts(text: unknown): [number, number] {
  const m = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)\.(\d{3})([+-])(\d\d):(\d\d)$/.exec(String(text));
  if (!m) throw new Error(`not a timestamp: ${String(text)}`);
  const n = m.map(Number);
  const local = Date.UTC(n[1] ?? 0, (n[2] ?? 1) - 1, n[3], n[4], n[5], n[6], n[7]);
  return [local, (m[8] === '-' ? -1 : 1) * ((n[9] ?? 0) * 60 + (n[10] ?? 0))];
}

/** The UUID as the store's hex of its 16 bytes (upper case, as SQLite's hex()). */
export const uuidHex = (id: unknown): string => String(id).replace(/-/g, '').toUpperCase();

const b = (v: unknown): number => (v ? 1 : 0);

/** The common leading columns of every feedback-list table, from an HTTP record. */
export function commonColumns(r: Json): unknown[] {
  const [local, offset] = localParts(r.localTime);
  return [
    r.experiencePointId,
    local,
    uuidHex(r.feedbackId),
    offset,
    r.surveyId,
    r.smileyId,
    r.buttonIndex,
    b(r.misuse),
  ];
}

/** Per feedback list: the endpoint, the table, its columns after the common ones, the expected row of a record. */
export const feedbackLists = [
  {
    path: 'results/follow-up-feedbacks.json',
    table: 'v2_followup_feedback',
    columns: 'followup_question_id, followup_option_id, position, ui, option_text',
    row: (r: Json) => [
      r.followupQuestionId,
      r.followupOptionId,
      r.position,
      r.ui,
      r.followupOptionTextInDefaultLocale,
    ],
  },
  {
    path: 'results/text-feedbacks.json',
    table: 'v2_text_feedback',
    columns: 'position, ui, text, masked_text, rephrased_text, text_in_english, spam, categories, themes',
    row: (r: Json) => [
      r.position,
      r.ui,
      r.text,
      r.maskedText,
      r.rephrasedText,
      r.textInEnglish,
      b(r.spam),
      r.categories,
      r.themes,
    ],
  },
  {
    path: 'results/demographics.json',
    table: 'v2_demographics',
    columns: 'gender, age',
    row: (r: Json) => [r.gender, r.age],
  },
  {
    path: 'results/contact-details.json',
    table: 'v2_contact_details',
    columns: 'position, name, email, phone_number',
    row: (r: Json) => [r.position, r.name, r.email, r.phoneNumber === null ? null : String(r.phoneNumber)],
  },
  {
    path: 'results/metadata.json',
    table: 'v2_feedback_metadata',
    columns: 'key, value',
    row: (r: Json) => [r.key, r.value],
  },
] as const;

const commonSql =
  'experience_point_id, local_time, hex(feedback_id), utc_offset_min, survey_id, smiley_id, button_index, misuse';

/**
 * How the store keeps `ui` (migration 0016, docs/SCHEMA.md "Bytes per press"), decoded here by its own table: the three
 * values the service sends as one byte each (0x80 physical, 0x81 touchless, 0x82 digital), any other as its UTF-8.
 */
function storedUi(hex: string | null): string | null {
  const codes: Record<string, string> = { '80': 'physical', '81': 'touchless', '82': 'digital' };
  return hex === null ? null : (codes[hex] ?? Buffer.from(hex, 'hex').toString('utf8'));
}

/** A feedback-list table's rows in the expected column order, as sorted JSON lines. */
export function storedListRows(db: Database.Database, table: string, columns: string): string[] {
  const names = columns.split(', ');
  // A comment's copy of its text is stored as the byte 0x80 (migration 0018): read back as the text here.
  const copy = (c: string): string =>
    c === 'masked_text' || c === 'rephrased_text' ? `iif(hex(${c}) = '80', text, ${c})` : c;
  const sql = names.map((c) => (c === 'ui' ? 'iif(ui IS NULL, NULL, hex(ui))' : copy(c))).join(', ');
  const at = 8 + names.indexOf('ui'); // after the 8 common columns; 7 when the list has no ui
  return (db.prepare(`SELECT ${commonSql}, ${sql} FROM ${table}`).raw(true).all() as unknown[][])
    .map((r) => (at < 8 ? r : r.map((v, i) => (i === at ? storedUi(v as string | null) : v))))
    .map((r) => JSON.stringify(r))
    .sort();
}

export const sortedJson = (rows: unknown[][]): string[] => rows.map((r) => JSON.stringify(r)).sort();

/** Every table of migration 0004 in key order (the text rows without their surrogate id), hashed, plus checkpoints. */
export function resourceDump(path: string): Record<string, string> {
  const db = new Database(path, { readonly: true });
  try {
    const tables = db
      .prepare(
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND name LIKE 'v2\\_%' ESCAPE '\\' ORDER BY name",
      )
      .pluck()
      .all() as string[];
    const out: Record<string, string> = {};
    for (const t of tables.filter(
      (t) => !t.startsWith('v2_text_feedback_fts') && !t.startsWith('v2_button'),
    )) {
      const cols = (db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(t) as string[]).filter(
        (c) => c !== 'text_feedback_id',
      );
      // A table of comment ids alone (the word rows' notes, migration 0013) is compared by its count.
      const rows = cols.length
        ? db
            .prepare(
              `SELECT ${cols.map((c) => `quote(${c})`).join(', ')} FROM ${t} ORDER BY ${cols.join(', ')}`,
            )
            .raw(true)
            .all()
        : db.prepare(`SELECT count(*) FROM ${t}`).raw(true).all();
      out[t] = `${rows.length}:${createHash('sha256').update(JSON.stringify(rows)).digest('hex')}`;
    }
    out.checkpoints = JSON.stringify(
      db
        .prepare(
          "SELECT stream, cursor FROM sync_checkpoint WHERE stream <> 'v2:button-feedbacks' ORDER BY 1",
        )
        .raw(true)
        .all(),
    );
    return out;
  } finally {
    db.close();
  }
}
