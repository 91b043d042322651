// A hand-made world for alert replay tests: one negative specification over a pair's presses, with a misuse press
// and another survey's press that must not count, and three alerts "the service raised" (alertReplayService.test.ts
// gives the replay worked out by hand).
import type { ButtonFeedbackV2 } from '../../core/records/v2Feedback.ts';
import { openStore, type Store } from '../../store/db.ts';

let next = 0;

/** A press of point 10 at a local time of March 2024 (+01:00); survey 100 unless told. */
export function press(
  day: string,
  hhmm: string,
  button: number,
  o: { misuse?: boolean; survey?: number } = {},
): ButtonFeedbackV2 {
  return {
    feedbackId: `00000000-0000-4000-8000-${String(++next).padStart(12, '0')}`,
    smileyId: 1,
    localTime: `2024-03-${day}T${hhmm}:00.000+01:00`,
    surveyId: o.survey ?? 100,
    experiencePointId: 10,
    buttonIndex: button,
    misuse: o.misuse ?? false,
    smileyType: 'SMILEY_TERMINAL',
    position: 0,
    ui: 'physical',
  };
}

function alert(alertId: number, begin: string, end: string | null) {
  return {
    alertId,
    alertSpecificationId: 1,
    surveyId: 100,
    experiencePointId: 10,
    beginTime: begin,
    endTime: end,
    alertSpecificationType: 'negative',
    parameters: 'negative=true windowMin=60 threshold=60 countThreshold=3 responses=3 actual=66.7',
    acknowledged: false,
    acknowledgedByUserId: null,
    acknowledgedTime: null,
  };
}

/**
 * A store at `path` holding point 10 with survey 100 (four buttons), specification 1 (negative=true windowMin=60
 * threshold=60 countThreshold=3), specification 2 of an unknown type, twelve presses on Tuesday 2024-03-05 and the
 * service's alerts 501 (10:20), 502 (15:10) and 503 (2024-03-12 20:00).
 */
export function buildAlertReplayWorld(path: string): Store {
  const store = openStore(path);
  store.tree.replace([
    { experiencePointId: 1, name: 'Company', parent: null, type: 'GROUP' },
    { experiencePointId: 10, name: 'Shop <b>', parent: 1, type: 'EXPERIENCE_POINT' },
  ]);
  const survey = (surveyId: number) => ({
    surveyId,
    questionId: 1,
    defaultLocale: 'en',
    questionTextInDefaultLocale: 'How was it?',
    surveyType: 'CUSTOMER',
    feedbackScale: 'four',
    indexType: 'HAPPY',
    state: 'active',
  });
  store.v2Resources.structure.replaceSurveys([survey(100), survey(101)], new Map());
  store.v2Resources.structure.replace('alertSpecifications', [
    {
      alertSpecificationId: 1,
      surveyId: 100,
      experiencePointId: 10,
      alertSpecificationType: 'negative',
      parameters: 'negative=true windowMin=60 threshold=60 countThreshold=3',
    },
    {
      alertSpecificationId: 2,
      surveyId: 100,
      experiencePointId: 10,
      alertSpecificationType: 'THRESHOLD',
      parameters: '',
    },
  ]);
  // Tuesday 2024-03-05 (week of Monday 03-04). Replayed by hand: 10:20–13:00 (continued at 12:08) and 15:02–16:00.
  store.buttonFeedback.writePage([
    press('05', '10:00', 0),
    press('05', '10:05', 0, { survey: 101 }), // another survey: not this pair's
    press('05', '10:10', 3),
    press('05', '10:15', 0, { misuse: true }), // misuse: would make it begin 10:15
    press('05', '10:20', 0),
    press('05', '10:30', 1),
    press('05', '12:00', 0),
    press('05', '12:05', 0),
    press('05', '12:08', 1),
    press('05', '15:00', 0),
    press('05', '15:01', 0),
    press('05', '15:02', 0),
  ]);
  store.v2Resources.alerts.writeAlerts([
    alert(501, '2024-03-05T10:20:00.000+01:00', '2024-03-05T13:00:00.000+01:00'), // = the first replayed
    alert(502, '2024-03-05T15:10:00.000+01:00', '2024-03-05T16:00:00.000+01:00'), // 8 min after the second
    alert(503, '2024-03-12T20:00:00.000+01:00', '2024-03-12T21:00:00.000+01:00'), // nothing replayed near it
  ]);
  return store;
}
