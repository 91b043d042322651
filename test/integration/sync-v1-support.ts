// Shared by the v1 sync integration tests: the emulator's present, an independent count over v2 (plain fetch),
// the same count from the v1 tables, and a canonical dump of everything the v1 sync writes.
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import { createV1Client } from '../../src-main/api/v1/client.ts';
import type { V1Client } from '../../src-main/api/v1/client.ts';

export const worldNow = new Date('2026-11-21T14:00:00Z');
/** Before the world's first press (the legacy web survey starts 2019-12-01). */
export const since = '2019-11-01';
export const v2Token = 'demo-v2-token';

export function v1Client(baseUrl: string, extra: { auth?: 'basic' | 'headers' } = {}): V1Client {
  return createV1Client({ baseUrl, clientId: 'demo-client', token: 'demo-token', backoffMs: 5, ...extra });
}

const day = 86_400_000;
const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

interface V2Survey {
  surveyId: number;
  questionId: number;
  feedbackScale: string;
}
interface V2Feedback {
  feedbackId: string;
  localTime: string;
  surveyId: number;
  experiencePointId: number;
  buttonIndex: number;
}

/**
 * Presses of four-button surveys keyed `experiencePoint|question|yyyy-MM-dd|button` (or `…|yyyy-MM-ddTHH|…` by
 * hour), from v2 button feedbacks fetched with plain fetch in 100-day windows following X-More-Available: a v1
 * survey is one (experience point = folder, v2 survey) pair, and its question identifies the v2 survey at a point.
 * The local day and hour are the leading characters of localTime: no date library, no store.
 */
