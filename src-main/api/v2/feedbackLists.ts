// The v2 feedback lists besides button feedbacks: follow-ups, texts, demographics, contact details, metadata.
import { parseLocalTimestamp } from '../localTime.ts';
import { asObject, invalid, optInt, optString, reqBool, reqInt, reqString } from '../validate.ts';
import type { Where } from '../validate.ts';
import { optNumber } from './fields.ts';
import type { ListResource, Query } from './list.ts';

/** The fields every feedback record carries (api-v2.md §2.1); `smileyType` lives with the device, not here. */
export interface FeedbackCommonV2 {
  feedbackId: string;
  smileyId: number;
  localTime: string;
  surveyId: number;
  experiencePointId: number;
  buttonIndex: number;
  misuse: boolean;
}

export interface FollowupFeedbackV2 extends FeedbackCommonV2 {
  position: number | null;
  ui: string | null;
  followupQuestionId: number;
  followupOptionId: number;
  followupOptionTextInDefaultLocale: string | null;
}

export interface TextFeedbackV2 extends FeedbackCommonV2 {
  /** Part of the record's key (a flow could ask for text at two steps), hence required. */
  position: number;
  ui: string | null;
  text: string;
  maskedText: string | null;
  rephrasedText: string | null;
  textInEnglish: string | null;
  spam: boolean;
  /** Comma-separated labels, as sent. */
  categories: string | null;
  themes: string | null;
}

export interface DemographicsV2 extends FeedbackCommonV2 {
  gender: string | null;
  age: number | null;
}

export interface ContactDetailsV2 extends FeedbackCommonV2 {
  position: number | null;
  name: string | null;
  email: string | null;
  /** Documented as a number; kept as its decimal text (an identifier, not a quantity). */
  phoneNumber: string | null;
}

export interface MetadataV2 extends FeedbackCommonV2 {
  key: string;
  value: string;
}

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
