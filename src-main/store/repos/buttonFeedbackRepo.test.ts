// The fact table and its rollup: idempotent writes, rollup equal to a recount, page and checkpoint atomic.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ButtonFeedbackV2 } from '../../core/records/v2Feedback.ts';
import { openStore } from '../db.ts';
import type { Store } from '../db.ts';
import { feedbackIdText, feedbackKey } from './buttonFeedbackRepo.ts';
import { createBatchBuilder } from './batchGathering.ts';
import { noUi } from './feedbackBatch.ts';

let store: Store;
beforeEach(() => {
  store = openStore(':memory:');
});
afterEach(() => store.close());

let next = 0;
function feedback(over: Partial<ButtonFeedbackV2> = {}): ButtonFeedbackV2 {
  next++;
  return {
    feedbackId: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    smileyId: 7,
    localTime: '2024-05-01T10:15:00.000+02:00',
    surveyId: 3,
    experiencePointId: 11,
    buttonIndex: 2,
    misuse: false,
    smileyType: 'SMILEY_TERMINAL',
    position: 0,
    ui: 'physical',
    ...over,
  };
}

/** Deterministic pseudo-random records over 3 points, 2 surveys, 3 days, all 11 buttons, some misuse. */
function sample(n: number): ButtonFeedbackV2[] {
  let s = 1;
  const r = (k: number): number => ((s = (s * 48271) % 2147483647), s % k);
  return Array.from({ length: n }, () =>
    feedback({
      experiencePointId: 10 + r(3),
      surveyId: 1 + r(2),
      buttonIndex: r(11),
      misuse: r(10) === 0,
      localTime: `2024-05-0${1 + r(3)}T${String(r(24)).padStart(2, '0')}:${String(r(60)).padStart(2, '0')}:00.000+02:00`,
    }),
  );
}

const counters = 'n0, n1, n2, n3, n4, n5, n6, n7, n8, n9, n10';

const dailyRows = (): unknown[] =>
  store.db
    .prepare(
      'SELECT * FROM v2_button_rollup_daily ORDER BY experience_point_id, local_day, survey_id, misuse',
    )
    .all();

/** The daily rollup recomputed from the facts' own local_day column (a generated column, not the hour key). */
const recountDaily = (): unknown[] =>
  store.db
    .prepare(
      `SELECT experience_point_id, CAST(julianday(local_day) - julianday('1970-01-01') AS INTEGER) AS local_day, survey_id, misuse,
        ${Array.from({ length: 11 }, (_, i) => `sum(button_index = ${i}) AS n${i}`).join(', ')}
       FROM v2_button_feedback GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
    )
    .all();

/**
 * The hourly node rollup's rows of node -1 (every press): what the writer counted by hour. A row a swap took to zero
 * stays (node rows are only added to) and says nothing: left out.
 */
const rollupRows = (): unknown[] =>
  store.db
    .prepare(
      `SELECT local_hour, survey_id, misuse, ${counters} FROM v2_node_rollup_hourly
       WHERE node_id = -1 AND ${counters.replaceAll(',', ' +')} > 0 ORDER BY local_hour, survey_id, misuse`,
    )
    .all();

/** The same rows recomputed from the facts with a plain GROUP BY: a second, simpler route to the same numbers. */
const recount = (): unknown[] =>
  store.db
    .prepare(
      `SELECT local_time / 3600000 AS local_hour, survey_id, misuse,
        ${Array.from({ length: 11 }, (_, i) => `sum(button_index = ${i}) AS n${i}`).join(', ')}
       FROM v2_button_feedback GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    )
    .all();

