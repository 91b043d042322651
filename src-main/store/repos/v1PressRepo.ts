// v1 raw results and what is replaced with them: a window is staged page by page, then replaces the survey's
// presses, open feedback and summed results of that window, their rollups and its checkpoint in one transaction.
import type Database from 'better-sqlite3';
import { statement } from '../statements.ts';
import { parseLocalTimestamp, utcMs } from '../../core/localTime.ts';
import type { V1OpenFeedback, V1RawResult, V1ResultBucket } from '../../core/records/v1.ts';
import type { CheckpointRepo } from './checkpointRepo.ts';
import { allNodes } from './nodeRollup.ts';
import { createV1NodeRollup, type V1Buckets } from './v1NodeRollup.ts';

const msPerHour = 3_600_000;
const msPerDay = 86_400_000;
/** Offsets in use lie within −12 h … +14 h: the local hours a window of instants can touch. */
const behind = 12 * msPerHour;
const ahead = 14 * msPerHour;

export interface V1Window {
  surveyKey: number;
  folderKey: number;
  /** Instants [fromUtc, toUtc): the local midnights of the window's first and end day in the survey's zone. */
  fromUtc: number;
  toUtc: number;
  /** Local days [fromDay, toDay) (days since 1970-01-01 on the survey's wall clock) of the summed results. */
  fromDay: number;
  toDay: number;
}

export interface V1WindowResult {
  /** Button presses now stored for the window (hourly sums counted by their counts). */
  presses: number;
  openFeedback: number;
}

export interface V1PressRepo {
  /** Adds a page of raw results to the staging area: presses only (a split-form text item is not a press). */
  stageRawResults(items: readonly V1RawResult[]): void;
  stageOpenFeedback(items: readonly V1OpenFeedback[]): void;
  clearStaging(): void;
  /**
   * Replaces the window's presses and open feedback with the staged ones, its summed results with `summed`,
   * recomputes the rollups it touches and writes the checkpoint — one transaction — then clears the staging.
   */
  replaceWindow(
    w: V1Window,
    summed: readonly V1ResultBucket[],
    checkpoint: { stream: string; cursor: unknown },
  ): V1WindowResult;
  /** Button presses stored (node -1 of the month × hour-of-week node rollup: every raw press, a few rows a month). */
  totalPresses(): number;
  /** Counts the node rollups again (the folder tree changed, or surveys moved or went). */
  rebuildNodes(): void;
  /** Moves a survey's rollup rows to another folder (the survey moved in the tree). */
  moveSurvey(surveyKey: number, folderKey: number): void;
  /** Deletes everything stored for a survey (it is gone from the service). */
  deleteSurvey(surveyKey: number): void;
}

function instant(ts: string): { utc: number; offset: number } {
  const t = parseLocalTimestamp(ts);
  if (!t) throw new Error(`unreadable timestamp '${ts}' reached the store`); // the client validates first
  return { utc: utcMs(t), offset: t.offsetMinutes };
}

const buttonSums = [0, 1, 2, 3]
  .map((b) => `sum(CASE button_index WHEN ${b} THEN presses ELSE 0 END)`)
  .join(', ');

