// The typed v1 client: every endpoint of api-v1.md §4, Basic or header-pair auth, offset and cursor paging, the
// day-truncate defect compensated, answers validated. Transport (retries, 429, timeouts, gzip) is http.ts.
import { ApiError } from '../errors.ts';
import { createHttpClient } from '../http.ts';
import { asArray } from '../validate.ts';
import type { HttpClient, HttpOptions } from '../http.ts';
import { alertPages } from './alerts.ts';
import type { AlertQuery } from './alerts.ts';
import { at } from './fields.ts';
import type { At } from './fields.ts';
import { instantParam, resultsStartParam, truncates } from './instants.ts';
import type { Instant, Truncate } from './instants.ts';
import { cursorPages, maxOffsetLimit, parseCursorEnvelope, parseOffsetEnvelope } from './paging.ts';
import type { CursorPage, OffsetPage } from './paging.ts';
import {
  parseFolder,
  parseFollowUpResults,
  parseOpenFeedback,
  parseQuestion,
  parseRawResult,
  parseResultBucket,
  parseSurvey,
} from './records.ts';
import type {
  V1Alert,
  V1Folder,
  V1FollowUpResults,
  V1OpenFeedback,
  V1Question,
  V1RawResult,
  V1ResultBucket,
  V1Survey,
} from './records.ts';

export type SurveyState = 'active' | 'ended' | 'starting';
type Query = Record<string, string | number | boolean | undefined>;

export interface V1ClientOptions extends Omit<HttpOptions, 'headers' | 'secrets' | 'authFailure'> {
  clientId: string;
  token: string;
  /** `basic` (default): Authorization: Basic; `headers`: X-Svc-Client-Id and X-Svc-API-Token. */
  auth?: 'basic' | 'headers';
}

interface Signal {
  signal?: AbortSignal;
}
export interface FolderQuery extends Signal {
  /** Include each folder's surveys. */
  surveys?: boolean;
  /** With surveys: only surveys in this state. */
  state?: SurveyState;
}
export interface OffsetQuery extends Signal {
  offset?: number;
  /** 1..100; default 100 (the service's default is 50). */
  limit?: number;
}
/** An instant range: `start` inclusive, `end` exclusive; either may be left out. */
export interface RangeQuery extends Signal {
  start?: Instant;
  end?: Instant;
}
export interface ResultsQuery extends RangeQuery {
  /** Bucket size; default day. */
  truncate?: Truncate;
}
export interface RawQuery extends RangeQuery {
  /** Include the chosen follow-up (`f`). */
  followup?: boolean;
  /** Include open feedback (`o`); pages are then at most 10000 items. */
  openfeedback?: boolean;
}

export interface V1Client {
  readonly origin: string;
  readonly baseUrl: string;
  /** The company root folder and two levels below it. */
  rootFolder(q?: FolderQuery): Promise<V1Folder>;
  /** A folder and two levels below it (to reach deeper folders). */
  folder(key: number, q?: FolderQuery): Promise<V1Folder>;
  folderChildren(key: number, q?: FolderQuery & OffsetQuery): Promise<OffsetPage<V1Folder>>;
  allFolderChildren(key: number, q?: FolderQuery): Promise<V1Folder[]>;
  survey(key: number, q?: Signal): Promise<V1Survey>;
  /**
   * Summed results (misuse excluded). `start` means what it says for every precision: for day, week, month and
   * year the client asks the service for half a day earlier, so the documented defect (the local day containing
   * `date_start` is left out) costs nothing. At most 7 days for hour, 12 months for day/week/month per request.
   */
  results(key: number, q?: ResultsQuery): Promise<V1ResultBucket[]>;
  openFeedbackPages(key: number, q?: RangeQuery): AsyncGenerator<CursorPage<V1OpenFeedback>>;
  openFeedback(key: number, q?: RangeQuery): Promise<V1OpenFeedback[]>;
  followUp(key: number, q?: RangeQuery): Promise<V1FollowUpResults>;
  /** Raw results (misuse included), page by page, following `moreResultsAfter`. */
  rawResultPages(key: number, q?: RawQuery): AsyncGenerator<CursorPage<V1RawResult>>;
  rawResults(key: number, q?: RawQuery): Promise<V1RawResult[]>;
  questions(q?: OffsetQuery): Promise<OffsetPage<V1Question>>;
  allQuestions(q?: Signal): Promise<V1Question[]>;
  question(key: number, q?: Signal): Promise<V1Question>;
  questionSurveys(key: number, q?: OffsetQuery & { state?: SurveyState }): Promise<OffsetPage<V1Survey>>;
  allQuestionSurveys(key: number, q?: Signal & { state?: SurveyState }): Promise<V1Survey[]>;
  /** Alerts open at any time in the range, earliest beginTime first, each once (see alerts.ts). */
  folderAlertPages(key: number, q?: AlertQuery): AsyncGenerator<CursorPage<V1Alert>>;
  folderAlerts(key: number, q?: AlertQuery): Promise<V1Alert[]>;
}

