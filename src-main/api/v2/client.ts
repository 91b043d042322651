// The typed v2 client: token header, the experience-point tree and button feedbacks, paged, validated, prefetched.
import { createHttpClient } from '../http.ts';
import type { HttpClient, HttpOptions, JsonResponse } from '../http.ts';
import { asArray } from '../validate.ts';
import { nextPage } from './paging.ts';
import type { NextPage } from './paging.ts';
import { parseButtonFeedback, parseTreeItem } from './records.ts';
import type { ButtonFeedbackV2, TreeItemV2 } from './records.ts';

export const experiencePointsEndpoint = 'experience-points.json';
export const buttonFeedbacksEndpoint = 'results/button-feedbacks.json';
/** The largest page the service gives (api-v2.md §4.2). */
export const maxPageSize = 10_000;

export interface FeedbackWindowQuery {
  /** Local date `yyyy-MM-dd`, inclusive. */
  startDate: string;
  /** Local date `yyyy-MM-dd`, exclusive; at most a year after startDate. */
  endDate: string;
  includeMisuse: boolean;
  /** 1..10000; default 10000. */
  limit?: number;
  experiencePointId?: number;
  surveyId?: number;
}

export interface Page<T> {
  items: T[];
  /** The offset this page starts at. */
  offset: number;
  /** Where the next page starts, or null after the last page. */
  next: NextPage | null;
}

/**
 * How a caller takes pages of button feedbacks in a form of its own (the sync: columns): from the answer's bytes when
 * it can (null: not this page), else from the page's validated records.
 */
export interface PageReader<T> {
  fromBytes?(bytes: Uint8Array, limit: number): { value: T; count: number } | null;
  fromItems(items: ButtonFeedbackV2[]): T;
}

/** A page as a PageReader made it, with its item count. */
export interface ReadPage<T> {
  value: T;
  count: number;
  offset: number;
  next: NextPage | null;
}

export interface V2ClientOptions extends Omit<HttpOptions, 'headers' | 'secrets'> {
  token: string;
}

export interface V2Client {
  readonly origin: string;
  readonly baseUrl: string;
  experiencePoints(options?: { signal?: AbortSignal; rootExperiencePointId?: number }): Promise<TreeItemV2[]>;
  /** One page of button feedbacks. `url` is the service's Link for this page, when it gave one. */
  buttonFeedbackPage(
    query: FeedbackWindowQuery,
    offset: number,
    signal?: AbortSignal,
    url?: string | null,
  ): Promise<Page<ButtonFeedbackV2>>;
  /** Every page of a window from `startOffset` on; the next page is already being fetched while the caller handles one. */
  buttonFeedbackPages(
    query: FeedbackWindowQuery,
    options?: { startOffset?: number; signal?: AbortSignal },
  ): AsyncGenerator<Page<ButtonFeedbackV2>>;
  /** The same pages, each as `reader` makes it (from its bytes when the reader can). */
  buttonFeedbackPagesAs<T>(
    query: FeedbackWindowQuery,
    reader: PageReader<T>,
    options?: { startOffset?: number; signal?: AbortSignal },
  ): AsyncGenerator<ReadPage<T>>;
  /**
   * GET `v2/<endpoint>` with query parameters, or `url` (a Link of this service) when given; the body unparsed.
   * For the other resource modules (structure.ts, feedbackLists.ts, alerts.ts, people.ts), which validate it.
   */
  get(
    endpoint: string,
    query: Record<string, string | number | boolean | undefined>,
    options?: { signal?: AbortSignal; url?: string | null },
  ): Promise<JsonResponse>;
}

/** A list answer's items, each validated by `parse` (where: the endpoint and the item's place in the whole list). */
function itemsOf<T>(
  body: unknown,
  endpoint: string,
  offset: number,
  parse: (value: unknown, where: { endpoint: string; index: number }) => T,
): T[] {
  const raw = asArray(body, { endpoint });
  const items = new Array<T>(raw.length);
  for (let i = 0; i < raw.length; i++) items[i] = parse(raw[i], { endpoint, index: offset + i });
  return items;
}

