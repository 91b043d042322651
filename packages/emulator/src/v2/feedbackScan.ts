// Finds one page of feedback records in the time-sorted press columns, with a cursor cache for sequential paging.
import type { TimeWindow } from '../http/timeWindow.ts';
import { firstPressAtOrAfter } from '../world/world.ts';
import { PRESS_MISUSE, type World } from '../world/types.ts';

export interface ScanQuery {
  /** Experience points (by index) the query may return: authorised set ∩ experiencePointId filter. */
  epAllowed: Uint8Array;
  /** Survey index to keep, -1 for any, -2 for none (unknown survey id). */
  surveyIndex: number;
  window: TimeWindow;
  includeMisuse: boolean;
  /** Every bit here must be set on the press (e.g. PRESS_TEXT for text feedbacks). */
  requireFlags: number;
  /** No bit here may be set (e.g. PRESS_SPAM when includeSpam=false). */
  excludeFlags: number;
  descending: boolean;
  offset: number;
  limit: number;
  /** Records per matching press (metadata has several); default one. */
  recordsOf?: (pressIndex: number) => number;
  /** Everything above except offset and limit, canonically written: the cursor cache key. */
  cacheKey: string;
}

export interface ScanPage {
  /** Press index of each record, and which record of that press it is. */
  presses: number[];
  subs: number[];
  more: boolean;
}

interface Cursor {
  segment: number;
  position: number;
  sub: number;
}

/** Remembers where the next page of a query starts, so paging through a year stays linear. */
export class CursorCache {
  private readonly max: number;
  private readonly map = new Map<string, Cursor>();

  constructor(max = 2048) {
    this.max = max;
  }

  get(key: string): Cursor | undefined {
    const c = this.map.get(key);
    if (c) {
      this.map.delete(key);
      this.map.set(key, c);
    }
    return c;
  }

  set(key: string, cursor: Cursor): void {
    this.map.delete(key);
    this.map.set(key, cursor);
    if (this.map.size > this.max) {
      const oldest = this.map.keys().next();
      if (!oldest.done) this.map.delete(oldest.value);
    }
  }
}

// eslint-disable-next-line max-lines-per-function -- the scan's filter and cursor walk stay beside the loop over the press columns they read (the hot path of every v2 list page)
export function scanFeedback(world: World, q: ScanQuery, cache: CursorCache): ScanPage {
  const { ts, ep, survey, flags } = world.presses;
  const zoneOfEp = Uint8Array.from(world.experiencePoints, (e) => e.zoneIndex);
  const segments = q.descending ? [...q.window.segments].reverse() : q.window.segments;
  const step = q.descending ? -1 : 1;

  const matches = (i: number): boolean => {
    const e = ep[i] ?? 0;
    if (q.epAllowed[e] !== 1) return false;
    if (q.surveyIndex !== -1 && survey[i] !== q.surveyIndex) return false;
    const f = flags[i] ?? 0;
    if (!q.includeMisuse && f & PRESS_MISUSE) return false;
    if ((f & q.requireFlags) !== q.requireFlags || f & q.excludeFlags) return false;
    const iv = q.window.zoneIntervals[zoneOfEp[e] ?? 0];
    if (!iv) return false;
    const t = ts[i] ?? 0;
    for (let k = 0; k < iv.length; k += 2) if (t >= (iv[k] ?? 0) && t < (iv[k + 1] ?? 0)) return true;
    return false;
  };
  const startOf = (s: number): number => {
    const seg = segments[s];
    if (!seg) return 0;
    return q.descending ? firstPressAtOrAfter(world, seg[1]) - 1 : firstPressAtOrAfter(world, seg[0]);
  };
  const inSegment = (s: number, i: number): boolean => {
    const seg = segments[s];
    if (!seg || i < 0 || i >= world.presses.count) return false;
    const t = ts[i] ?? 0;
    return t >= seg[0] && t < seg[1];
  };

  const page: ScanPage = { presses: [], subs: [], more: false };
  if (q.surveyIndex === -2 || segments.length === 0) return page;

  // Resume where an earlier page of the same query stopped, or skip `offset` records from the start.
  const cached = cache.get(`${q.cacheKey}@${q.offset}`);
  let segment = cached ? cached.segment : 0;
  let position = cached ? cached.position : startOf(0);
  let sub = cached ? cached.sub : 0;
  let skip = cached ? 0 : q.offset;
  const wanted = q.limit;

  while (segment < segments.length) {
    if (!inSegment(segment, position)) {
      segment++;
      position = startOf(segment);
      sub = 0;
      continue;
    }
    if (matches(position)) {
      const records = q.recordsOf ? q.recordsOf(position) : 1;
      while (sub < records) {
        if (skip > 0) {
          skip--;
          sub++;
          continue;
        }
        if (page.presses.length === wanted) {
          page.more = true;
          cache.set(`${q.cacheKey}@${q.offset + wanted}`, { segment, position, sub });
          return page;
        }
        page.presses.push(position);
        page.subs.push(sub);
        sub++;
      }
    }
    position += step;
    sub = 0;
  }
  return page;
}
