// v1 surveys/:key/openfeedback (cursor pages of texts) and surveys/:key/followup (pain points and highlights).
import { type Reply, badRequest, jsonReply } from '../http/reply.ts';
import { followupOf, textOf } from '../world/pressContent.ts';
import { PRESS_FOLLOWUP, PRESS_TEXT } from '../world/types.ts';
import type { V1Survey } from './company.ts';
import { type V1Context, cursorReply, dateRange, lowerBound } from './context.ts';
import { ZoneFormatter } from './timestamps.ts';

/** date_start inclusive, date_end exclusive, both optional; end before start is 400. */
function window(ctx: V1Context): { from: number; to: number } {
  const { start, end } = dateRange(ctx.params);
  if (start !== undefined && end !== undefined && end < start)
    throw badRequest("Parameter 'date_end' is before 'date_start'");
  return { from: start ?? -Infinity, to: end ?? Infinity };
}

/**
 * GET /v1/surveys/:key/openfeedback: `{ts, r, relevance, spam, f?, text}` per press with a text (spam
 * included and marked), earliest first, cut between timestamps after the nominal page size.
 */
export function openFeedback(ctx: V1Context, s: V1Survey): Reply {
  const { company } = ctx;
  const { world } = company;
  const { ts, button, flags } = world.presses;
  const { from, to } = window(ctx);
  const list = company.presses(s);
  const fmt = new ZoneFormatter(s.zone);
  let out = '';
  let n = 0;
  let lastT = NaN;
  let more: string | undefined;
  for (let k = from === -Infinity ? 0 : lowerBound(list, ts, from); k < list.length; k++) {
    const i = list[k] ?? 0;
    const t = ts[i] ?? 0;
    if (t >= to) break;
    const f = flags[i] ?? 0;
    if (!(f & PRESS_TEXT)) continue;
    if (n >= ctx.pageSizes.openFeedback && t !== lastT) {
      more = fmt.format(t);
      break;
    }
    const text = textOf(world, i);
    if (!text) continue;
    const chosen = f & PRESS_FOLLOWUP ? followupOf(world, i) : undefined;
    out +=
      `${n === 0 ? '' : ','}{"ts":"${fmt.format(t)}","r":${button[i]},"relevance":${text.relevance},"spam":${text.spam}` +
      `${chosen ? `,"f":${company.followupJson(chosen.option)}` : ''},"text":${JSON.stringify(text.text)}}`;
    n++;
    lastT = t;
  }
  return cursorReply(out, more);
}

interface FollowUpResult {
  key: number;
  name: string;
  data: number[];
  percentages: number[];
}

/**
 * GET /v1/surveys/:key/followup. Per side (pain points: the negative question; highlights: the positive
 * one) every option chosen in the period, in the question's option order, with responses per button and
 * percentages: per button, the option's share of that side's follow-up responses (0 where the side has
 * none for the button), rounded to two decimals.
 */
export function followUps(ctx: V1Context, s: V1Survey): Reply {
  const { company } = ctx;
  const { world } = company;
  const { ts, button, flags } = world.presses;
  const { from, to } = window(ctx);
  const list = company.presses(s);
  const counts = new Map<number, number[]>();
  for (let k = from === -Infinity ? 0 : lowerBound(list, ts, from); k < list.length; k++) {
    const i = list[k] ?? 0;
    if ((ts[i] ?? 0) >= to) break;
    if (!((flags[i] ?? 0) & PRESS_FOLLOWUP)) continue;
    const chosen = followupOf(world, i);
    if (!chosen) continue;
    let c = counts.get(chosen.option.index);
    if (!c) counts.set(chosen.option.index, (c = [0, 0, 0, 0]));
    const b = button[i] ?? 0;
    c[b] = (c[b] ?? 0) + 1;
  }
  const pair = world.followupsBySurvey[s.survey.index];
  const side = (questionIndex: number | undefined): FollowUpResult[] => {
    const question = questionIndex === undefined ? undefined : world.followupQuestions[questionIndex];
    const rows = (question?.optionIndexes ?? []).flatMap((o) => {
      const option = world.followupOptions[o];
      const data = counts.get(o);
      return option && data ? [{ option, data }] : [];
    });
    const totals = [0, 1, 2, 3].map((b) => rows.reduce((sum, r) => sum + (r.data[b] ?? 0), 0));
    return rows.map(({ option, data }) => ({
      key: option.id + company.offset,
      name: option.text,
      data,
      percentages: data.map((v, b) => {
        const total = totals[b] ?? 0;
        return total === 0 ? 0 : Math.round((10_000 * v) / total) / 100;
      }),
    }));
  };
  return jsonReply({ meta: {}, data: { painPoints: side(pair?.[0]), highlights: side(pair?.[1]) } });
}