// eslint-disable-next-line max-lines-per-function -- a client factory: each v2 operation is a short method over the shared token, pacing and paging
export function createV2Client(options: V2ClientOptions): V2Client {
  const { token, ...rest } = options;
  const http: HttpClient = createHttpClient({
    ...rest,
    headers: { 'X-Svc-API-Token': token },
    secrets: [token],
  });

  async function getList<T>(
    endpoint: string,
    query: Record<string, string | number | boolean | undefined>,
    offset: number,
    limit: number,
    parse: (value: unknown, where: { endpoint: string; index: number }) => T,
    signal: AbortSignal | undefined,
    linkUrl: string | null = null,
  ): Promise<Page<T>> {
    const target = linkUrl ? new URL(linkUrl) : http.url(`v2/${endpoint}`, { ...query, offset, limit });
    const response = await http.getJson(target, endpoint, signal);
    const items = itemsOf(response.body, endpoint, offset, parse);
    return { items, offset, next: nextPage(response.headers, offset, limit, items.length, target.href) };
  }

  async function experiencePoints(
    opts: { signal?: AbortSignal; rootExperiencePointId?: number } = {},
  ): Promise<TreeItemV2[]> {
    const all: TreeItemV2[] = [];
    let next: NextPage | null = { url: null, offset: 0 };
    while (next) {
      const page: Page<TreeItemV2> = await getList(
        experiencePointsEndpoint,
        { rootExperiencePointId: opts.rootExperiencePointId },
        next.offset,
        maxPageSize,
        parseTreeItem,
        opts.signal,
        next.url,
      );
      all.push(...page.items);
      next = page.next;
    }
    return all;
  }

  function feedbackQuery(q: FeedbackWindowQuery): Record<string, string | number | boolean | undefined> {
    return {
      startDate: q.startDate,
      endDate: q.endDate,
      includeMisuse: q.includeMisuse,
      experiencePointId: q.experiencePointId,
      surveyId: q.surveyId,
      order: 'asc',
    };
  }

  /** The pages as validated records (the general way every page can take). */
  const asItems: PageReader<ButtonFeedbackV2[]> = { fromItems: (items) => items };

  async function buttonFeedbackPage(
    q: FeedbackWindowQuery,
    offset: number,
    signal?: AbortSignal,
    url: string | null = null,
  ): Promise<Page<ButtonFeedbackV2>> {
    const page = await readPage(q, asItems, offset, signal, url);
    return { items: page.value, offset, next: page.next };
  }

  /** One page as `reader` makes it: from the answer's bytes, or (when it cannot) from the validated records. */
  async function readPage<T>(
    q: FeedbackWindowQuery,
    reader: PageReader<T>,
    offset: number,
    signal: AbortSignal | undefined,
    url: string | null = null,
  ): Promise<ReadPage<T>> {
    const limit = q.limit ?? maxPageSize;
    const target = url
      ? new URL(url)
      : http.url(`v2/${buttonFeedbacksEndpoint}`, { ...feedbackQuery(q), offset, limit });
    const endpoint = buttonFeedbacksEndpoint;
    const fromBytes = reader.fromBytes?.bind(reader);
    const readBytes = fromBytes && ((bytes: Uint8Array) => fromBytes(bytes, limit) ?? undefined);
    const response = await http.getJson(target, endpoint, signal, readBytes);
    const next = (count: number) => nextPage(response.headers, offset, limit, count, target.href);
    if (response.read !== undefined) {
      const { value, count } = response.read as { value: T; count: number };
      return { value, count, offset, next: next(count) };
    }
    const items = itemsOf(response.body, endpoint, offset, parseButtonFeedback);
    return { value: reader.fromItems(items), count: items.length, offset, next: next(items.length) };
  }

  async function* buttonFeedbackPagesAs<T>(
    q: FeedbackWindowQuery,
    reader: PageReader<T>,
    opts: { startOffset?: number; signal?: AbortSignal } = {},
  ): AsyncGenerator<ReadPage<T>> {
    // A local controller stops a prefetch in flight when the caller leaves the loop early.
    const local = new AbortController();
    const signal = opts.signal ? AbortSignal.any([opts.signal, local.signal]) : local.signal;
    let pending = readPage(q, reader, opts.startOffset ?? 0, signal);
    try {
      for (;;) {
        const page = await pending;
        if (page.next) {
          pending = readPage(q, reader, page.next.offset, signal, page.next.url);
          pending.catch(() => undefined); // observed when awaited; never an unhandled rejection if abandoned
        }
        yield page;
        if (!page.next) return;
      }
    } finally {
      local.abort();
    }
  }

  async function* buttonFeedbackPages(
    q: FeedbackWindowQuery,
    opts: { startOffset?: number; signal?: AbortSignal } = {},
  ): AsyncGenerator<Page<ButtonFeedbackV2>> {
    for await (const page of buttonFeedbackPagesAs(q, asItems, opts))
      yield { items: page.value, offset: page.offset, next: page.next };
  }

  return {
    origin: http.origin,
    baseUrl: http.baseUrl,
    experiencePoints,
    buttonFeedbackPage,
    buttonFeedbackPages,
    buttonFeedbackPagesAs,
    get: (endpoint, query, opts = {}) =>
      http.getJson(opts.url ? new URL(opts.url) : http.url(`v2/${endpoint}`, query), endpoint, opts.signal),
  };
}