function configError(message: string): ApiError {
  return new ApiError('config', message);
}

/** Credentials go in headers only; refuse values a header cannot carry (without echoing them). */
function authHeaders(options: V1ClientOptions): Record<string, string> {
  const { clientId, token } = options;
  const printable = /^[\x21-\x7e]+$/;
  if (!printable.test(clientId) || !printable.test(token))
    throw configError(
      'The v1 client id and API token must be non-empty and contain only printable ASCII characters without spaces.',
    );
  if ((options.auth ?? 'basic') === 'headers')
    return { 'X-Svc-Client-Id': clientId, 'X-Svc-API-Token': token };
  if (clientId.includes(':'))
    throw configError(
      'A v1 client id containing ":" cannot be sent with HTTP Basic; use the header pair instead.',
    );
  return { Authorization: `Basic ${Buffer.from(`${clientId}:${token}`).toString('base64')}` };
}

function keyParam(key: number, name: string): number {
  if (!Number.isSafeInteger(key) || key < 0)
    throw configError(`'${name}' must be a numeric key, not ${key}.`);
  return key;
}

function offsetParams(q: OffsetQuery): Query {
  const offset = q.offset ?? 0;
  const limit = q.limit ?? maxOffsetLimit;
  if (!Number.isSafeInteger(offset) || offset < 0)
    throw configError(`'offset' must be an integer >= 0, not ${offset}.`);
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > maxOffsetLimit)
    throw configError(`'limit' must be 1..${maxOffsetLimit}, not ${limit}.`);
  return { offset, limit };
}

function rangeParams(q: RangeQuery): Query {
  return {
    date_start: q.start === undefined ? undefined : instantParam(q.start, 'start'),
    date_end: q.end === undefined ? undefined : instantParam(q.end, 'end'),
  };
}

