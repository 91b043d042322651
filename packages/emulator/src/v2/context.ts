// What every v2 route receives, the per-world lookup tables they share, and the paging headers.
import type { V2Identity } from '../http/identities.ts';
import type { Params } from '../http/params.ts';
import type { World } from '../world/types.ts';
import type { CursorCache } from './feedbackScan.ts';

export type Format = 'json' | 'csv';

export interface V2Context {
  world: World;
  identity: V2Identity;
  params: Params;
  url: URL;
  /** Absolute base the client used (scheme://host:port), for Link headers. */
  origin: string;
  format: Format;
  separator: string;
  cursors: CursorCache;
}

/** X-More-Available always; Link to the next page (offset advanced by limit, all else kept) when there is more. */
export function pagingHeaders(
  ctx: V2Context,
  more: boolean,
  offset: number,
  limit: number,
): Record<string, string> {
  const headers: Record<string, string> = { 'X-More-Available': more ? 'true' : 'false' };
  if (more) {
    const next = new URLSearchParams(ctx.url.searchParams);
    next.set('offset', String(offset + limit));
    headers.Link = `<${ctx.origin}${ctx.url.pathname}?${next.toString()}>; rel="next"`;
  }
  return headers;
}

/** Experience points (by index) whose node lies in [lo, hi). */
export function epMask(world: World, lo: number, hi: number): Uint8Array {
  return Uint8Array.from(world.experiencePoints, (e) => (e.nodeIndex >= lo && e.nodeIndex < hi ? 1 : 0));
}
