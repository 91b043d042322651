// The v1 records as the service sends them and the app keeps them (api-v1.md §2), and the folder tree; parsed in api/v1.

export interface V1Question {
  key: number;
  name: string;
  /** BCP 47 tag of the default language. */
  locale: string;
}

export interface V1FolderRef {
  key: number;
  name: string;
}

export interface V1ActivePeriod {
  /** Timestamps as the service wrote them; start inclusive, end exclusive. */
  start: string;
  end: string;
}

export const v1SurveyTypes = ['TERMINAL', 'TABLET', 'WEB'] as const;

export type V1SurveyType = (typeof v1SurveyTypes)[number];

export interface V1Survey {
  key: number;
  question: V1Question;
  /** Present on single-survey and question-survey answers, absent (null) on surveys nested in folders. */
  folder: V1FolderRef | null;
  /** `Area/Location`. */
  timeZone: string;
  /** Empty when the survey has no periods (the service omits the field). */
  activePeriods: V1ActivePeriod[];
  /**
   * Present in folder and single-survey answers; null where the service leaves it out. One of `v1SurveyTypes`, or a
   * type added later (kept as sent, like an alert type: a new device must not fail the sync).
   */
  surveyType: string | null;
}

export interface V1Folder {
  key: number;
  name: string;
  /** Null when the service left `folders` out: no sub-folders, or the two-level cut of one call. */
  folders: V1Folder[] | null;
  /** Null when surveys were not asked for or the folder has none. */
  surveys: V1Survey[] | null;
}

export interface V1ResultBucket {
  /** Bucket start, in the survey's time zone. */
  ts: string;
  /** Counts per button index 0..3. */
  data: number[];
}

export interface V1FollowUp {
  key: number;
  name: string;
}

export interface V1OpenFeedback {
  ts: string;
  r: number;
  relevance: number | null;
  spam: boolean | null;
  followUp: V1FollowUp | null;
  text: string;
}

export interface V1FollowUpResult extends V1FollowUp {
  data: number[];
  percentages: number[];
}

export interface V1FollowUpResults {
  painPoints: V1FollowUpResult[];
  highlights: V1FollowUpResult[];
}

/**
 * One raw result, sorted by what it means for counting (api-v1.md §2.9, DECISIONS.md):
 * - `press`: one button press `{ts, r}` (with `f`/`o` when asked for);
 * - `hourly`: `{ts, data}` from a device that reports hourly sums — `counts[b]` presses of button b in that hour;
 * - `text`: the separate open-feedback item of an older digital device (`{ts, o: {r, text}}`, no root `r`). Its press
 *   is a `press` item of its own, so a `text` item is NOT a button press.
 */
export type V1RawResult =
  | { kind: 'press'; ts: string; r: number; followUp: V1FollowUp | null; text: string | null }
  | { kind: 'hourly'; ts: string; counts: number[] }
  | { kind: 'text'; ts: string; r: number; text: string };

export interface V1AlertSurvey {
  key: number;
  question: V1Question;
  folder: V1FolderRef;
  /** `timezone` in the answer (DECISIONS.md); `timeZone` accepted too. */
  timeZone: string;
}

export interface V1Alert {
  key: number;
  /** negative, indexThreshold, feedbackCount — or a type added later (kept, not rejected). */
  alertType: string;
  survey: V1AlertSurvey;
  specificationKey: number;
  beginTime: string;
  /** Null while the alert is open. */
  endTime: string | null;
  /** Specification parameters plus calculated values, as the service sent them. */
  parameters: Record<string, unknown>;
}

export interface V1TreeFolder {
  key: number;
  name: string;
  /** Null on the folder the walk started at. */
  parentKey: number | null;
  /** 0 for the folder the walk started at. */
  depth: number;
  surveys: V1Survey[];
}