// eslint-disable-next-line max-lines-per-function -- a repository factory: it prepares its statements once and returns the short methods that share them
export function createV1PressRepo(db: Database.Database, checkpoints: CheckpointRepo): V1PressRepo {
  // Prepared on first use: the store opens (and other repos work) on files whose v1 tables come later.
  // Composed statements through the connection's one cache (statements.ts), prepared once per text.
  const sql = (text: string): Database.Statement => statement(db, text);
  let staged = false;
  const ensureStaging = (): void => {
    if (staged) return;
    db.exec(`CREATE TEMP TABLE IF NOT EXISTS v1_press_staging (utc_time INTEGER NOT NULL, utc_offset_min INTEGER NOT NULL,
        button_index INTEGER NOT NULL, presses INTEGER NOT NULL, hourly_sum INTEGER NOT NULL, followup_key INTEGER);
      CREATE TEMP TABLE IF NOT EXISTS v1_open_staging (utc_time INTEGER NOT NULL, utc_offset_min INTEGER NOT NULL,
        button_index INTEGER NOT NULL, relevance REAL, spam INTEGER, followup_key INTEGER, text TEXT NOT NULL);
      CREATE TEMP TABLE IF NOT EXISTS v1_option_staging (followup_key INTEGER PRIMARY KEY, name TEXT NOT NULL);`);
    staged = true;
  };
  const stageOption = (key: number, name: string): void => {
    sql('INSERT OR REPLACE INTO temp.v1_option_staging (followup_key, name) VALUES (?, ?)').run(key, name);
  };

  const stageRawResults = db.transaction((items: readonly V1RawResult[]) => {
    const insert = sql(
      `INSERT INTO temp.v1_press_staging (utc_time, utc_offset_min, button_index, presses, hourly_sum, followup_key)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
    for (const item of items) {
      if (item.kind === 'text') continue; // its press is a separate 'press' item (DECISIONS.md): never count it twice
      const t = instant(item.ts);
      if (item.kind === 'press') {
        insert.run(t.utc, t.offset, item.r, 1, 0, item.followUp?.key ?? null);
        if (item.followUp) stageOption(item.followUp.key, item.followUp.name);
      } else
        item.counts.forEach((n, b) => {
          if (n > 0) insert.run(t.utc, t.offset, b, n, 1, null);
        });
    }
  });

  const stageOpenFeedback = db.transaction((items: readonly V1OpenFeedback[]) => {
    const insert = sql(
      `INSERT INTO temp.v1_open_staging (utc_time, utc_offset_min, button_index, relevance, spam, followup_key, text)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const f of items) {
      const t = instant(f.ts);
      insert.run(
        t.utc,
        t.offset,
        f.r,
        f.relevance,
        f.spam === null ? null : f.spam ? 1 : 0,
        f.followUp?.key ?? null,
        f.text,
      );
      if (f.followUp) stageOption(f.followUp.key, f.followUp.name);
    }
  });

  const clearStaging = (): void => {
    ensureStaging();
    db.exec(
      'DELETE FROM temp.v1_press_staging; DELETE FROM temp.v1_open_staging; DELETE FROM temp.v1_option_staging;',
    );
  };

  const nodes = createV1NodeRollup(db);
  /** The local hours and days a window can touch (its summed results' days are among them). */
  const bucketsOf = (w: V1Window): V1Buckets => ({
    hours: [Math.floor((w.fromUtc - behind) / msPerHour), Math.ceil((w.toUtc + ahead) / msPerHour)],
    days: [Math.floor((w.fromUtc - behind) / msPerDay), Math.ceil((w.toUtc + ahead) / msPerDay)],
  });

  /** Rebuilds the hourly and daily rollup rows a window can touch from the facts (exact whatever was there). */
  function recomputeRollups(w: V1Window): void {
    const { hours, days } = bucketsOf(w);
    for (const [table, unit, [lo, hi]] of [
      ['v1_press_rollup_hourly', msPerHour, hours],
      ['v1_press_rollup_daily', msPerDay, days],
    ] as const) {
      const bucket = table.endsWith('hourly') ? 'local_hour' : 'local_day';
      sql(`DELETE FROM ${table} WHERE survey_key = ? AND ${bucket} >= ? AND ${bucket} < ?`).run(
        w.surveyKey,
        lo,
        hi,
      );
      sql(
        `INSERT INTO ${table} (folder_key, ${bucket}, survey_key, n0, n1, n2, n3)
         SELECT ?, local_time / ${unit} AS b, survey_key, ${buttonSums} FROM v1_press
         WHERE survey_key = ? AND utc_time >= ? AND utc_time < ? AND local_time >= ? AND local_time < ?
         GROUP BY b`,
      ).run(w.folderKey, w.surveyKey, lo * unit - ahead, hi * unit + behind, lo * unit, hi * unit);
    }
  }

  const replace = db.transaction(
    (
      w: V1Window,
      summed: readonly V1ResultBucket[],
      checkpoint: { stream: string; cursor: unknown },
      // eslint-disable-next-line max-lines-per-function -- one window's replace is one transaction: its steps stay in it, in order
    ): V1WindowResult => {
      const range = [w.surveyKey, w.fromUtc, w.toUtc] as const;
      // The node rollups get the difference the replace makes to the survey's rows of the views.
      const nodesDone = nodes.change(w.surveyKey, w.folderKey, bucketsOf(w));
      sql('DELETE FROM v1_press WHERE survey_key = ? AND utc_time >= ? AND utc_time < ?').run(...range);
      // Identical-looking items are distinct presses: numbered per instant in a canonical order, so the same
      // answer always gives the same rows whatever order the service lists them in.
      sql(
        `INSERT INTO v1_press (survey_key, utc_time, seq, utc_offset_min, button_index, presses, hourly_sum, followup_key)
         SELECT ?, utc_time, row_number() OVER (PARTITION BY utc_time
             ORDER BY utc_offset_min, hourly_sum, button_index, presses, followup_key) - 1,
           utc_offset_min, button_index, presses, hourly_sum, followup_key
         FROM temp.v1_press_staging WHERE utc_time >= ? AND utc_time < ?`,
      ).run(...range);
      sql('DELETE FROM v1_open_feedback WHERE survey_key = ? AND utc_time >= ? AND utc_time < ?').run(
        ...range,
      );
      const open = sql(
        `INSERT INTO v1_open_feedback (survey_key, utc_time, seq, utc_offset_min, button_index, relevance, spam, followup_key, text)
         SELECT ?, utc_time, row_number() OVER (PARTITION BY utc_time
             ORDER BY utc_offset_min, button_index, text, relevance, spam, followup_key) - 1,
           utc_offset_min, button_index, relevance, spam, followup_key, text
         FROM temp.v1_open_staging WHERE utc_time >= ? AND utc_time < ? ORDER BY utc_time`,
      ).run(...range).changes;
      sql('DELETE FROM v1_summed_result WHERE survey_key = ? AND local_day >= ? AND local_day < ?').run(
        w.surveyKey,
        w.fromDay,
        w.toDay,
      );
      const insertBucket = sql(
        `INSERT INTO v1_summed_result (survey_key, local_day, bucket_start, n0, n1, n2, n3) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (survey_key, local_day) DO UPDATE SET n0 = n0 + excluded.n0, n1 = n1 + excluded.n1,
           n2 = n2 + excluded.n2, n3 = n3 + excluded.n3`,
      );
      for (const b of summed) {
        const local = parseLocalTimestamp(b.ts);
        const day = local ? Math.floor(local.localMs / msPerDay) : NaN;
        if (!(day >= w.fromDay && day < w.toDay)) continue;
        insertBucket.run(
          w.surveyKey,
          day,
          b.ts,
          b.data[0] ?? 0,
          b.data[1] ?? 0,
          b.data[2] ?? 0,
          b.data[3] ?? 0,
        );
      }
      sql(
        `INSERT INTO v1_followup_option (followup_key, name) SELECT followup_key, name FROM temp.v1_option_staging WHERE true
         ON CONFLICT (followup_key) DO UPDATE SET name = excluded.name WHERE name <> excluded.name`,
      ).run();
      recomputeRollups(w);
      nodesDone();
      checkpoints.set(checkpoint.stream, checkpoint.cursor);
      const presses = sql(
        'SELECT coalesce(sum(presses), 0) AS n FROM v1_press WHERE survey_key = ? AND utc_time >= ? AND utc_time < ?',
      ).get(...range) as { n: number };
      return { presses: presses.n, openFeedback: open };
    },
  );

  return {
    stageRawResults: (items) => {
      ensureStaging();
      stageRawResults(items);
    },
    stageOpenFeedback: (items) => {
      ensureStaging();
      stageOpenFeedback(items);
    },
    clearStaging,
    replaceWindow(w, summed, checkpoint) {
      ensureStaging();
      try {
        return replace.immediate(w, summed, checkpoint);
      } finally {
        clearStaging();
      }
    },
    totalPresses: () =>
      (
        sql(
          `SELECT coalesce(sum(n0 + n1 + n2 + n3), 0) AS n FROM v1_node_rollup_weekhour WHERE node_id = ${allNodes}`,
        ).get() as { n: number }
      ).n,
    rebuildNodes: () => nodes.rebuild(),
    moveSurvey(surveyKey, folderKey) {
      for (const table of ['v1_press_rollup_hourly', 'v1_press_rollup_daily'])
        sql(`UPDATE ${table} SET folder_key = ? WHERE survey_key = ? AND folder_key <> ?`).run(
          folderKey,
          surveyKey,
          folderKey,
        );
    },
    deleteSurvey(surveyKey) {
      for (const table of [
        'v1_press',
        'v1_press_rollup_hourly',
        'v1_press_rollup_daily',
        'v1_open_feedback',
        'v1_summed_result',
        'v1_followup_result',
      ])
        sql(`DELETE FROM ${table} WHERE survey_key = ?`).run(surveyKey);
    },
  };
}
