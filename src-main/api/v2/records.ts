// v2 record types and their boundary parsers (api-v2.md §2, DECISIONS.md value sets).
import { parseLocalTimestamp } from '../localTime.ts';
import { asObject, invalid, optInt, optString, reqBool, reqInt, reqOneOf, reqString } from '../validate.ts';
import type { Where } from '../validate.ts';

export type TreeItemTypeV2 = 'GROUP' | 'EXPERIENCE_POINT';

export interface TreeItemV2 {
  experiencePointId: number;
  name: string;
  /** Absent (null) on the root of the authorised tree. */
  parent: number | null;
  type: TreeItemTypeV2;
}

export interface ButtonFeedbackV2 {
  feedbackId: string;
  smileyId: number;
  localTime: string;
  surveyId: number;
  experiencePointId: number;
  buttonIndex: number;
  misuse: boolean;
  smileyType: string;
  /** Documented for button feedbacks but not used by analytics: tolerated when absent. */
  position: number | null;
  ui: string | null;
}

export function parseTreeItem(value: unknown, where: Where): TreeItemV2 {
  const o = asObject(value, where);
  return {
    experiencePointId: reqInt(o, 'experiencePointId', where),
    name: reqString(o, 'name', where),
    parent: optInt(o, 'parent', where),
    type: reqOneOf(o, 'type', ['GROUP', 'EXPERIENCE_POINT'] as const, where),
  };
}

export function parseButtonFeedback(value: unknown, where: Where): ButtonFeedbackV2 {
  const o = asObject(value, where);
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
    smileyType: reqString(o, 'smileyType', where),
    position: optInt(o, 'position', where),
    ui: optString(o, 'ui', where),
  };
}