describe('button feedback writes', () => {
  it('stores a UUID as 16 bytes and gives it back', () => {
    const id = '3f2a9c1e-0b7d-4c55-9e3a-1d2b3c4d5e6f';
    expect(feedbackKey(id)).toHaveLength(16);
    expect(feedbackIdText(feedbackKey(id))).toBe(id);
    expect(feedbackKey('not-a-uuid')).toBe('not-a-uuid');
    expect(feedbackKey('3f2a9c1e-0b7d-4c55-9e3a-1d2b3c4d5e6z')).toBe('3f2a9c1e-0b7d-4c55-9e3a-1d2b3c4d5e6z');
    expect(feedbackKey(id.toUpperCase())).toEqual(feedbackKey(id));
  });

  it('keeps every record once: a re-sent page inserts nothing and leaves the counts exact', () => {
    const page = sample(500);
    expect(store.buttonFeedback.writePage(page).inserted).toBe(500);
    const before = rollupRows();
    expect(store.buttonFeedback.writePage(page).inserted).toBe(0);
    expect(store.buttonFeedback.writePage([...page.slice(100, 200), feedback()]).inserted).toBe(1);
    expect(store.buttonFeedback.total()).toBe(501);
    expect(rollupRows()).not.toEqual(before); // the one new record is counted
    expect(rollupRows()).toEqual(recount());
  });

  it('keeps the rollup equal to a recount from the facts, over overlapping pages', () => {
    const all = sample(3000);
    for (let i = 0; i < all.length; i += 400)
      store.buttonFeedback.writePage(all.slice(Math.max(0, i - 150), i + 400));
    expect(rollupRows()).toEqual(recount());
    expect(dailyRows()).toEqual(recountDaily());
    // Third route: count the input in plain JS, misuse excluded.
    expect(store.buttonFeedback.total({ includeMisuse: false })).toBe(all.filter((f) => !f.misuse).length);
    expect(store.buttonFeedback.total()).toBe(3000);
  });

  it('derives UTC and local calendar fields from the timestamp’s own offset (fall-back hour counted twice)', () => {
    store.buttonFeedback.writePage([
      feedback({ localTime: '2024-10-27T02:30:00.000+02:00' }),
      feedback({ localTime: '2024-10-27T02:30:00.000+01:00' }),
      feedback({ localTime: '2024-03-09T23:30:00.000-05:00' }),
    ]);
    const rows = store.db
      .prepare(
        "SELECT strftime('%Y-%m-%dT%H:%M:%SZ', utc_time / 1000, 'unixepoch') AS utc, local_day, local_hour, local_weekday FROM v2_button_feedback ORDER BY utc_time",
      )
      .all();
    expect(rows).toEqual([
      { utc: '2024-03-10T04:30:00Z', local_day: '2024-03-09', local_hour: 23, local_weekday: 6 },
      { utc: '2024-10-27T00:30:00Z', local_day: '2024-10-27', local_hour: 2, local_weekday: 7 },
      { utc: '2024-10-27T01:30:00Z', local_day: '2024-10-27', local_hour: 2, local_weekday: 7 },
    ]);
    // Both 02:30s land in the same local-hour bucket of the rollup.
    expect(
      store.db
        .prepare('SELECT n2 FROM v2_node_rollup_hourly WHERE node_id = -1 AND local_hour % 24 = 2')
        .all(),
    ).toEqual([{ n2: 2 }]);
  });

  it('commits a page and its checkpoint together, or neither', () => {
    store.buttonFeedback.writePage([feedback()], { stream: 's', cursor: { offset: 1 } });
    expect(store.checkpoints.get('s')).toEqual({ offset: 1 });
    const broken = [feedback(), { ...feedback(), localTime: 'garbage' }];
    expect(() => store.buttonFeedback.writePage(broken, { stream: 's', cursor: { offset: 3 } })).toThrow();
    expect(store.checkpoints.get('s')).toEqual({ offset: 1 });
    expect(store.buttonFeedback.total()).toBe(1);
    expect(store.db.prepare('SELECT count(*) AS n FROM v2_button_feedback').get()).toEqual({ n: 1 });
  });

  it('records each device type once', () => {
    store.buttonFeedback.writePage([
      feedback({ smileyId: 1 }),
      feedback({ smileyId: 1 }),
      feedback({ smileyId: 2, smileyType: 'SMILEY_TOUCH' }),
    ]);
    expect(store.db.prepare('SELECT * FROM smiley ORDER BY smiley_id').all()).toEqual([
      { smiley_id: 1, smiley_type: 'SMILEY_TERMINAL' },
      { smiley_id: 2, smiley_type: 'SMILEY_TOUCH' },
    ]);
  });
});

