// v2 offset paging: `X-More-Available` and `Link: <url>; rel="next"` (DECISIONS.md, Version 2, Paging).

export interface NextPage {
  /** The next page's URL as the service gave it, or null when the client must build it from the offset. */
  url: string | null;
  offset: number;
}

/** The absolute URL of the `rel="next"` link in a Link header (relative ones resolved against `base`), or null. */
export function nextLink(header: string | null, base?: string): string | null {
  if (!header) return null;
  for (const part of header.split(/,(?=\s*<)/)) {
    const m = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (!m) continue;
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(m[2] ?? '');
    const rels = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    if (rels.includes('next')) return URL.canParse(m[1] ?? '', base) ? new URL(m[1] ?? '', base).href : null;
  }
  return null;
}

/**
 * Where the next page starts, or null when this was the last. `X-More-Available` decides; when the service leaves
 * it out, a full page means "maybe more". The Link's own `offset` wins over offset + limit.
 */
export function nextPage(
  headers: Headers,
  offset: number,
  limit: number,
  received: number,
  requestUrl?: string,
): NextPage | null {
  const more = headers.get('x-more-available');
  const hasMore = more === null ? received >= limit && limit > 0 : more.trim().toLowerCase() === 'true';
  if (!hasMore) return null;
  const link = nextLink(headers.get('link'), requestUrl);
  if (link) {
    const linked = Number(new URL(link).searchParams.get('offset') ?? NaN);
    if (Number.isSafeInteger(linked) && linked > offset) return { url: link, offset: linked };
  }
  return { url: null, offset: offset + Math.max(limit, received) };
}
