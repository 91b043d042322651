// The alerts domain of the contract: alerts with their acknowledgement and comments, and alerts per day (to overlay
// on a trend); with their argument checks.
import * as v from 'valibot';
import type { ArgParsers } from './parse.ts';
import {
  bool,
  cursor,
  fromBeforeTo,
  ids,
  localDate,
  objectOf,
  oneOf,
  optionalArgs,
  parserOf,
  whole,
} from './schema.ts';

const alertTypesMessage = 'filter.types must be a list of alert types';
const alertFilterFields = objectOf('filter', {
  experiencePointIds: ids('filter.experiencePointIds'),
  surveyIds: ids('filter.surveyIds'),
  from: localDate('filter.from'),
  to: localDate('filter.to'),
  /** `open`: not ended yet; `closed`: ended. Absent: both. */
  state: oneOf(['open', 'closed'], 'filter.state'),
  /** Only acknowledged (true) or only unacknowledged (false) alerts. */
  acknowledged: bool('filter.acknowledged'),
  /** Only these alert types (`alertSpecificationType` as sent, e.g. `THRESHOLD`). */
  types: v.optional(
    v.pipe(
      v.array(v.pipe(v.string(alertTypesMessage), v.maxLength(100, alertTypesMessage)), alertTypesMessage),
      v.maxLength(50, alertTypesMessage),
    ),
  ),
});
/** Which alerts: subtrees, surveys, and the local date they began on (`from` inclusive, `to` exclusive). */
export const alertFilterSchema = v.pipe(
  alertFilterFields,
  fromBeforeTo<v.InferOutput<typeof alertFilterFields>>('filter.'),
);
export type AlertFilter = v.InferOutput<typeof alertFilterSchema>;

export interface AlertUser {
  userId: number;
  /** First and last name, or the e-mail address when the user list has no name; null when the user is not synced. Untrusted. */
  name: string | null;
}

export interface AlertCommentItem {
  alertCommentId: number;
  /** Null when the service named no user (an account without users, a user deleted since). */
  user: AlertUser | null;
  /** As sent (UTC). */
  time: string;
  /** Untrusted: render as text. */
  comment: string;
}

export interface AlertItem {
  alertId: number;
  alertSpecificationId: number;
  type: string;
  experiencePointId: number;
  experiencePointName: string | null;
  surveyId: number;
  /** Local time with offset, as sent; `endTime` null while the alert is open. */
  beginTime: string;
  endTime: string | null;
  /** The alert's parameters as sent (`key=v1,v2 key2=v3`), split into keys and values, in order (untrusted). */
  parameters: { key: string; values: string[] }[];
  acknowledged: boolean;
  acknowledgedBy: AlertUser | null;
  acknowledgedTime: string | null;
  /** Oldest first. */
  comments: AlertCommentItem[];
}

const alertListArgs = optionalArgs({
  filter: v.optional(alertFilterSchema),
  cursor: cursor(),
  /** Page size, default 50, at most 500. Newest first. */
  limit: whole('limit', 1, 500),
});
export type AlertListArgs = v.InferOutput<typeof alertListArgs>;

const alertPerDayArgs = optionalArgs({ filter: v.optional(alertFilterSchema) });

export interface AlertPage {
  alerts: AlertItem[];
  total: number;
  nextCursor: string | null;
}

export interface AlertDay {
  /** Local date the alerts began on, yyyy-MM-dd. */
  day: string;
  count: number;
  acknowledged: number;
  /** Still open now. */
  open: number;
}

export interface AlertCommands {
  'alerts:list': { args: AlertListArgs; result: AlertPage };
  /** Days with at least one alert, in order. */
  'alerts:perDay': { args: v.InferOutput<typeof alertPerDayArgs>; result: AlertDay[] };
}

export const alertArgs: ArgParsers<AlertCommands> = {
  'alerts:list': parserOf(alertListArgs),
  'alerts:perDay': parserOf(alertPerDayArgs),
};
