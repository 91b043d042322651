// v2 alert specifications, alerts and alert comments (the last two by local-date window, paged), and `parameters`.
import { asObject, optInt, reqBool, reqInt, reqString } from '../validate.ts';
import type { Where } from '../validate.ts';
import { optTimestamp, reqTimestamp } from './fields.ts';
import type { ListResource, Query } from './list.ts';
import type { AlertSpecificationV2, AlertV2, AlertCommentV2 } from '../../core/records/v2Structure.ts';
export type { AlertSpecificationV2, AlertV2, AlertCommentV2 } from '../../core/records/v2Structure.ts';

export function parseAlertSpecification(value: unknown, where: Where): AlertSpecificationV2 {
  const o = asObject(value, where);
  return {
    alertSpecificationId: reqInt(o, 'alertSpecificationId', where),
    surveyId: reqInt(o, 'surveyId', where),
    experiencePointId: reqInt(o, 'experiencePointId', where),
    alertSpecificationType: reqString(o, 'alertSpecificationType', where),
    parameters: reqString(o, 'parameters', where),
  };
}

export function parseAlert(value: unknown, where: Where): AlertV2 {
  const o = asObject(value, where);
  return {
    alertId: reqInt(o, 'alertId', where),
    alertSpecificationId: reqInt(o, 'alertSpecificationId', where),
    surveyId: reqInt(o, 'surveyId', where),
    experiencePointId: reqInt(o, 'experiencePointId', where),
    beginTime: reqTimestamp(o, 'beginTime', where),
    endTime: optTimestamp(o, 'endTime', where),
    alertSpecificationType: reqString(o, 'alertSpecificationType', where),
    parameters: reqString(o, 'parameters', where),
    acknowledged: reqBool(o, 'acknowledged', where),
    acknowledgedByUserId: optInt(o, 'acknowledgedByUserId', where),
    acknowledgedTime: optTimestamp(o, 'acknowledgedTime', where),
  };
}

export function parseAlertComment(value: unknown, where: Where): AlertCommentV2 {
  const o = asObject(value, where);
  return {
    alertCommentId: reqInt(o, 'alertCommentId', where),
    alertId: reqInt(o, 'alertId', where),
    userId: optInt(o, 'userId', where),
    time: reqTimestamp(o, 'time', where),
    comment: reqString(o, 'comment', where),
  };
}

export const alertSpecificationsResource: ListResource<AlertSpecificationV2> = {
  endpoint: 'alert-specifications.json',
  parse: parseAlertSpecification,
};
export const alertsResource: ListResource<AlertV2> = { endpoint: 'alerts.json', parse: parseAlert };
export const alertCommentsResource: ListResource<AlertCommentV2> = {
  endpoint: 'alert-comments.json',
  parse: parseAlertComment,
};

export interface AlertWindowQuery {
  /** Local dates `yyyy-MM-dd`: start inclusive, end exclusive, at most a year apart. */
  startDate: string;
  endDate: string;
  /** That node's subtree. */
  experiencePointId?: number;
  surveyId?: number;
}

/** The query of the alerts and alert-comments lists (alerts open at any time in the window; comments written in it). */
export function alertWindowQuery(q: AlertWindowQuery): Query {
  return {
    startDate: q.startDate,
    endDate: q.endDate,
    experiencePointId: q.experiencePointId,
    surveyId: q.surveyId,
  };
}

export { parseAlertParameters } from '../../core/alertParameters.ts';
