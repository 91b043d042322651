// The v2 feedback records as the service sends them and the app keeps them (api-v2.md §2); parsed in api/v2.

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

export interface ButtonFeedbackV2 extends FeedbackCommonV2 {
  smileyType: string;
  /** Documented for button feedbacks but not used by analytics: tolerated when absent. */
  position: number | null;
  ui: string | null;
}
