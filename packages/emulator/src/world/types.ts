// The shape of a generated world: structure records and the columnar press store both API versions read.
import type { ZoneClock } from './timeZones.ts';

/** Sizes generated from the catalog; `awkward` is a hand-shaped account of its own (world/awkward.ts). */
export type GeneratedSize = 'tiny' | 'small' | 'demo' | 'large' | 'xlarge';
export type WorldSize = GeneratedSize | 'awkward';
export type Scale = 'four' | 'five' | 'five_reversed' | 'nps';
export type IndexType = 'HAPPY' | 'NPS' | 'NPS_OFFICIAL' | 'AVERAGE';
export type SurveyType = 'CUSTOMER' | 'EMPLOYEE';
export type SurveyState = 'active' | 'ended' | 'upcoming';
/** The v1 survey type, i.e. the kind of device a (experience point, survey) pair runs on. */
export type DeviceKind = 'TERMINAL' | 'TABLET' | 'WEB';
export type SmileyType = 'SMILEY_TERMINAL' | 'SMILEY_TOUCH' | 'SMILEY_DIGITAL';
export type Ui = 'physical' | 'digital' | 'touchless' | 'qr' | 'link' | 'email';

/** A group or an experience point; `nodes` is in depth-first order, so a subtree is a contiguous range. */
export interface TreeNode {
  index: number;
  id: number;
  name: string;
  /** Parent node id; null on the company root. */
  parentId: number | null;
  type: 'GROUP' | 'EXPERIENCE_POINT';
  depth: number;
  /** One past the last node index of this node's subtree (nodes[index..subtreeEnd) is the subtree). */
  subtreeEnd: number;
  /** Index into `world.experiencePoints` for experience points, -1 for groups. */
  epIndex: number;
}

export interface ExperiencePoint {
  index: number;
  id: number;
  name: string;
  nodeIndex: number;
  kind: 'physical' | 'digital';
  /** IANA zone name and its index into `world.zones`. */
  zone: string;
  zoneIndex: number;
  country: string;
  /** 0..1: how good the location is; drives the button distribution. */
  quality: number;
  /** Relative footfall. */
  traffic: number;
  /** Local opening minutes per weekday (0 = Monday); open === close means closed. */
  openMinute: number[];
  closeMinute: number[];
}

export interface LocalDateRange {
  /** Epoch days, local to each experience point: start inclusive, end exclusive. */
  startDay: number;
  endDay: number;
}

export interface Question {
  index: number;
  id: number;
  defaultLocale: string;
  text: string;
  /** Every localisation, the default locale included, as locale → text. */
  localizations: { locale: string; text: string }[];
}

export interface Survey {
  index: number;
  id: number;
  questionIndex: number;
  defaultLocale: string;
  surveyType: SurveyType;
  /** One of `Scale`, or (fixtures, the awkward world) a value the documents do not list yet. */
  scale: string;
  /** Number of button indexes: 4, 5 or 11. */
  buttons: number;
  indexType: IndexType;
  /** Active periods as local dates of each experience point running the survey. */
  periods: LocalDateRange[];
  state: SurveyState;
}

/** One (experience point, survey) pair: a v1 survey, with its own key. */
export interface Assignment {
  index: number;
  /** The v1 survey key. */
  key: number;
  epIndex: number;
  surveyIndex: number;
  kind: DeviceKind;
  smileyIndexes: number[];
  /** Relative share of the point's footfall that answers this survey. */
  weight: number;
}

export interface Smiley {
  index: number;
  id: number;
  name: string;
  serialNumber: string;
  token: string;
  /** One of `SmileyType`, or (fixtures) a device type the documents do not list yet. */
  type: string;
  /** One of `Ui`, or (fixtures) a value the documents do not list yet. */
  ui: string;
  epIndex: number;
  assignmentIndex: number;
  /** Terminals that upload hourly sums only: each of their presses sits at its local hour start. */
  hourlySums: boolean;
}

export interface FollowupQuestion {
  index: number;
  id: number;
  surveyIndex: number;
  /** Asked after a positive answer (highlights) or a negative one (pain points). */
  positive: boolean;
  defaultLocale: string;
  text: string;
  localizations: { locale: string; text: string }[];
  optionIndexes: number[];
}

export interface FollowupOption {
  index: number;
  id: number;
  questionIndex: number;
  text: string;
  localizations: { locale: string; text: string }[];
}

export type Role = 'USER' | 'ADMIN' | 'PARTNER';

export interface User {
  index: number;
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  rootNodeIndex: number;
  role: Role;
  locale: string;
  loginAllowed: boolean;
  loginMethod: 'EMAIL_PASSWORD' | 'SINGLE_SIGN_ON';
  /** UTC ms; null when the user never logged in. */
  lastLogin: number | null;
  created: number;
}

export interface CustomDataField {
  id: string;
  label: string;
  type: 'text' | 'number' | 'date' | 'select';
  options: string[];
}

export interface CustomDataValue {
  epIndex: number;
  fieldIndex: number;
  value: string;
}

/** Bits of `presses.flags`. */
export const PRESS_MISUSE = 1;
export const PRESS_HOURLY_SUM = 2;
export const PRESS_FOLLOWUP = 4;
export const PRESS_TEXT = 8;
export const PRESS_DEMOGRAPHICS = 16;
export const PRESS_CONTACT = 32;
export const PRESS_METADATA = 64;
export const PRESS_SPAM = 128;

/** Every press, sorted by time (ties keep generation order); index i of each column is press i. */
export interface PressColumns {
  count: number;
  /** UTC instant, ms. */
  ts: Float64Array;
  ep: Uint16Array;
  survey: Uint8Array;
  smiley: Uint16Array;
  /** Button index in the survey's scale (higher = more positive). */
  button: Uint8Array;
  flags: Uint8Array;
}

export interface World {
  seed: number;
  size: WorldSize;
  /** The world's present (ms); no press is at or after it. */
  now: number;
  /** UTC epoch day of `now`. */
  nowDay: number;
  companyName: string;
  nodes: TreeNode[];
  experiencePoints: ExperiencePoint[];
  zones: ZoneClock[];
  questions: Question[];
  surveys: Survey[];
  assignments: Assignment[];
  smileys: Smiley[];
  presses: PressColumns;
  /** Generated worlds: the expected number of presses of the whole history, misuse bursts excluded. */
  expectedPresses?: number;
  /** Generated with WorldOptions.windows: presses only on the local epoch days of these ranges [fromDay, toDay). */
  windows?: readonly { fromDay: number; toDay: number }[];
  followupQuestions: FollowupQuestion[];
  followupOptions: FollowupOption[];
  /** Per survey index: [negative question index, positive question index]. */
  followupsBySurvey: [number, number][];
  users: User[];
  customDataFields: CustomDataField[];
  customDataValues: CustomDataValue[];
  /** Fixture only: the texts every non-spam comment is drawn from instead of the catalog (e.g. hostile text). */
  commentTexts?: string[];
  nodeById: Map<number, TreeNode>;
  surveyById: Map<number, Survey>;
  assignmentByKey: Map<number, Assignment>;
  questionById: Map<number, Question>;
  smileyById: Map<number, Smiley>;
  /** Generation time in ms (informational). */
  generationMs: number;
}
