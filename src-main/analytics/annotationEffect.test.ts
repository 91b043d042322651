// A note's before/after estimate on a hand-made store, worked out by hand: the weeks before are reweighted to the
// weekday × hour mix after, so a press at an hour that only the after side has does not count.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ButtonFeedbackV2 } from '../core/records/v2Feedback.ts';
import { openStore, type Store } from '../store/db.ts';
import { annotationEffect } from './annotationEffect.ts';

let dir: string;
let store: Store;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fd-effect-'));
  store = openStore(join(dir, 'store.sqlite'));
  store.tree.replace([
    { experiencePointId: 1, name: 'Company', parent: null, type: 'GROUP' },
    { experiencePointId: 2, name: 'Shop', parent: 1, type: 'EXPERIENCE_POINT' },
  ]);
  store.v2Resources.structure.replaceSurveys(
    [
      {
        surveyId: 100,
        questionId: 100,
        defaultLocale: 'en_US',
        questionTextInDefaultLocale: 'How was it?',
        surveyType: 'CUSTOMER',
        feedbackScale: 'four',
        indexType: 'HAPPY',
        state: 'active',
      },
    ],
    new Map(),
  );
  let n = 0;
  const press = (localTime: string, buttonIndex: number): ButtonFeedbackV2 => ({
    feedbackId: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
    smileyId: 1,
    localTime,
    surveyId: 100,
    experiencePointId: 2,
    buttonIndex,
    misuse: false,
    smileyType: 'SMILEY_TERMINAL',
    position: 0,
    ui: 'physical',
  });
  // The note is on Monday 2026-10-05. Before (09-07 … 10-04): Monday 09:00 b3 and b1, Saturday 14:00 b0 twice.
  // After (10-05 … 11-01): Monday 09:00 b2 three times, Saturday 14:00 b1, Sunday 10:00 b3 (no Sunday before).
  store.buttonFeedback.writePage([
    press('2026-09-28T09:10:00.000+02:00', 3),
    press('2026-09-28T09:20:00.000+02:00', 1),
    press('2026-10-03T14:10:00.000+02:00', 0),
    press('2026-10-03T14:20:00.000+02:00', 0),
    press('2026-10-05T09:10:00.000+02:00', 2),
    press('2026-10-12T09:10:00.000+02:00', 2),
    press('2026-10-19T09:10:00.000+02:00', 2),
    press('2026-10-10T14:10:00.000+02:00', 1),
    press('2026-10-11T10:10:00.000+02:00', 3),
  ]);
});
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('annotationEffect', () => {
  it('reweights the weeks before to the hours after (by hand)', () => {
    const e = annotationEffect(store.db, {
      experiencePointId: 1,
      from: '2026-10-05',
      to: '2026-10-05',
      scale: 'four',
    });
    // Matched cells: Monday 9h (3 presses after) and Saturday 14h (1 after): weights 3/4 and 1/4; Sunday is left out.
    // Before: Monday 9h HI = 100·(3+1)/(3·2) = 66.667, Saturday 14h HI = 0 → 0.75·66.667 + 0.25·0 = 50.
    // After: Monday 9h HI = 100·2/3 = 66.667, Saturday 14h HI = 33.333 → 0.75·66.667 + 0.25·33.333 = 58.333.
    // SE: only Monday 9h before varies: mean 2, population variance 1, SE of the mean √(1/2), HI SE 33.33·0.7071 =
    // 23.570; Var(change) = 0.75²·23.570² = 312.5, SE 17.678, interval 8.333 ± 1.96·17.678 = 8.333 ± 34.649.
    expect(e.before).toEqual({ from: '2026-09-07', to: '2026-10-05' });
    expect(e.after).toEqual({ from: '2026-10-05', to: '2026-11-02' });
    expect(e.matchedCells).toBe(2);
    expect([e.pressesBefore, e.pressesAfter]).toEqual([4, 5]);
    expect(e.beforeScore?.value).toBeCloseTo(50, 9);
    expect(e.afterScore?.value).toBeCloseTo(58.3333333, 6);
    expect(e.change?.value).toBeCloseTo(8.3333333, 6);
    expect(e.change?.se).toBeCloseTo(Math.sqrt(312.5), 9);
    expect(e.change?.low).toBeCloseTo(8.3333333 - 1.96 * Math.sqrt(312.5), 6);
    expect(e.change?.high).toBeCloseTo(8.3333333 + 1.96 * Math.sqrt(312.5), 6);
  });

  it('reads a range as the days it covers, and says when no hour has presses on both sides', () => {
    const e = annotationEffect(store.db, {
      experiencePointId: 2,
      from: '2026-10-11',
      to: '2026-10-11',
      scale: 'four',
      windowDays: 1,
    });
    // Before: Saturday 10-10 14h b1; after: Sunday 10-11 10h b3: no weekday × hour in common.
    expect([e.matchedCells, e.change]).toEqual([0, null]);
    const range = annotationEffect(store.db, {
      experiencePointId: 2,
      from: '2026-10-05',
      to: '2026-10-11',
      scale: 'four',
    });
    expect(range.after).toEqual({ from: '2026-10-05', to: '2026-10-12' });
    expect(range.pressesAfter).toBe(3); // 10-05 b2, 10-10 b1, 10-11 b3
  });
});