// eslint-disable-next-line max-lines-per-function -- a client factory: each v1 operation is a short method over the shared token, pacing and paging
export function createV1Client(options: V1ClientOptions): V1Client {
  const { clientId, token, auth: _auth, ...rest } = options;
  const headers = authHeaders(options);
  const http: HttpClient = createHttpClient({
    ...rest,
    headers: {
      ...headers,
      'Content-Type': 'application/json; charset=UTF-8',
      'Accept-Encoding': 'gzip, deflate',
    },
    secrets: [token, ...Object.values(headers), clientId],
    authFailure:
      'refused the v1 client id and API token (401). Check that both are right and that the API token has not been removed in the Admin view, then try again.',
  });

  async function get<T>(
    path: string,
    query: Query,
    parse: (body: unknown, a: At) => T,
    signal?: AbortSignal,
  ): Promise<T> {
    const endpoint = path.replace(/\/\d+(?=\/|$)/g, '/:key');
    const response = await http.getJson(http.url(`v1/${path}`, query), endpoint, signal);
    return parse(response.body, at(endpoint));
  }

  function offsetPage<T>(path: string, query: Query, parse: (v: unknown, a: At) => T, signal?: AbortSignal) {
    const endpoint = path.replace(/\/\d+(?=\/|$)/g, '/:key');
    return get(path, query, (body) => parseOffsetEnvelope(body, endpoint, parse), signal);
  }

  async function allPages<T>(
    page: (q: OffsetQuery) => Promise<OffsetPage<T>>,
    signal?: AbortSignal,
  ): Promise<T[]> {
    const all: T[] = [];
    for (let offset = 0; ;) {
      const p = await page({ offset, limit: maxOffsetLimit, ...(signal ? { signal } : {}) });
      all.push(...p.items);
      offset += p.items.length;
      if (p.items.length === 0 || offset >= p.total) return all;
    }
  }

  function cursor<T>(
    path: string,
    query: Query,
    parse: (v: unknown, a: At) => T,
    timeOf: (t: T) => string,
    signal?: AbortSignal,
  ) {
    const endpoint = path.replace(/\/\d+(?=\/|$)/g, '/:key');
    return cursorPages(
      endpoint,
      (after, s) =>
        get(
          path,
          after === null ? query : { ...query, date_start: after },
          (body) => parseCursorEnvelope(body, endpoint, parse),
          s,
        ),
      timeOf,
      signal,
    );
  }

  /** Parameter errors surface on the first `next()`, like every other failure of a paged read. */
  async function* lazy<T>(make: () => AsyncGenerator<T>): AsyncGenerator<T> {
    yield* make();
  }

  async function collect<T>(pages: AsyncGenerator<CursorPage<T>>): Promise<T[]> {
    const all: T[] = [];
    for await (const page of pages) all.push(...page.items);
    return all;
  }

  const folderParams = (q: FolderQuery): Query => ({ surveys: q.surveys, state: q.state });

  const client: V1Client = {
    origin: http.origin,
    baseUrl: http.baseUrl,
    rootFolder: async (q = {}) => get('folders', folderParams(q), parseFolder, q.signal),
    folder: async (key, q = {}) =>
      get(`folders/${keyParam(key, 'key')}`, folderParams(q), parseFolder, q.signal),
    folderChildren: async (key, q = {}) =>
      offsetPage(
        `folders/${keyParam(key, 'key')}/children`,
        { ...folderParams(q), ...offsetParams(q) },
        parseFolder,
        q.signal,
      ),
    allFolderChildren: async (key, q = {}) =>
      allPages((p) => client.folderChildren(key, { ...q, ...p }), q.signal),
    survey: async (key, q = {}) => get(`surveys/${keyParam(key, 'key')}`, {}, parseSurvey, q.signal),
    async results(key, q = {}) {
      const truncate = q.truncate ?? 'day';
      if (!truncates.includes(truncate))
        throw configError(`'truncate' must be one of ${truncates.join(', ')}.`);
      const query: Query = {
        truncate,
        date_start: q.start === undefined ? undefined : resultsStartParam(q.start, truncate),
        date_end: q.end === undefined ? undefined : instantParam(q.end, 'end'),
      };
      return get(
        `surveys/${keyParam(key, 'key')}/results`,
        query,
        (body, a) => asArray(body, a).map((b, i) => parseResultBucket(b, at(a.endpoint, i))),
        q.signal,
      );
    },
    openFeedbackPages: (key, q = {}) =>
      lazy(() =>
        cursor(
          `surveys/${keyParam(key, 'key')}/openfeedback`,
          rangeParams(q),
          parseOpenFeedback,
          (f) => f.ts,
          q.signal,
        ),
      ),
    openFeedback: async (key, q = {}) => collect(client.openFeedbackPages(key, q)),
    followUp: async (key, q = {}) =>
      get(`surveys/${keyParam(key, 'key')}/followup`, rangeParams(q), parseFollowUpResults, q.signal),
    rawResultPages: (key, q = {}) =>
      lazy(() =>
        cursor(
          `surveys/${keyParam(key, 'key')}/rawresults`,
          { ...rangeParams(q), followup: q.followup, openfeedback: q.openfeedback },
          parseRawResult,
          (r) => r.ts,
          q.signal,
        ),
      ),
    rawResults: async (key, q = {}) => collect(client.rawResultPages(key, q)),
    questions: async (q = {}) => offsetPage('questions', offsetParams(q), parseQuestion, q.signal),
    allQuestions: async (q = {}) => allPages((p) => client.questions(p), q.signal),
    question: async (key, q = {}) => get(`questions/${keyParam(key, 'key')}`, {}, parseQuestion, q.signal),
    questionSurveys: async (key, q = {}) =>
      offsetPage(
        `questions/${keyParam(key, 'key')}/surveys`,
        { state: q.state, ...offsetParams(q) },
        parseSurvey,
        q.signal,
      ),
    allQuestionSurveys: async (key, q = {}) =>
      allPages(
        (p) => client.questionSurveys(key, { ...p, ...(q.state ? { state: q.state } : {}) }),
        q.signal,
      ),
    folderAlertPages: (key, q = {}) =>
      lazy(() => {
        const path = `folders/${keyParam(key, 'key')}/alerts`;
        return alertPages('folders/:key/alerts', q, (query, s) => get(path, query, (body) => body, s));
      }),
    folderAlerts: async (key, q = {}) => collect(client.folderAlertPages(key, q)),
  };
  return client;
}
