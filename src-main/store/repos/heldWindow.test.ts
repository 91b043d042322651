// A re-fetched window held in memory and compared per point and day: it ends exactly as the staged route ends (the
// second route: every row staged, then swapped), writes nothing but its checkpoint when nothing changed, and keeps its
// checkpoints back until its swap (or until it spills to the stage).
import { afterEach, describe, expect, it } from 'vitest';
import type { ButtonFeedbackV2 } from '../../core/records/v2Feedback.ts';
import { openStore } from '../db.ts';
import type { Store } from '../db.ts';
import { createButtonFeedbackRepo } from './buttonFeedbackRepo.ts';
import type { SwapSpec } from './buttonFeedbackRepo.ts';
import { createBatchBuilder } from './batchGathering.ts';
import type { FeedbackBatch } from './feedbackBatch.ts';

const stores: Store[] = [];
afterEach(() => stores.splice(0).forEach((s) => s.close()));
const newStore = (): Store => {
  const s = openStore(':memory:');
  stores.push(s);
  return s;
};

const batchOf = (items: ButtonFeedbackV2[]): FeedbackBatch => {
  const b = createBatchBuilder();
  b.add(items);
  return b.build();
};
const day = (d: string): number => Date.parse(`${d}T00:00:00Z`);
const spec = (scope: number | null = null): SwapSpec => ({
  stream: 's',
  fromMs: day('2024-05-02'),
  toMs: day('2024-05-05'),
  scope,
});

