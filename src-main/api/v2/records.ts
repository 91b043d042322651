// v2 record types and their boundary parsers (api-v2.md §2, DECISIONS.md value sets).
import { asObject, optInt, optString, reqInt, reqOneOf, reqString } from '../validate.ts';
import type { Where } from '../validate.ts';
import { parseFeedbackCommon } from './feedbackCommon.ts';
import type { ButtonFeedbackV2 } from '../../core/records/v2Feedback.ts';
import type { TreeItemV2 } from '../../core/records/v2Structure.ts';
export type { TreeItemTypeV2, TreeItemV2 } from '../../core/records/v2Structure.ts';
export type { ButtonFeedbackV2 } from '../../core/records/v2Feedback.ts';

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
  return {
    ...parseFeedbackCommon(o, where),
    smileyType: reqString(o, 'smileyType', where),
    position: optInt(o, 'position', where),
    ui: optString(o, 'ui', where),
  };
}