export async function v2Counts(
  baseUrl: string,
  options: { includeMisuse: boolean; byHour?: boolean },
): Promise<Map<string, number>> {
  const headers = { 'X-Svc-API-Token': v2Token };
  const surveys = (await (await fetch(`${baseUrl}/v2/surveys.json`, { headers })).json()) as V2Survey[];
  const question = new Map(
    surveys.filter((s) => s.feedbackScale === 'four').map((s) => [s.surveyId, s.questionId]),
  );
  const counts = new Map<string, number>();
  const seen = new Set<string>();
  const end = worldNow.getTime() + 3 * day;
  for (let from = Date.parse(`${since}T00:00:00Z`); from < end; from += 100 * day) {
    for (let offset = 0; ;) {
      const url = `${baseUrl}/v2/results/button-feedbacks.json?startDate=${isoDay(from)}&endDate=${isoDay(from + 100 * day)}&limit=10000&offset=${offset}&includeMisuse=${options.includeMisuse}`;
      const res = await fetch(url, { headers });
      if (res.status !== 200) throw new Error(`${res.status} for ${url}`);
      const items = (await res.json()) as V2Feedback[];
      for (const f of items) {
        if (seen.has(f.feedbackId)) throw new Error(`feedback ${f.feedbackId} listed twice`);
        seen.add(f.feedbackId);
        const q = question.get(f.surveyId);
        if (q === undefined) continue;
        const key = `${f.experiencePointId}|${q}|${f.localTime.slice(0, options.byHour ? 13 : 10)}|${f.buttonIndex}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      offset += items.length;
      if (res.headers.get('x-more-available') !== 'true') break;
    }
  }
  return counts;
}

/** The same keys from the v1 press facts (sum of presses: hourly sums count by their counts). */
export function storePressCounts(path: string, byHour = false): Map<string, number> {
  const db = new Database(path, { readonly: true });
  try {
    const local = byHour ? "p.local_day || 'T' || printf('%02d', p.local_hour)" : 'p.local_day';
    const rows = db
      .prepare(
        `SELECT s.folder_key || '|' || s.question_key || '|' || ${local} || '|' || p.button_index AS k, sum(p.presses) AS n
         FROM v1_press p JOIN v1_survey s ON s.survey_key = p.survey_key GROUP BY k`,
      )
      .all() as { k: string; n: number }[];
    return new Map(rows.map((r) => [r.k, r.n]));
  } finally {
    db.close();
  }
}

/** The same keys from the stored summed results (misuse excluded by the service). */
export function storeSummedCounts(path: string): Map<string, number> {
  const db = new Database(path, { readonly: true });
  try {
    const out = new Map<string, number>();
    for (const r of db
      .prepare(
        `SELECT s.folder_key AS f, s.question_key AS q, date(r.local_day * 86400, 'unixepoch') AS d, r.n0, r.n1, r.n2, r.n3
         FROM v1_summed_result r JOIN v1_survey s ON s.survey_key = r.survey_key`,
      )
      .all() as { f: number; q: number; d: string; n0: number; n1: number; n2: number; n3: number }[])
      [r.n0, r.n1, r.n2, r.n3].forEach((n, b) => {
        if (n > 0) out.set(`${r.f}|${r.q}|${r.d}|${b}`, (out.get(`${r.f}|${r.q}|${r.d}|${b}`) ?? 0) + n);
      });
    return out;
  } finally {
    db.close();
  }
}

/** Maps as sorted entry lists, so a failing comparison shows the differing keys. */
export function sorted(map: Map<string, number>): [string, number][] {
  return [...map].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

const v1Tables: Record<string, string> = {
  v1_folder: 'SELECT * FROM v1_folder ORDER BY 1',
  v1_survey: 'SELECT * FROM v1_survey ORDER BY 1',
  v1_survey_period: 'SELECT * FROM v1_survey_period ORDER BY 1, 2',
  v1_question: 'SELECT * FROM v1_question ORDER BY 1',
  v1_followup_option: 'SELECT * FROM v1_followup_option ORDER BY 1',
  v1_press: 'SELECT * FROM v1_press ORDER BY 1, 2, 3',
  v1_press_rollup_hourly: 'SELECT * FROM v1_press_rollup_hourly ORDER BY 1, 2, 3',
  v1_press_rollup_daily: 'SELECT * FROM v1_press_rollup_daily ORDER BY 1, 2, 3',
  // without the rowid, which a replaced window renews
  v1_open_feedback: `SELECT survey_key, utc_time, seq, utc_offset_min, button_index, relevance, spam, followup_key, text
    FROM v1_open_feedback ORDER BY 1, 2, 3`,
  v1_summed_result: 'SELECT * FROM v1_summed_result ORDER BY 1, 2',
  // rows a replace brought to zero may stay: only rows with presses
  ...Object.fromEntries(
    ['daily', 'hourly', 'weekhour'].map((g) => [
      `v1_node_rollup_${g}`,
      `SELECT * FROM v1_node_rollup_${g} WHERE n0 + n1 + n2 + n3 > 0 ORDER BY 1, 2, 3, 4`,
    ]),
  ),
  v1_followup_result: 'SELECT * FROM v1_followup_result ORDER BY 1, 2, 3',
  v1_alert: 'SELECT * FROM v1_alert ORDER BY 1',
  checkpoints: "SELECT stream, cursor FROM sync_checkpoint WHERE stream LIKE 'v1:%' ORDER BY 1",
};

/** Row count and SHA-256 of every v1 table in key order: equal dumps mean identical v1 data (run rows excluded). */
export function v1Dump(path: string): Record<string, { rows: number; hash: string }> {
  const db = new Database(path, { readonly: true });
  try {
    const out: Record<string, { rows: number; hash: string }> = {};
    for (const [name, sql] of Object.entries(v1Tables)) {
      const hash = createHash('sha256');
      let rows = 0;
      for (const row of db.prepare(sql).raw(true).iterate()) {
        hash.update(JSON.stringify(row));
        rows++;
      }
      out[name] = { rows, hash: hash.digest('hex') };
    }
    return out;
  } finally {
    db.close();
  }
}

/** Sums a count map under new keys made from the old key's `|`-separated parts. */
export function rekey(map: Map<string, number>, key: (parts: string[]) => string): Map<string, number> {
  const out = new Map<string, number>();
  for (const [k, n] of map) {
    const nk = key(k.split('|'));
    out.set(nk, (out.get(nk) ?? 0) + n);
  }
  return out;
}
