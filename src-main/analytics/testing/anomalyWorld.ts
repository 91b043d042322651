// A hand-made world for the anomaly search: nine weeks from Monday 2024-01-01 of a busy point A (300 presses a day,
// 30 an hour 08–17, 10 % red), a small point B (20 a day, 1 red) and their group G; on 2024-02-28 (a Wednesday of
// the last week) A is 60 % red, and B's Wednesday of the third week is all red (an outlier its baseline must ignore).
import type { ButtonFeedbackV2 } from '../../core/records/v2Feedback.ts';
import type { Store } from '../../store/db.ts';

export const firstDay = '2024-01-01';
export const incidentDay = '2024-02-28';
/** B's outlier Wednesday: in the baseline of every Wednesday after it. */
export const outlierDay = '2024-01-17';
export const worldDays = 63;

const dayText = (i: number): string => new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10);

/** Fills `store` with the world (tree, one four-face survey, the presses). */
export function fillAnomalyWorld(store: Store): void {
  store.tree.replace([
    { experiencePointId: 1, name: 'Company', parent: null, type: 'GROUP' },
    { experiencePointId: 2, name: '=G|x', parent: 1, type: 'GROUP' },
    { experiencePointId: 21, name: 'A', parent: 2, type: 'EXPERIENCE_POINT' },
    { experiencePointId: 22, name: 'B', parent: 2, type: 'EXPERIENCE_POINT' },
  ]);
  store.v2Resources.structure.replaceSurveys(
    [
      {
        surveyId: 100,
        questionId: 1,
        defaultLocale: 'en',
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
  const press = (
    point: number,
    day: string,
    hour: number,
    minute: number,
    button: number,
  ): ButtonFeedbackV2 => ({
    feedbackId: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
    smileyId: 1,
    localTime: `${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00.000+01:00`,
    surveyId: 100,
    experiencePointId: point,
    buttonIndex: button,
    misuse: false,
    smileyType: 'SMILEY_TERMINAL',
    position: 0,
    ui: 'physical',
  });
  for (let i = 0; i < worldDays; i++) {
    const day = dayText(i);
    const page: ButtonFeedbackV2[] = [];
    // A: hour 8 + ⌊k/30⌋, so each hour holds 30 presses with 3 red (18 on the incident day).
    const redOfThirty = day === incidentDay ? 18 : 3;
    for (let k = 0; k < 300; k++)
      page.push(press(21, day, 8 + Math.floor(k / 30), k % 30, k % 30 < redOfThirty ? 0 : 3));
    for (let k = 0; k < 20; k++) page.push(press(22, day, 12, k, day === outlierDay || k === 0 ? 1 : 2));
    store.buttonFeedback.writePage(page);
  }
  // Follow-ups of the incident day on A: after a red answer, 'Long queue' 12 times and '<b>Dirty</b>' 3 times.
  store.v2Resources.structure.replace('followupQuestions', [
    {
      followupQuestionId: 501,
      surveyId: 100,
      positive: false,
      questionTextInDefaultLocale: 'What went wrong?',
    },
  ]);
  const answer = (i: number, option: number, text: string) => ({
    feedbackId: `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`,
    smileyId: 1,
    localTime: `${incidentDay}T10:${String(i % 60).padStart(2, '0')}:30.000+01:00`,
    surveyId: 100,
    experiencePointId: 21,
    buttonIndex: 0,
    misuse: false,
    position: 1,
    ui: 'physical',
    followupQuestionId: 501,
    followupOptionId: option,
    followupOptionTextInDefaultLocale: text,
  });
  store.v2Resources.feedbackLists.writePage('followup', [
    ...Array.from({ length: 12 }, (_, i) => answer(i + 1, 5011, 'Long queue')),
    ...Array.from({ length: 3 }, (_, i) => answer(i + 13, 5012, '<b>Dirty</b>')),
  ]);
}
