// The fields every v2 feedback record carries, checked at the boundary (api-v2.md §2.1).
import { parseLocalTimestamp } from '../../core/localTime.ts';
import type { FeedbackCommonV2 } from '../../core/records/v2Feedback.ts';
import { invalid, reqBool, reqInt, reqString } from '../validate.ts';
import type { Where } from '../validate.ts';

export function parseFeedbackCommon(o: Record<string, unknown>, where: Where): FeedbackCommonV2 {
  const localTime = reqString(o, 'localTime', where);
  if (parseLocalTimestamp(localTime) === null)
    throw invalid(
      where,
      `field 'localTime' should be a timestamp like 2024-03-31T09:15:00.000+02:00 but is '${localTime.slice(0, 40)}'`,
    );
  const buttonIndex = reqInt(o, 'buttonIndex', where);
  if (buttonIndex < 0 || buttonIndex > 10)
    throw invalid(where, `field 'buttonIndex' should be 0..10 but is ${buttonIndex}`);
  return {
    feedbackId: reqString(o, 'feedbackId', where),
    smileyId: reqInt(o, 'smileyId', where),
    localTime,
    surveyId: reqInt(o, 'surveyId', where),
    experiencePointId: reqInt(o, 'experiencePointId', where),
    buttonIndex,
    misuse: reqBool(o, 'misuse', where),
  };
}
