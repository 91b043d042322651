// The OpenAPI 3.0 description of the emulated v2 API, built from the route table and record columns.
import { V2_SCOPES } from '../http/identities.ts';
import { PRECISIONS } from './aggregates.ts';
import { COMMON_FEEDBACK_COLUMNS, FEEDBACK_LISTS } from './feedbackLists.ts';
import { RECORD_COLUMNS } from './recordColumns.ts';

type Schema = Record<string, unknown>;

const int: Schema = { type: 'integer', format: 'int64' };
const str: Schema = { type: 'string' };
const bool: Schema = { type: 'boolean' };
const ts: Schema = { type: 'string', format: 'date-time' };
const nullable = (s: Schema): Schema => ({ ...s, nullable: true });
const oneOf = (...values: string[]): Schema => ({ type: 'string', enum: values });

/** Field types (DECISIONS.md value sets); fields that may be absent are nullable. */
const FIELDS: Record<string, Schema> = {
  feedbackId: { type: 'string', format: 'uuid' },
  smileyId: int,
  localTime: ts,
  surveyId: int,
  experiencePointId: int,
  buttonIndex: { type: 'integer', minimum: 0, maximum: 10 },
  misuse: bool,
  smileyType: oneOf('SMILEY_TERMINAL', 'SMILEY_TOUCH', 'SMILEY_DIGITAL'),
  position: { type: 'integer' },
  ui: oneOf('physical', 'digital', 'touchless', 'qr', 'link', 'email', 'exit', 'skip', 'timeout'),
  followupQuestionId: int,
  followupOptionId: int,
  followupOptionTextInDefaultLocale: str,
  text: str,
  maskedText: str,
  rephrasedText: str,
  textInEnglish: str,
  spam: bool,
  categories: str,
  themes: str,
  gender: oneOf('male', 'female'),
  age: { type: 'integer' },
  name: str,
  email: nullable(str),
  phoneNumber: nullable({ type: 'number' }),
  key: str,
  value: str,
  parent: nullable(int),
  type: oneOf('GROUP', 'EXPERIENCE_POINT'),
  questionId: int,
  defaultLocale: str,
  questionTextInDefaultLocale: str,
  surveyType: oneOf('CUSTOMER', 'EMPLOYEE'),
  feedbackScale: oneOf('four', 'five', 'five_reversed', 'nps'),
  indexType: oneOf('HAPPY', 'NPS', 'NPS_OFFICIAL', 'AVERAGE'),
  state: oneOf('active', 'ended', 'upcoming'),
  locale: str,
  positive: bool,
  optionTextInDefaultLocale: str,
  alertSpecificationId: int,
  alertSpecificationType: oneOf('negative', 'feedbackCount', 'indexThreshold'),
  parameters: str,
  alertId: int,
  beginTime: ts,
  endTime: nullable(ts),
  acknowledged: bool,
  acknowledgedByUserId: nullable(int),
  acknowledgedTime: nullable(ts),
  alertCommentId: int,
  userId: int,
  time: ts,
  comment: str,
  firstName: str,
  lastName: str,
  rootExperiencePointId: int,
  role: oneOf('USER', 'ADMIN', 'PARTNER'),
  loginAllowed: bool,
  loginMethod: oneOf('EMAIL_PASSWORD', 'SINGLE_SIGN_ON'),
  lastLogin: nullable(ts),
  created: ts,
  serialNumber: str,
  token: str,
  label: str,
  id: str,
  options: { type: 'array', items: str },
};

function record(columns: readonly string[], overrides: Record<string, Schema> = {}): Schema {
  const properties: Record<string, Schema> = {};
  for (const c of columns) properties[c] = overrides[c] ?? FIELDS[c] ?? str;
  return { type: 'object', required: [...columns], properties };
}

const feedback = (extra: readonly string[]): Schema => record([...COMMON_FEEDBACK_COLUMNS, ...extra]);

