// The v2 feedback lists besides button feedbacks: follow-ups, texts, demographics, contact details, metadata.
import { asObject, optInt, optString, reqBool, reqInt, reqString } from '../validate.ts';
import type { Where } from '../validate.ts';
import { parseFeedbackCommon } from './feedbackCommon.ts';
import { optNumber } from './fields.ts';
import type { ListResource, Query } from './list.ts';
import type {
  FollowupFeedbackV2,
  TextFeedbackV2,
  DemographicsV2,
  ContactDetailsV2,
  MetadataV2,
} from '../../core/records/v2Feedback.ts';
export type {
  FeedbackCommonV2,
  FollowupFeedbackV2,
  TextFeedbackV2,
  DemographicsV2,
  ContactDetailsV2,
  MetadataV2,
} from '../../core/records/v2Feedback.ts';

export function parseFollowupFeedback(value: unknown, where: Where): FollowupFeedbackV2 {
  const o = asObject(value, where);
  return {
    ...parseFeedbackCommon(o, where),
    position: optInt(o, 'position', where),
    ui: optString(o, 'ui', where),
    followupQuestionId: reqInt(o, 'followupQuestionId', where),
    followupOptionId: reqInt(o, 'followupOptionId', where),
    followupOptionTextInDefaultLocale: optString(o, 'followupOptionTextInDefaultLocale', where),
  };
}

export function parseTextFeedback(value: unknown, where: Where): TextFeedbackV2 {
  const o = asObject(value, where);
  return {
    ...parseFeedbackCommon(o, where),
    position: reqInt(o, 'position', where),
    ui: optString(o, 'ui', where),
    text: reqString(o, 'text', where),
    maskedText: optString(o, 'maskedText', where),
    rephrasedText: optString(o, 'rephrasedText', where),
    textInEnglish: optString(o, 'textInEnglish', where),
    spam: reqBool(o, 'spam', where),
    categories: optString(o, 'categories', where),
    themes: optString(o, 'themes', where),
  };
}

export function parseDemographics(value: unknown, where: Where): DemographicsV2 {
  const o = asObject(value, where);
  return {
    ...parseFeedbackCommon(o, where),
    gender: optString(o, 'gender', where),
    age: optInt(o, 'age', where),
  };
}

export function parseContactDetails(value: unknown, where: Where): ContactDetailsV2 {
  const o = asObject(value, where);
  const phone = optNumber(o, 'phoneNumber', where);
  return {
    ...parseFeedbackCommon(o, where),
    position: optInt(o, 'position', where),
    name: optString(o, 'name', where),
    email: optString(o, 'email', where),
    phoneNumber: phone === null ? null : String(phone),
  };
}

export function parseMetadata(value: unknown, where: Where): MetadataV2 {
  const o = asObject(value, where);
  return {
    ...parseFeedbackCommon(o, where),
    key: reqString(o, 'key', where),
    value: reqString(o, 'value', where),
  };
}

export const followupFeedbacksResource: ListResource<FollowupFeedbackV2> = {
  endpoint: 'results/follow-up-feedbacks.json',
  parse: parseFollowupFeedback,
};
export const textFeedbacksResource: ListResource<TextFeedbackV2> = {
  endpoint: 'results/text-feedbacks.json',
  parse: parseTextFeedback,
};
export const demographicsResource: ListResource<DemographicsV2> = {
  endpoint: 'results/demographics.json',
  parse: parseDemographics,
};
export const contactDetailsResource: ListResource<ContactDetailsV2> = {
  endpoint: 'results/contact-details.json',
  parse: parseContactDetails,
};
export const metadataResource: ListResource<MetadataV2> = {
  endpoint: 'results/metadata.json',
  parse: parseMetadata,
};

export interface FeedbackListQuery {
  /** Local dates `yyyy-MM-dd`: start inclusive, end exclusive, at most a year apart. */
  startDate: string;
  endDate: string;
  includeMisuse: boolean;
  /** Text feedbacks only (sent only when given); the service's default is true. */
  includeSpam?: boolean;
  /** That node's subtree. */
  experiencePointId?: number;
  surveyId?: number;
}

/** The §4.2 parameters of a feedback list request, ordered by time (offset and limit are added per page). */
export function feedbackListQuery(q: FeedbackListQuery): Query {
  return {
    startDate: q.startDate,
    endDate: q.endDate,
    includeMisuse: q.includeMisuse,
    includeSpam: q.includeSpam,
    experiencePointId: q.experiencePointId,
    surveyId: q.surveyId,
    order: 'asc',
  };
}
