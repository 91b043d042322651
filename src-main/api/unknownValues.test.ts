// The boundary keeps what is only unknown (a reference to nothing, a value not listed yet) and refuses wrong types.
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { parseSurvey } from './v1/records.ts';
import { at } from './v1/fields.ts';
import { parseAlertComment } from './v2/alerts.ts';
import { parseButtonFeedback } from './v2/records.ts';
import { parseSurvey as parseSurveyV2 } from './v2/structure.ts';

const comment = {
  alertCommentId: 7,
  alertId: 50_001,
  userId: 12,
  time: '2026-03-01T10:00:00.000+01:00',
  comment: 'ok',
};
const where = { endpoint: 'alert-comments.json', index: 0 };

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return (error as Error).message;
  }
  throw new Error('not refused');
}

describe('v2 alert comments', () => {
  it('keep a comment whose userId is null or absent, with the user unknown', () => {
    expect(parseAlertComment({ ...comment, userId: null }, where).userId).toBeNull();
    const { userId: _gone, ...absent } = comment;
    expect(parseAlertComment(absent, where)).toEqual({ ...comment, userId: null });
  });

  it('refuse a userId of the wrong type, naming the endpoint and the field', () => {
    expect(refusal(() => parseAlertComment({ ...comment, userId: 'twelve' }, where))).toContain(
      "alert-comments.json, item 0: field 'userId' should be an integer but is a string",
    );
  });
});

describe('values the documents do not list', () => {
  it('v2: a new scale, device type and ui are kept as sent', () => {
    const survey = parseSurveyV2(
      {
        surveyId: 1,
        questionId: 2,
        defaultLocale: 'en_US',
        surveyType: 'CUSTOMER',
        feedbackScale: 'stars7',
        indexType: 'HAPPY',
        state: 'active',
      },
      { endpoint: 'surveys.json', index: 0 },
    );
    expect(survey.feedbackScale).toBe('stars7');
    const press = parseButtonFeedback(
      {
        feedbackId: 'f',
        smileyId: 1,
        localTime: '2026-03-01T10:00:00.000+01:00',
        surveyId: 1,
        experiencePointId: 3,
        buttonIndex: 6,
        misuse: false,
        smileyType: 'SMILEY_KIOSK',
        ui: 'voice',
      },
      { endpoint: 'results/button-feedbacks.json', index: 0 },
    );
    expect([press.smileyType, press.ui, press.position]).toEqual(['SMILEY_KIOSK', 'voice', null]);
  });

  const v1Survey = {
    key: 80_001,
    question: { key: 300, name: 'Q', locale: 'en-US' },
    timeZone: 'Europe/Berlin',
    surveyType: 'KIOSK',
  };

  it('v1: a new survey type is kept as sent', () => {
    expect(parseSurvey(v1Survey, at('folders', 0)).surveyType).toBe('KIOSK');
  });

  it('v1: a survey type of the wrong type is refused, naming the field', () => {
    expect(refusal(() => parseSurvey({ ...v1Survey, surveyType: 3 }, at('folders', 0)))).toContain(
      "folders, item 0: field 'surveyType' should be a string but is an integer",
    );
  });
});
