// v2 button feedback facts and their hourly and daily rollups, written one page per transaction.
import type Database from 'better-sqlite3';
import type { ButtonFeedbackV2 } from '../../api/v2/records.ts';
import { localHourKey, parseLocalTimestamp } from '../../api/localTime.ts';
import type { CheckpointRepo } from './checkpointRepo.ts';

export interface CheckpointWrite {
  stream: string;
  cursor: unknown;
}

export interface ButtonFeedbackRepo {
  /**
   * Inserts a page, skipping records already stored; adds the rows really inserted to the hourly and daily rollups; upserts the
   * devices seen; writes the checkpoint. All in one transaction: a crash keeps either all of it or none.
   */
  writePage(items: readonly ButtonFeedbackV2[], checkpoint?: CheckpointWrite): { inserted: number };
  /** Button feedbacks stored, read from the rollup (no fact scan). */
  total(options?: { includeMisuse?: boolean }): number;
}

/**
 * A UUID is stored as its 16 bytes (20 bytes/row less than text; UUIDs compare case-insensitively); anything else
 * stays text, so it cannot collide with a UUID's bytes.
 */
export function feedbackKey(feedbackId: string): Buffer | string {
  if (
    feedbackId.length !== 36 ||
    feedbackId[8] !== '-' ||
    feedbackId[13] !== '-' ||
    feedbackId[18] !== '-' ||
    feedbackId[23] !== '-'
  )
    return feedbackId;
  const bytes = Buffer.from(
    feedbackId.slice(0, 8) +
      feedbackId.slice(9, 13) +
      feedbackId.slice(14, 18) +
      feedbackId.slice(19, 23) +
      feedbackId.slice(24),
    'hex',
  );
  return bytes.length === 16 ? bytes : feedbackId; // Buffer.from stops at the first non-hex pair
}

/** The stored form of a feedback id back to text (UUIDs lower-case with dashes). */
export function feedbackIdText(key: Buffer | string): string {
  if (typeof key === 'string') return key;
  const h = key.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

interface RollupDelta {
  point: number;
  /** The local hour key (hourly rollup) or the local day number (daily rollup). */
  hour: number;
  survey: number;
  misuse: number;
  counts: number[];
}

export function createButtonFeedbackRepo(
  db: Database.Database,
  checkpoints: CheckpointRepo,
): ButtonFeedbackRepo {
  // Positional parameters on the hot path: no object per row.
  const insertFact = db.prepare(
    `INSERT INTO v2_button_feedback (experience_point_id, local_time, feedback_id, utc_offset_min, survey_id, smiley_id,
       button_index, misuse, position, ui) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
  );
  const counters = Array.from({ length: 11 }, (_, i) => `n${i}`);
  const upsertInto = (table: string, bucket: string): Database.Statement =>
    db.prepare(
      `INSERT INTO ${table} (experience_point_id, ${bucket}, survey_id, misuse, ${counters.join(', ')})
       VALUES (?, ?, ?, ?, ${counters.map(() => '?').join(', ')})
       ON CONFLICT (experience_point_id, ${bucket}, survey_id, misuse) DO UPDATE SET
       ${counters.map((c) => `${c} = ${c} + excluded.${c}`).join(', ')}`,
    );
  const upsertHourly = upsertInto('v2_button_rollup_hourly', 'local_hour');
  const upsertDaily = upsertInto('v2_button_rollup_daily', 'local_day');
  const upsertSmiley = db.prepare(
    `INSERT INTO smiley (smiley_id, smiley_type) VALUES (?, ?)
     ON CONFLICT (smiley_id) DO UPDATE SET smiley_type = excluded.smiley_type WHERE smiley_type <> excluded.smiley_type`,
  );
  const sum = counters.join(' + ');
  const totalAll = db.prepare<[], { n: number | null }>(
    `SELECT sum(${sum}) AS n FROM v2_button_rollup_hourly`,
  );
  const totalNoMisuse = db.prepare<[], { n: number | null }>(
    `SELECT sum(${sum}) AS n FROM v2_button_rollup_daily WHERE misuse = 0`,
  );

  const writePage = db.transaction(
    (items: readonly ButtonFeedbackV2[], checkpoint?: CheckpointWrite): { inserted: number } => {
      const deltas = new Map<string, RollupDelta>();
      const smileys = new Map<number, string>();
      let inserted = 0;
      for (const f of items) {
        const t = parseLocalTimestamp(f.localTime);
        if (!t) throw new Error(`unreadable localTime '${f.localTime}' reached the store`); // the client validates first
        const misuse = f.misuse ? 1 : 0;
        const changes = insertFact.run(
          f.experiencePointId,
          t.localMs,
          feedbackKey(f.feedbackId),
          t.offsetMinutes,
          f.surveyId,
          f.smileyId,
          f.buttonIndex,
          misuse,
          f.position,
          f.ui,
        ).changes;
        smileys.set(f.smileyId, f.smileyType);
        if (changes !== 1) continue; // already stored: counted when it was first inserted
        inserted++;
        const hour = localHourKey(t.localMs);
        const key = `${f.experiencePointId}|${hour}|${f.surveyId}|${misuse}`;
        let delta = deltas.get(key);
        if (!delta) {
          delta = {
            point: f.experiencePointId,
            hour,
            survey: f.surveyId,
            misuse,
            counts: new Array<number>(11).fill(0),
          };
          deltas.set(key, delta);
        }
        delta.counts[f.buttonIndex] = (delta.counts[f.buttonIndex] ?? 0) + 1;
      }
      // The daily buckets are folded from the hourly ones: both count exactly the rows inserted above.
      const days = new Map<string, RollupDelta>();
      for (const d of deltas.values()) {
        upsertHourly.run(d.point, d.hour, d.survey, d.misuse, ...d.counts);
        const day = Math.floor(d.hour / 24);
        const key = `${d.point}|${day}|${d.survey}|${d.misuse}`;
        const sumDay = days.get(key);
        if (!sumDay) days.set(key, { ...d, hour: day, counts: [...d.counts] });
        else for (let b = 0; b < 11; b++) sumDay.counts[b] = (sumDay.counts[b] ?? 0) + (d.counts[b] ?? 0);
      }
      for (const d of days.values()) upsertDaily.run(d.point, d.hour, d.survey, d.misuse, ...d.counts);
      for (const [id, type] of smileys) upsertSmiley.run(id, type);
      if (checkpoint) checkpoints.set(checkpoint.stream, checkpoint.cursor);
      return { inserted };
    },
  );

  return {
    writePage: (items, checkpoint) => writePage.immediate(items, checkpoint),
    total: (options = {}) => (options.includeMisuse === false ? totalNoMisuse : totalAll).get()?.n ?? 0,
  };
}