export const SCHEMAS: Record<string, Schema> = {
  ButtonFeedback: feedback(['position', 'ui']),
  FollowupFeedback: feedback(FEEDBACK_LISTS.followup?.columns ?? []),
  TextFeedback: feedback(FEEDBACK_LISTS.text?.columns ?? []),
  Demographics: feedback(FEEDBACK_LISTS.demographics?.columns ?? []),
  ContactDetails: feedback(FEEDBACK_LISTS.contact?.columns ?? []),
  Metadata: feedback(FEEDBACK_LISTS.metadata?.columns ?? []),
  TreeItem: record(RECORD_COLUMNS.treeItem),
  Survey: record(RECORD_COLUMNS.survey),
  Question: record(RECORD_COLUMNS.question),
  QuestionLocalization: record(RECORD_COLUMNS.questionLocalization),
  FollowupQuestion: record(RECORD_COLUMNS.followupQuestion),
  FollowupQuestionLocalization: record(RECORD_COLUMNS.followupQuestionLocalization),
  FollowupOption: record(RECORD_COLUMNS.followupOption),
  FollowupOptionLocalization: record(RECORD_COLUMNS.followupOptionLocalization),
  AlertSpecification: record(RECORD_COLUMNS.alertSpecification),
  Alert: record(RECORD_COLUMNS.alert),
  AlertComment: record(RECORD_COLUMNS.alertComment),
  User: record(RECORD_COLUMNS.user),
  Smiley: record(RECORD_COLUMNS.smiley),
  CustomDataValue: record(RECORD_COLUMNS.customDataValue),
  CustomDataField: record(RECORD_COLUMNS.customDataField, { type: str }),
  TokenMetadata: record(['status', 'token_id', 'token_name', 'scopes'], {
    token_id: int,
    token_name: str,
    scopes: { type: 'array', items: oneOf(...V2_SCOPES) },
  }),
  AggregateRow: record(['time', 'groupKeys', 'feedbacks'], {
    time: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}$' },
    groupKeys: { type: 'array', items: str },
    feedbacks: { type: 'array', items: { type: 'integer', minimum: 0 } },
  }),
  Error: record(['status', 'error', 'message'], { status: { type: 'integer' }, error: str, message: str }),
};

type Param = { name: string; in: 'query' | 'path'; required?: boolean; schema: Schema; description?: string };
const q = (name: string, schema: Schema, description?: string): Param => ({
  name,
  in: 'query',
  schema,
  ...(description && { description }),
});

const CSV_SEPARATOR = q('csvSeparator', { type: 'string', minLength: 1, maxLength: 1, default: ',' });
const WINDOW = [
  q(
    'period',
    str,
    'comma-separated: today, yesterday, this-week, last-week, this-month, last-month, this-year, last-year, YYYY, YYYY-MM, YYYY-qN',
  ),
  q('startDate', { type: 'string', format: 'date' }, 'inclusive local date; default today'),
  q(
    'endDate',
    { type: 'string', format: 'date' },
    'exclusive local date; default tomorrow; at most 366 days after startDate',
  ),
];
const PAGING = [
  q('offset', { type: 'integer', minimum: 0, default: 0 }),
  q('limit', { type: 'integer', minimum: 0, maximum: 10000, default: 1000 }),
];
const COMMON = [
  CSV_SEPARATOR,
  q('surveyId', int),
  q('experiencePointId', int, 'the feedback experience point is this node or below it'),
  ...WINDOW,
  q('includeMisuse', { type: 'boolean', default: false }),
  ...PAGING,
  q('order', { type: 'string', enum: ['asc', 'desc'], default: 'asc' }),
];

