// Shared by the data-path integration tests: temp dirs, an independent count from the emulator's HTTP answers,
// and a canonical dump of a store for exact comparisons.
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';

export const demoToken = 'demo-v2-token';

export function tempDir(prefix = 'fd-it-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

const day = 86_400_000;
const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

interface RawFeedback {
  feedbackId: string;
  localTime: string;
  buttonIndex: number;
  experiencePointId: number;
}

/**
 * Every button feedback the service reports WITHOUT misuse (the service filters it), fetched with plain fetch in
 * 100-day windows (a different window cut than the sync's) by following X-More-Available with offset += items.
 * The local day is the first 10 characters of localTime: no date library, no store.
 */
export async function independentDailyCounts(
  baseUrl: string,
  now: Date,
): Promise<{ rows: { day: string; buttonIndex: number; count: number }[]; total: number }> {
  const counts = new Map<string, number>();
  const seen = new Set<string>();
  const start = Date.UTC(now.getUTCFullYear() - 3, now.getUTCMonth(), now.getUTCDate());
  const end = now.getTime() + 3 * day;
  for (let from = start; from < end; from += 100 * day) {
    for (let offset = 0; ;) {
      const url = `${baseUrl}/v2/results/button-feedbacks.json?startDate=${isoDay(from)}&endDate=${isoDay(from + 100 * day)}&limit=10000&offset=${offset}`;
      const res = await fetch(url, { headers: { 'X-Svc-API-Token': demoToken } });
      if (res.status !== 200) throw new Error(`${res.status} for ${url}`);
      const items = (await res.json()) as RawFeedback[];
      for (const f of items) {
        if (seen.has(f.feedbackId)) throw new Error(`feedback ${f.feedbackId} listed twice`);
        seen.add(f.feedbackId);
        const key = `${f.localTime.slice(0, 10)}|${f.buttonIndex}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      offset += items.length;
      if (res.headers.get('x-more-available') !== 'true') break;
    }
  }
  const rows = [...counts]
    .map(([key, count]) => {
      const [d, b] = key.split('|');
      return { day: d ?? '', buttonIndex: Number(b), count };
    })
    .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.buttonIndex - b.buttonIndex));
  return { rows, total: seen.size };
}

/** Everything a sync writes, in key order, hashed: equal dumps mean identical stores (run bookkeeping excluded). */
export function canonicalDump(path: string): {
  facts: number;
  factsHash: string;
  rollup: string;
  rollupDaily: string;
  tree: string;
  checkpoint: unknown;
} {
  const db = new Database(path, { readonly: true });
  try {
    const hash = createHash('sha256');
    let facts = 0;
    for (const row of db
      .prepare(
        `SELECT experience_point_id, local_time, hex(feedback_id) AS id, utc_offset_min, survey_id, smiley_id, button_index, misuse, position, ui
         FROM v2_button_feedback ORDER BY experience_point_id, local_time, feedback_id`,
      )
      .raw(true)
      .iterate()) {
      hash.update(JSON.stringify(row));
      facts++;
    }
    const all = (sql: string): string =>
      createHash('sha256')
        .update(JSON.stringify(db.prepare(sql).raw(true).all()))
        .digest('hex');
    // Cursors without `syncedAt` (when a run finished differs between runs; where it stands does not).
    const checkpoint = (
      db.prepare('SELECT stream, cursor FROM sync_checkpoint ORDER BY stream').all() as {
        stream: string;
        cursor: string;
      }[]
    ).map(({ stream, cursor }) => {
      const { syncedAt: _ignored, ...rest } = JSON.parse(cursor) as Record<string, unknown>;
      return { stream, ...rest };
    });
    return {
      facts,
      factsHash: hash.digest('hex'),
      rollup: all('SELECT * FROM v2_button_rollup_hourly ORDER BY 1, 2, 3, 4'),
      rollupDaily: all('SELECT * FROM v2_button_rollup_daily ORDER BY 1, 2, 3, 4'),
      tree: all('SELECT * FROM experience_point ORDER BY 1'),
      checkpoint,
    };
  } finally {
    db.close();
  }
}
