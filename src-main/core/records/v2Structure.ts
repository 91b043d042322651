// The v2 structure records (api-v2.md §2): the tree, surveys and questions, people and alerts; parsed in api/v2.

export type TreeItemTypeV2 = 'GROUP' | 'EXPERIENCE_POINT';

export interface TreeItemV2 {
  experiencePointId: number;
  name: string;
  /** Absent (null) on the root of the authorised tree. */
  parent: number | null;
  type: TreeItemTypeV2;
}

export interface SurveyV2 {
  surveyId: number;
  questionId: number;
  defaultLocale: string;
  questionTextInDefaultLocale: string | null;
  surveyType: string;
  /** four, five, five_reversed, nps (DECISIONS.md); decides how many buttons a press of it can have. */
  feedbackScale: string;
  indexType: string;
  state: string;
}

export interface QuestionV2 {
  questionId: number;
  defaultLocale: string;
  questionTextInDefaultLocale: string;
}

export interface QuestionLocalizationV2 {
  questionId: number;
  locale: string;
  text: string;
}

export interface FollowupQuestionV2 {
  followupQuestionId: number;
  surveyId: number;
  positive: boolean;
  questionTextInDefaultLocale: string;
}

export interface FollowupQuestionLocalizationV2 {
  followupQuestionId: number;
  locale: string;
  text: string;
}

export interface FollowupOptionV2 {
  followupOptionId: number;
  followupQuestionId: number;
  optionTextInDefaultLocale: string;
}

export interface FollowupOptionLocalizationV2 {
  followupOptionId: number;
  locale: string;
  text: string;
}

export interface UserV2 {
  userId: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  rootExperiencePointId: number | null;
  role: string;
  locale: string | null;
  loginAllowed: boolean;
  loginMethod: string | null;
  lastLogin: string | null;
  created: string | null;
}

/**
 * A device. The service also sends `token`, the device's own credential: it is deliberately not part of this type
 * and never read, so it cannot reach the store, a log or the renderer (CONTRIBUTING: secrets never reach SQLite).
 */
export interface SmileyV2 {
  smileyId: number;
  name: string;
  serialNumber: string | null;
  smileyType: string;
}

export interface CustomDataValueV2 {
  experiencePointId: number;
  label: string;
  value: string;
}

export interface CustomDataFieldV2 {
  id: string;
  label: string;
  type: string;
  options: string[];
}

export interface AlertSpecificationV2 {
  alertSpecificationId: number;
  surveyId: number;
  experiencePointId: number;
  alertSpecificationType: string;
  /** As sent: space-separated `key=value` pairs (see parseAlertParameters). */
  parameters: string;
}

export interface AlertV2 {
  alertId: number;
  alertSpecificationId: number;
  surveyId: number;
  experiencePointId: number;
  beginTime: string;
  /** Null while the alert is open. */
  endTime: string | null;
  alertSpecificationType: string;
  parameters: string;
  acknowledged: boolean;
  acknowledgedByUserId: number | null;
  acknowledgedTime: string | null;
}

export interface AlertCommentV2 {
  alertCommentId: number;
  alertId: number;
  /** Null when the service names no user (an account without users, a user deleted since): kept, reference unknown. */
  userId: number | null;
  time: string;
  comment: string;
}
