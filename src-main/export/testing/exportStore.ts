// A small store file for export tests: hostile names (formula starts, markup), two scales, a finished sync run.
import type { ButtonFeedbackV2 } from '../../core/records/v2Feedback.ts';
import type { SurveyV2 } from '../../core/records/v2Structure.ts';
import type { FollowupFeedbackV2 } from '../../core/records/v2Feedback.ts';
import { openStore, type Store } from '../../store/db.ts';

/** Names a spreadsheet or an SVG could mistake for code; every one must come back as the same text. */
export const hostile = {
  formula: '=HYPERLINK("https://example.invalid","Outlet")',
  plus: "+49 Müller's Späti",
  minus: '-30% Sale',
  at: '@home Store',
  markup: '<b>Harbour</b> & "Quay"',
  tab: '\tTabbed',
  question: '=1+2 How was <i>it</i>?',
};

export const syncFinishedAt = '2026-11-02T08:30:00.000Z';

/**
 * Tree: 1 Company (group) → 2 Deutschland (group) → 21 formula, 22 plus; 1 → 3 markup. Surveys: 100 four
 * (question `hostile.question`), 200 nps. Presses (misuse left out unless said), local dates in October 2026:
 *   21/100: 10-01 b3, 10-01 b3, 10-02 b0           22/100: 10-02 b2, 10-31 b1, 10-05 b1 (misuse)
 *   3/200:  10-03 b10, 10-03 b9, 10-04 b0          21/100 on 11-01 b3 (outside October)
 * Follow-ups of survey 100 (pain question 501, highlight question 502), one row per chosen option:
 *   10-02 b0 (21): pain 'Waiting time' and pain `hostile.minus`;  10-31 b1 (22): pain 'Waiting time';
 *   10-01 09:00 b3 (21): highlight 'Friendly staff'.
 */
export function writeExportStore(path: string): void {
  const store = openStore(path, { now: () => new Date(syncFinishedAt) });
  let n = 0;
  const press = (point: number, surveyId: number, localTime: string, buttonIndex: number, misuse = false) =>
    ({
      feedbackId: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
      smileyId: 1,
      localTime,
      surveyId,
      experiencePointId: point,
      buttonIndex,
      misuse,
      smileyType: 'SMILEY_TERMINAL',
      position: 0,
      ui: 'physical',
    }) satisfies ButtonFeedbackV2;
  const survey = (surveyId: number, feedbackScale: string, text: string): SurveyV2 => ({
    surveyId,
    questionId: surveyId,
    defaultLocale: 'en_US',
    questionTextInDefaultLocale: text,
    surveyType: 'CUSTOMER',
    feedbackScale,
    indexType: 'HAPPY',
    state: 'active',
  });
  try {
    store.tree.replace([
      { experiencePointId: 1, name: 'Company', parent: null, type: 'GROUP' },
      { experiencePointId: 2, name: 'Deutschland', parent: 1, type: 'GROUP' },
      { experiencePointId: 21, name: hostile.formula, parent: 2, type: 'EXPERIENCE_POINT' },
      { experiencePointId: 22, name: hostile.plus, parent: 2, type: 'EXPERIENCE_POINT' },
      { experiencePointId: 3, name: hostile.markup, parent: 1, type: 'EXPERIENCE_POINT' },
    ]);
    store.v2Resources.structure.replaceSurveys(
      [survey(100, 'four', hostile.question), survey(200, 'nps', 'Would you recommend us?')],
      new Map(),
    );
    store.buttonFeedback.writePage([
      press(21, 100, '2026-10-01T09:00:00.000+02:00', 3),
      press(21, 100, '2026-10-01T10:00:00.000+02:00', 3),
      press(21, 100, '2026-10-02T10:00:00.000+02:00', 0),
      press(22, 100, '2026-10-02T11:00:00.000+02:00', 2),
      press(22, 100, '2026-10-31T23:30:00.000+01:00', 1),
      press(22, 100, '2026-10-05T12:00:00.000+02:00', 1, true),
      press(3, 200, '2026-10-03T12:00:00.000-07:00', 10),
      press(3, 200, '2026-10-03T13:00:00.000-07:00', 9),
      press(3, 200, '2026-10-04T13:00:00.000-07:00', 0),
      press(21, 100, '2026-11-01T09:00:00.000+01:00', 3),
    ]);
    writeFollowups(store);
    const run = store.syncRuns.start('test', 'http://127.0.0.1:1');
    store.syncRuns.finish(run, { status: 'done', itemsReceived: 10, rowsInserted: 10, feedbackTotal: 10 });
  } finally {
    store.close();
  }
}

/** The follow-up answers of the notes above, written as a sync writes them (the rollups kept current with them). */
function writeFollowups(store: Store): void {
  const question = store.db.prepare(
    'INSERT INTO v2_followup_question (followup_question_id, survey_id, positive, question_text) VALUES (?, 100, ?, ?)',
  );
  question.run(501, 0, 'What went wrong?');
  question.run(502, 1, 'What went well?');
  const option = store.db.prepare(
    'INSERT INTO v2_followup_option (followup_option_id, followup_question_id, option_text) VALUES (?, ?, ?)',
  );
  const texts = new Map([
    [11, 'Waiting time'],
    [12, hostile.minus],
    [21, 'Friendly staff'],
  ]);
  for (const [id, text] of texts) option.run(id, id < 20 ? 501 : 502, text);
  const answer = (
    point: number,
    localTime: string,
    press: number,
    questionId: number,
    optionId: number,
    buttonIndex: number,
  ): FollowupFeedbackV2 => ({
    feedbackId: `00000000-0000-4000-8000-${String(press).padStart(12, '0')}`,
    smileyId: 1,
    localTime,
    surveyId: 100,
    experiencePointId: point,
    buttonIndex,
    misuse: false,
    position: 1,
    ui: 'physical',
    followupQuestionId: questionId,
    followupOptionId: optionId,
    followupOptionTextInDefaultLocale: texts.get(optionId) ?? null,
  });
  store.v2Resources.feedbackLists.writePage('followup', [
    answer(21, '2026-10-02T10:00:00.000+02:00', 3, 501, 11, 0),
    answer(21, '2026-10-02T10:00:00.000+02:00', 3, 501, 12, 0),
    answer(22, '2026-10-31T23:30:00.000+01:00', 5, 501, 11, 1),
    answer(21, '2026-10-01T09:00:00.000+02:00', 1, 502, 21, 3),
  ]);
}
