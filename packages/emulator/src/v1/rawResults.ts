// v1 surveys/:key/rawresults: every press (misuse included) written straight from the press columns, cursor-paged.
import type { Reply } from '../http/reply.ts';
import { daysFromCivil } from '../world/calendar.ts';
import { followupOf, textOf } from '../world/pressContent.ts';
import { PRESS_FOLLOWUP, PRESS_HOURLY_SUM, PRESS_TEXT } from '../world/types.ts';
import type { V1Survey } from './company.ts';
import { type V1Context, cursorReply, dateRange, lowerBound } from './context.ts';
import { ZoneFormatter } from './timestamps.ts';

/** Digital open feedback given before this local date comes split in two raw results (DECISIONS.md). */
export const SPLIT_FORM_UNTIL = daysFromCivil(2020, 3, 1);

/** The `o` members of an open feedback (text, relevance, spam), without braces. */
function openFeedbackMembers(text: { text: string; relevance: number; spam: boolean }): string {
  return `"text":${JSON.stringify(text.text)},"relevance":${text.relevance},"spam":${text.spam}`;
}

/**
 * GET /v1/surveys/:key/rawresults. Items in time order: `{ts, r}` per press (with `f` when followup=true,
 * `o` when openfeedback=true), `{ts, data}` per hourly-sum device and hour, and for digital open feedback
 * before 2020-03-01 the button press and a separate `{ts, o: {r, text, …}}`. Pages hold the nominal size,
 * completed to the end of their last timestamp; meta.moreResultsAfter is the first timestamp not returned.
 */
// eslint-disable-next-line max-lines-per-function, complexity -- one pass over a survey's presses writing v1's raw-result page (split-form era, follow-ups, open feedback, page end) in the order the service writes them
export function rawResults(ctx: V1Context, s: V1Survey): Reply {
  const { params, company } = ctx;
  const { start, end } = dateRange(params);
  const withFollowup = params.bool('followup') ?? false;
  const withOpen = params.bool('openfeedback') ?? false;
  if (start !== undefined && end !== undefined && end <= start) return cursorReply('', undefined);
  const pageSize = withOpen ? ctx.pageSizes.rawOpenFeedback : ctx.pageSizes.raw;
  const { world } = company;
  const { ts, button, flags, smiley } = world.presses;
  const list = company.presses(s);
  const stop = end ?? Infinity;
  const splitBefore = s.assignment.kind === 'WEB' ? s.zone.localMidnight(SPLIT_FORM_UNTIL) : -Infinity;
  const fmt = new ZoneFormatter(s.zone);
  let out = '';
  let n = 0;
  let more: string | undefined;
  let k = start === undefined ? 0 : lowerBound(list, ts, start);
  while (k < list.length) {
    const t = ts[list[k] ?? 0] ?? 0;
    if (t >= stop) break;
    const stamp = fmt.format(t);
    if (n >= pageSize) {
      more = stamp;
      break;
    }
    let g = k + 1;
    while (g < list.length && ts[list[g] ?? 0] === t) g++;
    const head = `{"ts":"${stamp}"`;
    let sums: Map<number, number[]> | undefined;
    for (let q = k; q < g; q++) {
      const i = list[q] ?? 0;
      const f = flags[i] ?? 0;
      const b = button[i] ?? 0;
      if (f & PRESS_HOURLY_SUM) {
        sums ??= new Map();
        const device = smiley[i] ?? 0;
        let c = sums.get(device);
        if (!c) sums.set(device, (c = [0, 0, 0, 0]));
        c[b] = (c[b] ?? 0) + 1;
        continue;
      }
      let item = `${head},"r":${b}`;
      if (withFollowup && f & PRESS_FOLLOWUP) {
        const chosen = followupOf(world, i);
        if (chosen) item += `,"f":${company.followupJson(chosen.option)}`;
      }
      if (withOpen && f & PRESS_TEXT) {
        const text = textOf(world, i);
        if (text && t < splitBefore) {
          // Older digital devices: the press, then the text with the button inside `o` and no root r.
          out += `${n === 0 ? '' : ','}${item}},${head},"o":{"r":${b},${openFeedbackMembers(text)}}}`;
          n += 2;
          continue;
        }
        if (text) item += `,"o":{${openFeedbackMembers(text)}}`;
      }
      out += `${n === 0 ? '' : ','}${item}}`;
      n++;
    }
    if (sums)
      for (const c of sums.values()) {
        out += `${n === 0 ? '' : ','}${head},"data":[${c.join(',')}]}`;
        n++;
      }
    k = g;
  }
  return cursorReply(out, more);
}