describe('batches, staging and the swap', () => {
  const builderOf = (items: ButtonFeedbackV2[]) => {
    const b = createBatchBuilder();
    b.add(items);
    return b.build();
  };
  const day = (d: string): number => Date.parse(`${d}T00:00:00Z`);

  it('groups a batch by point, keeps time order within a point, and remaps ui and text ids across pages', () => {
    const b = createBatchBuilder();
    b.add([
      feedback({ experiencePointId: 12, localTime: '2024-05-01T10:00:00.000+02:00', ui: 'link' }),
      feedback({ experiencePointId: 11, localTime: '2024-05-01T10:01:00.000+02:00', feedbackId: 'legacy-7' }),
    ]);
    b.add([feedback({ experiencePointId: 12, localTime: '2024-05-01T10:02:00.000+02:00', ui: null })]);
    const batch = b.build();
    expect([...batch.point]).toEqual([11, 12, 12]);
    expect([...batch.localMs]).toEqual([
      Date.UTC(2024, 4, 1, 10, 1),
      Date.UTC(2024, 4, 1, 10, 0),
      Date.UTC(2024, 4, 1, 10, 2),
    ]);
    expect(batch.uiNames[batch.ui[1] ?? 0]).toBe('link');
    expect(batch.ui[2]).toBe(noUi);
    expect(batch.textIds).toEqual(new Map([[0, 'legacy-7']]));
    store.buttonFeedback.append(batch);
    expect(
      store.db.prepare("SELECT count(*) AS n FROM v2_button_feedback WHERE feedback_id = 'legacy-7'").get(),
    ).toEqual({ n: 1 });
  });

  it('appends a batch with rows already stored by counting only the new ones (the careful path)', () => {
    const all = sample(600);
    store.buttonFeedback.append(builderOf(all.slice(0, 400)));
    const r = store.buttonFeedback.append(builderOf(all.slice(300, 600)));
    expect(r.inserted).toBe(200);
    expect(store.buttonFeedback.total()).toBe(600);
    expect(rollupRows()).toEqual(recount());
    expect(dailyRows()).toEqual(recountDaily());
  });

  it('a swap replaces the window: dropped rows go, re-flagged rows change, rows outside stay; rollups follow', () => {
    const inside = (id: number, over: Partial<ButtonFeedbackV2> = {}): ButtonFeedbackV2 =>
      feedback({
        feedbackId: `00000000-0000-4000-8000-${String(900 + id).padStart(12, '0')}`,
        localTime: `2024-05-0${2 + (id % 2)}T1${id % 10}:00:00.000+02:00`,
        ...over,
      });
    const before = feedback({ localTime: '2024-05-01T23:59:00.000+02:00' });
    const after = feedback({ localTime: '2024-05-04T00:00:00.000+02:00' });
    const otherPoint = feedback({ experiencePointId: 99, localTime: '2024-05-02T12:00:00.000+02:00' });
    store.buttonFeedback.writePage([before, after, otherPoint, ...[1, 2, 3, 4].map((i) => inside(i))]);
    // The service now: press 2 deleted, press 3 judged misuse, press 5 uploaded late; point 99 unchanged.
    const now = [inside(1), inside(3, { misuse: true }), inside(4), inside(5), otherPoint];
    const swap = { stream: 's', fromMs: day('2024-05-02'), toMs: day('2024-05-04'), scope: null };
    const first = store.buttonFeedback.stage('s', builderOf(now.slice(0, 2)), {
      stream: 's',
      cursor: { at: 1 },
    });
    expect(first).toEqual({ staged: 2, removed: 0, inserted: 0 });
    expect(store.buttonFeedback.total()).toBe(7); // staging changes nothing the app reads
    const done = store.buttonFeedback.stage(
      's',
      builderOf(now.slice(2)),
      { stream: 's', cursor: { at: 2 } },
      swap,
    );
    // By hand: of the 5 stored rows in [05-02, 05-04), press 2 is gone and press 3 changed (2 removed); press 3's new
    // version and the late press 5 are new (2 inserted); presses 1, 4 and point 99's came back as they were.
    expect(done).toEqual({ staged: 3, removed: 2, inserted: 2 });
    expect(store.checkpoints.get('s')).toEqual({ at: 2 });
    expect(store.db.prepare('SELECT count(*) AS n FROM v2_button_feedback_stage').get()).toEqual({ n: 0 });
    const ids = store.db
      .prepare('SELECT hex(feedback_id) AS id, misuse FROM v2_button_feedback ORDER BY 1')
      .all() as { id: string; misuse: number }[];
    const hexOf = (f: ButtonFeedbackV2): string => f.feedbackId.replace(/-/g, '').toUpperCase();
    expect(ids.map((r) => r.id).sort()).toEqual(
      [before, after, otherPoint, inside(1), inside(3), inside(4), inside(5)].map(hexOf).sort(),
    );
    expect(ids.find((r) => r.id === hexOf(inside(3)))?.misuse).toBe(1);
    expect(store.buttonFeedback.total()).toBe(7);
    expect(store.buttonFeedback.total({ includeMisuse: false })).toBe(6);
    expect(rollupRows()).toEqual(recount());
    expect(dailyRows()).toEqual(recountDaily());
  });

  it('a swap of a window re-fetched with nothing new removes and inserts nothing', () => {
    const rows = [1, 2, 3].map((i) =>
      feedback({
        feedbackId: `00000000-0000-4000-8000-${String(700 + i).padStart(12, '0')}`,
        localTime: `2024-05-02T1${i}:00:00.000+02:00`,
      }),
    );
    store.buttonFeedback.writePage(rows);
    const before = { hourly: rollupRows(), daily: dailyRows() };
    const swap = { stream: 's', fromMs: day('2024-05-02'), toMs: day('2024-05-03'), scope: null };
    // By hand: the stage holds the 3 stored rows unchanged, so nothing differs.
    expect(store.buttonFeedback.stage('s', builderOf(rows), undefined, swap)).toEqual({
      staged: 3,
      removed: 0,
      inserted: 0,
    });
    expect(store.buttonFeedback.total()).toBe(3);
    expect({ hourly: rollupRows(), daily: dailyRows() }).toEqual(before);
    expect(rollupRows()).toEqual(recount());
  });

  it('a scoped swap leaves other subtrees alone', () => {
    store.tree.replace([
      { experiencePointId: 1, name: 'root', parent: null, type: 'GROUP' },
      { experiencePointId: 2, name: 'a', parent: 1, type: 'GROUP' },
      { experiencePointId: 11, name: 'shop', parent: 2, type: 'EXPERIENCE_POINT' },
      { experiencePointId: 12, name: 'other', parent: 1, type: 'EXPERIENCE_POINT' },
    ]);
    const mine = feedback({ experiencePointId: 11 });
    const theirs = feedback({ experiencePointId: 12 });
    store.buttonFeedback.writePage([mine, theirs]);
    const swap = { stream: 's@2', fromMs: day('2024-05-01'), toMs: day('2024-05-02'), scope: 2 };
    expect(store.buttonFeedback.stage('s@2', builderOf([]), undefined, swap)).toEqual({
      staged: 0,
      removed: 1,
      inserted: 0,
    });
    expect(store.buttonFeedback.total()).toBe(1);
    expect(rollupRows()).toEqual(recount());
  });
});
