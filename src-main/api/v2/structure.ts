// v2 definitions: surveys and their experience points, questions, follow-up questions and options, all localisations.
import { ApiError } from '../errors.ts';
import { asArray, asObject, invalid, optString, reqBool, reqInt, reqString } from '../validate.ts';
import type { Where } from '../validate.ts';
import type { V2Client } from './client.ts';
import type { ListResource } from './list.ts';
import type {
  SurveyV2,
  QuestionV2,
  QuestionLocalizationV2,
  FollowupQuestionV2,
  FollowupQuestionLocalizationV2,
  FollowupOptionV2,
  FollowupOptionLocalizationV2,
} from '../../core/records/v2Structure.ts';
export type {
  SurveyV2,
  QuestionV2,
  QuestionLocalizationV2,
  FollowupQuestionV2,
  FollowupQuestionLocalizationV2,
  FollowupOptionV2,
  FollowupOptionLocalizationV2,
} from '../../core/records/v2Structure.ts';

// Value-set fields (surveyType, feedbackScale, …) are read as strings: a value the documents do not list yet is
// kept, not refused. Which fields are required: the keys and what gives the record its meaning.

export function parseSurvey(value: unknown, where: Where): SurveyV2 {
  const o = asObject(value, where);
  return {
    surveyId: reqInt(o, 'surveyId', where),
    questionId: reqInt(o, 'questionId', where),
    defaultLocale: reqString(o, 'defaultLocale', where),
    questionTextInDefaultLocale: optString(o, 'questionTextInDefaultLocale', where),
    surveyType: reqString(o, 'surveyType', where),
    feedbackScale: reqString(o, 'feedbackScale', where),
    indexType: reqString(o, 'indexType', where),
    state: reqString(o, 'state', where),
  };
}

export function parseQuestion(value: unknown, where: Where): QuestionV2 {
  const o = asObject(value, where);
  return {
    questionId: reqInt(o, 'questionId', where),
    defaultLocale: reqString(o, 'defaultLocale', where),
    questionTextInDefaultLocale: reqString(o, 'questionTextInDefaultLocale', where),
  };
}

/** The three localisation lists share one shape: an id field, `locale` and `text`. */
function localization<K extends string>(
  idField: K,
): (value: unknown, where: Where) => Record<K, number> & { locale: string; text: string } {
  return (value, where) => {
    const o = asObject(value, where);
    const id = { [idField]: reqInt(o, idField, where) } as Record<K, number>;
    return { ...id, locale: reqString(o, 'locale', where), text: reqString(o, 'text', where) };
  };
}

export const parseQuestionLocalization: (v: unknown, w: Where) => QuestionLocalizationV2 =
  localization('questionId');
export const parseFollowupQuestionLocalization: (v: unknown, w: Where) => FollowupQuestionLocalizationV2 =
  localization('followupQuestionId');
export const parseFollowupOptionLocalization: (v: unknown, w: Where) => FollowupOptionLocalizationV2 =
  localization('followupOptionId');

export function parseFollowupQuestion(value: unknown, where: Where): FollowupQuestionV2 {
  const o = asObject(value, where);
  return {
    followupQuestionId: reqInt(o, 'followupQuestionId', where),
    surveyId: reqInt(o, 'surveyId', where),
    positive: reqBool(o, 'positive', where),
    questionTextInDefaultLocale: reqString(o, 'questionTextInDefaultLocale', where),
  };
}

export function parseFollowupOption(value: unknown, where: Where): FollowupOptionV2 {
  const o = asObject(value, where);
  return {
    followupOptionId: reqInt(o, 'followupOptionId', where),
    followupQuestionId: reqInt(o, 'followupQuestionId', where),
    optionTextInDefaultLocale: reqString(o, 'optionTextInDefaultLocale', where),
  };
}

export const surveysResource: ListResource<SurveyV2> = { endpoint: 'surveys.json', parse: parseSurvey };
export const questionsResource: ListResource<QuestionV2> = {
  endpoint: 'questions.json',
  parse: parseQuestion,
};
export const questionLocalizationsResource: ListResource<QuestionLocalizationV2> = {
  endpoint: 'question-localizations.json',
  parse: parseQuestionLocalization,
};
export const followupQuestionsResource: ListResource<FollowupQuestionV2> = {
  endpoint: 'follow-up-questions.json',
  parse: parseFollowupQuestion,
};
export const followupQuestionLocalizationsResource: ListResource<FollowupQuestionLocalizationV2> = {
  endpoint: 'follow-up-question-localizations.json',
  parse: parseFollowupQuestionLocalization,
};
export const followupOptionsResource: ListResource<FollowupOptionV2> = {
  endpoint: 'follow-up-options.json',
  parse: parseFollowupOption,
};
export const followupOptionLocalizationsResource: ListResource<FollowupOptionLocalizationV2> = {
  endpoint: 'follow-up-option-localizations.json',
  parse: parseFollowupOptionLocalization,
};

/**
 * `surveys/{id}/experience-points`: the ids of the token's experience points running the survey. The service
 * answers 404 when none overlaps (or the survey is unknown); that is returned as an empty list, not an error.
 */
export async function fetchSurveyExperiencePoints(
  client: V2Client,
  surveyId: number,
  signal?: AbortSignal,
): Promise<number[]> {
  const endpoint = `surveys/${surveyId}/experience-points`;
  try {
    const response = await client.get(endpoint, {}, signal ? { signal } : {});
    const raw = asArray(response.body, { endpoint });
    return raw.map((v, index) => {
      if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
      throw invalid({ endpoint, index }, `expected an experience point id (an integer), got ${typeof v}`);
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}