const errors = (...codes: number[]): Record<string, unknown> =>
  Object.fromEntries(
    codes.map((c) => [
      String(c),
      {
        description: 'error',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    ]),
  );

function listOp(
  summary: string,
  schema: string,
  params: Param[],
  csv = true,
  paged = false,
): Record<string, unknown> {
  const content: Record<string, unknown> = {
    'application/json': { schema: { type: 'array', items: { $ref: `#/components/schemas/${schema}` } } },
  };
  if (csv) content['text/csv'] = { schema: { type: 'string' } };
  const formats = csv ? ['json', 'csv'] : ['json'];
  return {
    get: {
      summary,
      parameters: [
        { name: 'format', in: 'path', required: true, schema: { type: 'string', enum: formats } },
        ...params,
      ],
      responses: {
        '200': {
          description: paged
            ? 'a page; X-More-Available and Link (rel="next") tell about the next one'
            : 'the list',
          content,
        },
        ...errors(400, 401, 403, 429),
      },
    },
  };
}

// eslint-disable-next-line max-lines-per-function -- a data literal: the OpenAPI document of the v2 operations
export function openApiDocument(): Record<string, unknown> {
  const structure = [CSV_SEPARATOR];
  return {
    openapi: '3.0.3',
    info: { title: 'Feedback Reporting Service v2 (Feedback Desk emulator)', version: '2' },
    servers: [{ url: '/v2' }],
    security: [{ apiKeyHeader: [] }, { apiKeyQuery: [] }],
    paths: {
      '/token/introspect': {
        get: {
          summary: 'metadata of the presented token',
          responses: {
            '200': {
              description: 'token',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/TokenMetadata' } } },
            },
            ...errors(401, 429),
          },
        },
      },
      '/results/button-feedbacks.{format}': listOp('button feedbacks', 'ButtonFeedback', COMMON, true, true),
      '/results/follow-up-feedbacks.{format}': listOp(
        'follow-up feedbacks',
        'FollowupFeedback',
        COMMON,
        true,
        true,
      ),
      '/results/text-feedbacks.{format}': listOp(
        'text feedbacks',
        'TextFeedback',
        [...COMMON, q('includeSpam', { type: 'boolean', default: true })],
        true,
        true,
      ),
      '/results/demographics.{format}': listOp('demographics', 'Demographics', COMMON, true, true),
      '/results/contact-details.{format}': listOp('contact details', 'ContactDetails', COMMON, true, true),
      '/results/metadata.{format}': listOp('metadata', 'Metadata', COMMON, true, true),
      '/results/aggregated-feedbacks.{format}': listOp(
        'aggregated feedback counts (misuse excluded)',
        'AggregateRow',
        [
          {
            name: 'precision',
            in: 'query',
            required: true,
            schema: { type: 'string', enum: [...PRECISIONS] },
          },
          {
            name: 'grouping',
            in: 'query',
            required: true,
            schema: str,
            description: 'none, or comma-separated experience_point, survey, hour_of_day, day_of_week',
          },
          q('experiencePointIds', str, 'comma-separated ids'),
          q('surveyId', int),
          ...WINDOW,
        ],
        false,
      ),
      '/experience-points.{format}': listOp('groups and experience points', 'TreeItem', [
        ...structure,
        q('rootExperiencePointId', int),
        q('type', { type: 'string', enum: ['GROUP', 'EXPERIENCE_POINT'] }),
      ]),
      '/experience-point-custom-data.{format}': listOp('custom data values', 'CustomDataValue', [
        ...structure,
        q('experiencePointId', int),
        q('rootExperiencePointId', int),
      ]),
      '/company-custom-data.{format}': listOp('custom data field definitions', 'CustomDataField', structure),
      '/surveys.{format}': listOp('surveys', 'Survey', structure),
      '/surveys/{surveyId}/experience-points': {
        get: {
          summary: 'authorised experience points of a survey',
          parameters: [{ name: 'surveyId', in: 'path', required: true, schema: int }],
          responses: {
            '200': {
              description: 'ids',
              content: { 'application/json': { schema: { type: 'array', items: int } } },
            },
            ...errors(400, 401, 403, 404, 429),
          },
        },
      },
      '/questions.{format}': listOp('questions', 'Question', structure),
      '/question-localizations.{format}': listOp('question localisations', 'QuestionLocalization', [
        ...structure,
        q('questionId', int),
      ]),
      '/follow-up-questions.{format}': listOp('follow-up questions', 'FollowupQuestion', structure),
      '/follow-up-question-localizations.{format}': listOp(
        'follow-up question localisations',
        'FollowupQuestionLocalization',
        [...structure, q('followupQuestionId', int)],
      ),
      '/follow-up-options.{format}': listOp('follow-up options', 'FollowupOption', structure),
      '/follow-up-option-localizations.{format}': listOp(
        'follow-up option localisations',
        'FollowupOptionLocalization',
        [...structure, q('followupOptionId', int)],
      ),
      '/alert-specifications.{format}': listOp('alert specifications', 'AlertSpecification', structure),
      '/alerts.{format}': listOp(
        'alerts open during the window',
        'Alert',
        [...structure, q('surveyId', int), q('experiencePointId', int), ...WINDOW, ...PAGING],
        true,
        true,
      ),
      '/alert-comments.{format}': listOp(
        'alert comments written during the window',
        'AlertComment',
        [...structure, q('surveyId', int), q('experiencePointId', int), ...WINDOW, ...PAGING],
        true,
        true,
      ),
      '/users.{format}': listOp('users', 'User', structure),
      '/smileys.{format}': listOp('smileys', 'Smiley', structure),
    },
    components: {
      securitySchemes: {
        apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-Svc-API-Token' },
        apiKeyQuery: { type: 'apiKey', in: 'query', name: 'auth' },
      },
      schemas: SCHEMAS,
    },
  };
}
