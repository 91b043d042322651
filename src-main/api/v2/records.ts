// v2 record types and their boundary parsers (api-v2.md §2, DECISIONS.md value sets).
import { asObject, optInt, optString, reqInt, reqOneOf, reqString } from '../validate.ts';
import type { Where } from '../validate.ts';
import { parseFeedbackCommon } from './feedbackLists.ts';
import type { FeedbackCommonV2 } from './feedbackLists.ts';

export type TreeItemTypeV2 = 'GROUP' | 'EXPERIENCE_POINT';

export interface TreeItemV2 {
  experiencePointId: number;
  name: string;
  /** Absent (null) on the root of the authorised tree. */
  parent: number | null;
  type: TreeItemTypeV2;
}

export interface ButtonFeedbackV2 extends FeedbackCommonV2 {
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
  return {
    ...parseFeedbackCommon(o, where),
    smileyType: reqString(o, 'smileyType', where),
    position: optInt(o, 'position', where),
    ui: optString(o, 'ui', where),
  };
}