function press(id: number, over: Partial<ButtonFeedbackV2> = {}): ButtonFeedbackV2 {
  return {
    feedbackId: id % 7 === 0 ? `legacy-${id}` : `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    smileyId: 7,
    localTime: '2024-05-03T10:15:00.000+02:00',
    surveyId: 3,
    experiencePointId: 11,
    buttonIndex: 2,
    misuse: false,
    smileyType: 'SMILEY_TERMINAL',
    position: id % 5 === 0 ? null : 1,
    ui: id % 3 === 0 ? null : 'physical',
    ...over,
  };
}

/** Everything a reader sees: the facts, every rollup, the stage and the checkpoint. */
function snapshot(s: Store): Record<string, unknown[]> {
  const all = (sql: string): unknown[] => s.db.prepare(sql).all();
  return {
    facts: all('SELECT * FROM v2_button_feedback ORDER BY experience_point_id, local_time, feedback_id'),
    hourly: all('SELECT * FROM v2_node_rollup_hourly ORDER BY 1, 2, 3, 4'),
    daily: all('SELECT * FROM v2_button_rollup_daily ORDER BY 1, 2, 3, 4'),
    nodes: all('SELECT * FROM v2_node_rollup_daily ORDER BY 1, 2, 3, 4'),
    stage: all('SELECT * FROM v2_button_feedback_stage'),
    checkpoint: [s.checkpoints.get('s')],
  };
}

/** The daily rollup by plain GROUP BY over the facts (wall-clock ms, so days of 23 and 25 hours are whole days). */
const recountDaily = (s: Store): unknown[] =>
  s.db
    .prepare(
      `SELECT experience_point_id, local_time / 86400000 AS local_day, survey_id, misuse,
        ${Array.from({ length: 11 }, (_, i) => `sum(button_index = ${i}) AS n${i}`).join(', ')}
       FROM v2_button_feedback GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
    )
    .all();

/** Deterministic pseudo-random stored rows and the service's version of them: some gone, changed or late. */
function scenario(seed: number): { stored: ButtonFeedbackV2[]; service: ButtonFeedbackV2[] } {
  let s = seed;
  const r = (k: number): number => ((s = (s * 48271) % 2147483647), s % k);
  const at = (): string =>
    `2024-05-0${1 + r(5)}T${String(r(24)).padStart(2, '0')}:${String(r(60)).padStart(2, '0')}:00.000+02:00`;
  const stored = Array.from({ length: 60 }, (_, i) =>
    press(i + 1, { experiencePointId: 10 + r(4), localTime: at(), buttonIndex: r(4), misuse: r(9) === 0 }),
  );
  const service: ButtonFeedbackV2[] = [];
  for (const p of stored) {
    const fate = p.experiencePointId === 13 ? 99 : r(12); // point 13 stays as stored: its rows are not swapped

    if (fate === 0) continue; // deleted at the service
    if (fate === 1)
      service.push({ ...p, misuse: !p.misuse }); // a late misuse decision
    else if (fate === 2) service.push({ ...p, ui: p.ui === null ? 'link' : null });
    else service.push(p);
  }
  for (let i = 0; i < 6; i++)
    service.push(
      press(500 + i, { experiencePointId: [10, 11, 12, 14][r(4)], localTime: at(), buttonIndex: r(4) }),
    );
  return { stored, service };
}

describe('a held window', () => {
  it('ends as the staged route ends, for deletions, changes, late rows and rows outside the window', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const { stored, service } = scenario(seed);
      const inWindow = service.filter((f) => f.localTime >= '2024-05-02' && f.localTime < '2024-05-05');
      const [held, staged] = [newStore(), newStore()];
      for (const s of [held, staged]) s.buttonFeedback.writePage(stored);
      // The service's answer for the window in three batches, with a row sent twice and one just past the window.
      const late = press(900, { localTime: '2024-05-05T00:30:00.000+02:00' });
      const pages = [
        inWindow.slice(0, 20),
        inWindow.slice(20, 40),
        [...inWindow.slice(40), inWindow[3]!, late],
      ];
      const results = [held, staged].map((s, k) =>
        pages.map((p, i) =>
          s.buttonFeedback.stage(
            's',
            batchOf(p),
            { stream: 's', cursor: { page: i } },
            i === 2 ? spec() : undefined,
            i === 0 && k === 0 ? spec() : undefined,
          ),
        ),
      );
      const changed = results.map((r) => ({ removed: r.at(-1)?.removed, inserted: r.at(-1)?.inserted }));
      expect(changed[0]).toEqual(changed[1]);
      expect(snapshot(held)).toEqual(snapshot(staged));
      expect(recountDaily(held)).toEqual(snapshot(held).daily);
    }
  });

  it('re-fetched with nothing new, writes its checkpoint and nothing else', () => {
    const { stored } = scenario(5);
    const s = newStore();
    s.buttonFeedback.writePage(stored);
    const inWindow = stored.filter((f) => f.localTime >= '2024-05-02' && f.localTime < '2024-05-05');
    const before = snapshot(s);
    const changes = (): number => Number(s.db.prepare('SELECT total_changes()').pluck().get());
    // The second route to "nothing but the checkpoint": the changes one bare checkpoint write makes.
    const c0 = changes();
    s.checkpoints.set('other', { at: 0 });
    const oneCheckpoint = changes() - c0;
    const c1 = changes();
    const r = s.buttonFeedback.stage(
      's',
      batchOf(inWindow),
      { stream: 's', cursor: { done: 1 } },
      spec(),
      spec(),
    );
    expect(changes() - c1).toBe(oneCheckpoint);
    expect(r).toEqual({ staged: inWindow.length, removed: 0, inserted: 0 });
    expect({ ...snapshot(s), checkpoint: [] }).toEqual({ ...before, checkpoint: [] });
    expect(s.checkpoints.get('s')).toEqual({ done: 1 });
  });

  it('notices a change in any one column of one row', () => {
    const rows = [1, 2, 3, 4, 7].map((i) => press(i, { localTime: `2024-05-03T1${i}:00:00.000+02:00` }));
    const changes: [string, Partial<ButtonFeedbackV2>][] = [
      ['misuse', { misuse: true }],
      ['button', { buttonIndex: 3 }],
      ['survey', { surveyId: 4 }],
      ['device', { smileyId: 8 }],
      ['position', { position: 2 }],
      ['position absent', { position: null }],
      ['ui', { ui: 'link' }],
      ['ui absent', { ui: null }],
      ['offset', { localTime: '2024-05-03T11:00:00.000+01:00' }],
      ['time', { localTime: '2024-05-03T11:00:00.001+02:00' }],
      ['id', { feedbackId: '00000000-0000-4000-8000-000000000099' }],
    ];
    for (const [what, change] of changes) {
      const s = newStore();
      s.buttonFeedback.writePage(rows);
      const service = rows.map((r, i) => (i === 0 ? { ...r, ...change } : r));
      const r = s.buttonFeedback.stage('s', batchOf(service), { stream: 's', cursor: {} }, spec(), spec());
      // By hand: the first row is replaced by its changed version, whatever the column.
      expect({ what, ...r }).toEqual({ what, staged: 5, removed: 1, inserted: 1 });
    }
  });

  it('keeps its checkpoints back until the swap, so a stop fetches the window again', () => {
    const s = newStore();
    s.checkpoints.set('s', { before: true });
    s.buttonFeedback.stage('s', batchOf([press(1)]), { stream: 's', cursor: { page: 0 } }, undefined, spec());
    s.buttonFeedback.stage('s', batchOf([press(2)]), { stream: 's', cursor: { page: 1 } });
    expect(s.checkpoints.get('s')).toEqual({ before: true });
    expect(s.buttonFeedback.total()).toBe(0);
    // A new start of the window (the next run) forgets what the stopped one held.
    s.buttonFeedback.stage('s', batchOf([press(3)]), { stream: 's', cursor: { page: 0 } }, spec(), spec());
    expect(s.db.prepare('SELECT count(*) FROM v2_button_feedback').pluck().get()).toBe(1);
    expect(s.checkpoints.get('s')).toEqual({ page: 0 });
  });

  it('spills to the stage when it outgrows its limit, with the checkpoint of what it wrote, and ends the same', () => {
    const { stored, service } = scenario(9);
    const inWindow = service.filter((f) => f.localTime >= '2024-05-02' && f.localTime < '2024-05-05');
    const small = newStore();
    const repo = createButtonFeedbackRepo(small.db, small.checkpoints, { heldRows: 12 });
    const staged = newStore();
    for (const s of [small, staged]) s.buttonFeedback.writePage(stored);
    const third = Math.ceil(inWindow.length / 3);
    const pages = [inWindow.slice(0, third), inWindow.slice(third, 2 * third), inWindow.slice(2 * third)];
    expect(third).toBeGreaterThan(6); // so that the first page is held and the second spills
    repo.stage('s', batchOf(pages[0]!), { stream: 's', cursor: { page: 0 } }, undefined, spec());
    expect(small.checkpoints.get('s')).toBeNull();
    repo.stage('s', batchOf(pages[1]!), { stream: 's', cursor: { page: 1 } }); // more than 12 rows: spilled
    expect(small.checkpoints.get('s')).toEqual({ page: 1 });
    expect(small.db.prepare('SELECT count(*) FROM v2_button_feedback_stage').pluck().get()).toBe(2 * third);
    repo.stage('s', batchOf(pages[2]!), { stream: 's', cursor: { page: 2 } }, spec());
    pages.forEach((p, i) =>
      staged.buttonFeedback.stage(
        's',
        batchOf(p),
        { stream: 's', cursor: { page: i } },
        i === 2 ? spec() : undefined,
      ),
    );
    expect(snapshot(small)).toEqual(snapshot(staged));
  });

  it('drops a stale stage of an abandoned window instead of swapping its rows in', () => {
    const s = newStore();
    s.buttonFeedback.stage('s', batchOf([press(1), press(2)]), { stream: 's', cursor: { old: true } });
    s.buttonFeedback.stage('s', batchOf([press(3)]), { stream: 's', cursor: { page: 0 } }, spec(), spec());
    const ids = s.db.prepare('SELECT hex(feedback_id) FROM v2_button_feedback').pluck().all();
    // By hand: only press 3 is the service's answer for the window; presses 1 and 2 were staged by a window given up.
    expect(ids).toEqual(['00000000000040008000000000000003']);
    expect(s.db.prepare('SELECT count(*) FROM v2_button_feedback_stage').pluck().get()).toBe(0);
  });

  it('in a scope, leaves the other subtrees alone', () => {
    const s = newStore();
    s.tree.replace([
      { experiencePointId: 1, name: 'root', parent: null, type: 'GROUP' },
      { experiencePointId: 2, name: 'a', parent: 1, type: 'GROUP' },
      { experiencePointId: 11, name: 'shop', parent: 2, type: 'EXPERIENCE_POINT' },
      { experiencePointId: 12, name: 'other', parent: 1, type: 'EXPERIENCE_POINT' },
    ]);
    s.buttonFeedback.writePage([press(1, { experiencePointId: 11 }), press(2, { experiencePointId: 12 })]);
    const r = s.buttonFeedback.stage('s', batchOf([]), { stream: 's', cursor: {} }, spec(2), spec(2));
    // By hand: the subtree of group 2 (point 11) lost its one press; point 12 is outside the scope.
    expect(r).toEqual({ staged: 0, removed: 1, inserted: 0 });
    expect(s.db.prepare('SELECT experience_point_id FROM v2_button_feedback').pluck().all()).toEqual([12]);
  });
});
