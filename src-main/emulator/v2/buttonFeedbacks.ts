// v2 results/button-feedbacks.{json,csv}: one record per press, written straight into strings for speed.
import { CSV_TYPE, JSON_TYPE, type Reply } from '../http/reply.ts';
import { formatTimestamp } from '../world/calendar.ts';
import { PRESS_MISUSE, type World } from '../world/types.ts';
import { feedbackId } from '../world/world.ts';
import { type V2Context, pagingHeaders } from './context.ts';
import { csvRow } from './csv.ts';
import { runFeedbackQuery } from './feedbackQuery.ts';

export const BUTTON_FEEDBACK_COLUMNS = [
  'feedbackId',
  'smileyId',
  'localTime',
  'surveyId',
  'experiencePointId',
  'buttonIndex',
  'misuse',
  'smileyType',
  'position',
  'ui',
] as const;

/** The button question is the first step of every feedback flow. */
export const BUTTON_POSITION = 1;

/** Per-world tables that turn column values into output text without lookups by object. */
export interface FeedbackLookups {
  epIds: Int32Array;
  epZone: Uint8Array;
  surveyIds: Int32Array;
  smileyIds: Int32Array;
  smileyTypes: string[];
  smileyUis: string[];
}

const lookupCache = new WeakMap<World, FeedbackLookups>();

export function feedbackLookups(world: World): FeedbackLookups {
  let l = lookupCache.get(world);
  if (!l) {
    l = {
      epIds: Int32Array.from(world.experiencePoints, (e) => e.id),
      epZone: Uint8Array.from(world.experiencePoints, (e) => e.zoneIndex),
      surveyIds: Int32Array.from(world.surveys, (s) => s.id),
      smileyIds: Int32Array.from(world.smileys, (s) => s.id),
      smileyTypes: world.smileys.map((s) => s.type),
      smileyUis: world.smileys.map((s) => s.ui),
    };
    lookupCache.set(world, l);
  }
  return l;
}

/** localTime of press i in its experience point's zone. */
export function localTimeOf(world: World, l: FeedbackLookups, i: number): string {
  const t = world.presses.ts[i] ?? 0;
  const zone = world.zones[l.epZone[world.presses.ep[i] ?? 0] ?? 0];
  return formatTimestamp(t, zone ? zone.offsetAt(t) : 0);
}

export function buttonFeedbacks(ctx: V2Context): Reply {
  const { world } = ctx;
  const { page, offset, limit } = runFeedbackQuery(ctx, 'button', 0, 0);
  const l = feedbackLookups(world);
  const p = world.presses;
  const headers = pagingHeaders(ctx, page.more, offset, limit);
  const parts: string[] = [];
  if (ctx.format === 'json') {
    // Tail per smiley: its type, the position and its ui never change.
    const tails = l.smileyTypes.map(
      (t, k) => `,"smileyType":"${t}","position":${BUTTON_POSITION},"ui":"${l.smileyUis[k] ?? ''}"}`,
    );
    for (const i of page.presses) {
      const sm = p.smiley[i] ?? 0;
      parts.push(
        `{"feedbackId":"${feedbackId(world, i)}","smileyId":${l.smileyIds[sm]},"localTime":"${localTimeOf(world, l, i)}","surveyId":${l.surveyIds[p.survey[i] ?? 0]},"experiencePointId":${l.epIds[p.ep[i] ?? 0]},"buttonIndex":${p.button[i]},"misuse":${(p.flags[i] ?? 0) & PRESS_MISUSE ? 'true' : 'false'}${tails[sm]}`,
      );
    }
    return { status: 200, headers, body: `[${parts.join(',')}]`, contentType: JSON_TYPE };
  }
  const sep = ctx.separator;
  parts.push(csvRow(BUTTON_FEEDBACK_COLUMNS, sep));
  for (const i of page.presses) {
    const sm = p.smiley[i] ?? 0;
    parts.push(
      csvRow(
        [
          feedbackId(world, i),
          l.smileyIds[sm],
          localTimeOf(world, l, i),
          l.surveyIds[p.survey[i] ?? 0],
          l.epIds[p.ep[i] ?? 0],
          p.button[i],
          ((p.flags[i] ?? 0) & PRESS_MISUSE) !== 0,
          l.smileyTypes[sm],
          BUTTON_POSITION,
          l.smileyUis[sm],
        ],
        sep,
      ),
    );
  }
  return { status: 200, headers, body: parts.join(''), contentType: CSV_TYPE };
}
