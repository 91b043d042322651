// A button feedback for tests: a fresh id each, every field a test does not name at a plain default (survey 5, a
// terminal's physical button, no misuse).
import type { ButtonFeedbackV2 } from '../../core/records/v2Feedback.ts';

let made = 0;

export function testPress(
  fields: Pick<ButtonFeedbackV2, 'experiencePointId' | 'localTime' | 'buttonIndex'> &
    Partial<ButtonFeedbackV2>,
): ButtonFeedbackV2 {
  return {
    feedbackId: `00000000-0000-4000-8000-${String(++made).padStart(12, '0')}`,
    smileyId: 1,
    surveyId: 5,
    misuse: false,
    smileyType: 'SMILEY_TERMINAL',
    position: 1,
    ui: 'physical',
    ...fields,
  };
}
