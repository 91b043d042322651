// Generic v2 list reading for the resource modules: one validated page, every page (next one prefetched), whole lists.
import { asArray } from '../validate.ts';
import type { Where } from '../validate.ts';
import { maxPageSize } from './client.ts';
import type { Page, V2Client } from './client.ts';
import { nextPage } from './paging.ts';

export type Query = Record<string, string | number | boolean | undefined>;

/** One v2 list operation: its path below `v2/` (with the `.json` suffix) and the parser of one record. */
export interface ListResource<T> {
  endpoint: string;
  parse(value: unknown, where: Where): T;
}

export interface PageRequest {
  signal?: AbortSignal;
  /** The service's Link for this page, when it gave one (it wins over offset and limit). */
  url?: string | null;
}

/** One page at `offset`; every record validated (the message names the endpoint, the item and the field). */
export async function fetchPage<T>(
  client: V2Client,
  resource: ListResource<T>,
  query: Query,
  offset: number,
  limit: number,
  request: PageRequest = {},
): Promise<Page<T>> {
  const { endpoint } = resource;
  const response = await client.get(endpoint, { ...query, offset, limit }, request);
  const raw = asArray(response.body, { endpoint });
  const items = new Array<T>(raw.length);
  for (let i = 0; i < raw.length; i++) items[i] = resource.parse(raw[i], { endpoint, index: offset + i });
  return { items, offset, next: nextPage(response.headers, offset, limit, raw.length, response.url) };
}

/**
 * Every page from `startOffset` on, following X-More-Available/Link; the next page is already being fetched while
 * the caller handles one (as the button-feedback pages in client.ts).
 */
export async function* fetchPages<T>(
  client: V2Client,
  resource: ListResource<T>,
  query: Query,
  options: { startOffset?: number; limit?: number; signal?: AbortSignal } = {},
): AsyncGenerator<Page<T>> {
  const limit = options.limit ?? maxPageSize;
  const local = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, local.signal]) : local.signal;
  let pending = fetchPage(client, resource, query, options.startOffset ?? 0, limit, { signal });
  try {
    for (;;) {
      const page = await pending;
      if (page.next) {
        pending = fetchPage(client, resource, query, page.next.offset, limit, { signal, url: page.next.url });
        pending.catch(() => undefined); // observed when awaited; never an unhandled rejection if abandoned
      }
      yield page;
      if (!page.next) return;
    }
  } finally {
    local.abort();
  }
}

/** A whole list (structure lists are not paged by the service, but a paged answer is followed all the same). */
export async function fetchAll<T>(
  client: V2Client,
  resource: ListResource<T>,
  query: Query = {},
  signal?: AbortSignal,
): Promise<T[]> {
  const all: T[] = [];
  for await (const page of fetchPages(client, resource, query, signal ? { signal } : {}))
    all.push(...page.items);
  return all;
}
