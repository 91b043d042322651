// v2 results/button-feedbacks.{json,csv}: one record per press, written straight into a Buffer for speed.
import { CSV_TYPE, JSON_TYPE, type Reply } from '../http/reply.ts';
import { formatTimestamp } from '../world/calendar.ts';
import { PRESS_MISUSE, type World } from '../world/types.ts';
import { ByteWriter } from './byteWriter.ts';
import { type V2Context, pagingHeaders } from './context.ts';
import { csvCell, csvRow } from './csv.ts';
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

/**
 * A smiley belongs to one (experience point, survey) pair, so everything of a record but the id, the
 * time, the button and the misuse flag is constant per smiley: prepared byte fragments per smiley.
 */
interface Fragments {
  start: Buffer;
  head: Buffer[];
  mid: Buffer[];
  tail: Buffer[];
  tailMisuse: Buffer[];
  between: Buffer;
}

const fragmentCache = new WeakMap<World, Map<string, Fragments>>();

function fragments(world: World, l: FeedbackLookups, format: 'json' | 'csv', sep: string): Fragments {
  let perWorld = fragmentCache.get(world);
  if (!perWorld) fragmentCache.set(world, (perWorld = new Map()));
  const key = `${format}${sep}`;
  const hit = perWorld.get(key);
  if (hit) return hit;
  const b = (s: string): Buffer => Buffer.from(s, 'utf8');
  const pair = (k: number) => world.assignments[world.smileys[k]?.assignmentIndex ?? 0];
  const survey = (k: number) => l.surveyIds[pair(k)?.surveyIndex ?? 0];
  const ep = (k: number) => l.epIds[pair(k)?.epIndex ?? 0];
  const f: Fragments =
    format === 'json'
      ? {
          start: b('{"feedbackId":"'),
          head: world.smileys.map((_, k) => b(`","smileyId":${l.smileyIds[k]},"localTime":"`)),
          mid: world.smileys.map((_, k) =>
            b(`","surveyId":${survey(k)},"experiencePointId":${ep(k)},"buttonIndex":`),
          ),
          tail: world.smileys.map((_, k) =>
            b(
              `,"misuse":false,"smileyType":"${l.smileyTypes[k]}","position":${BUTTON_POSITION},"ui":"${l.smileyUis[k]}"}`,
            ),
          ),
          tailMisuse: world.smileys.map((_, k) =>
            b(
              `,"misuse":true,"smileyType":"${l.smileyTypes[k]}","position":${BUTTON_POSITION},"ui":"${l.smileyUis[k]}"}`,
            ),
          ),
          between: b(','),
        }
      : {
          start: b(''),
          head: world.smileys.map((_, k) => b(`${sep}${l.smileyIds[k]}${sep}`)),
          mid: world.smileys.map((_, k) => b(`${sep}${survey(k)}${sep}${ep(k)}${sep}`)),
          tail: world.smileys.map((_, k) =>
            b(
              `${sep}false${sep}${csvCell(l.smileyTypes[k], sep)}${sep}${BUTTON_POSITION}${sep}${csvCell(l.smileyUis[k], sep)}\r\n`,
            ),
          ),
          tailMisuse: world.smileys.map((_, k) =>
            b(
              `${sep}true${sep}${csvCell(l.smileyTypes[k], sep)}${sep}${BUTTON_POSITION}${sep}${csvCell(l.smileyUis[k], sep)}\r\n`,
            ),
          ),
          between: b(''),
        };
  perWorld.set(key, f);
  return f;
}

export function buttonFeedbacks(ctx: V2Context): Reply {
  const { world } = ctx;
  const { page, offset, limit } = runFeedbackQuery(ctx, 'button', 0, 0);
  const l = feedbackLookups(world);
  const p = world.presses;
  const headers = pagingHeaders(ctx, page.more, offset, limit);
  const sep = ctx.separator;
  // Ids, times and numbers never need CSV quoting unless the separator could occur inside them.
  if (ctx.format === 'csv' && /[0-9a-fA-F:.+\-T]/.test(sep)) return slowCsv(ctx, page.presses, headers, l);
  const f = fragments(world, l, ctx.format, sep);
  const w = new ByteWriter(page.presses.length * 260 + 512);
  if (ctx.format === 'json') w.bytes(Buffer.from('['));
  else w.bytes(Buffer.from(csvRow(BUTTON_FEEDBACK_COLUMNS, sep), 'utf8'));
  for (let k = 0; k < page.presses.length; k++) {
    const i = page.presses[k] ?? 0;
    const sm = p.smiley[i] ?? 0;
    const t = p.ts[i] ?? 0;
    const zone = world.zones[l.epZone[p.ep[i] ?? 0] ?? 0];
    if (k > 0) w.bytes(f.between);
    w.bytes(f.start);
    w.uuid(world.seed, i);
    w.bytes(f.head[sm] ?? f.between);
    w.timestamp(t, zone ? zone.offsetAt(t) : 0);
    w.bytes(f.mid[sm] ?? f.between);
    w.int(p.button[i] ?? 0);
    w.bytes(((p.flags[i] ?? 0) & PRESS_MISUSE ? f.tailMisuse[sm] : f.tail[sm]) ?? f.between);
  }
  if (ctx.format === 'json') w.bytes(Buffer.from(']'));
  return {
    status: 200,
    headers,
    body: w.result(),
    contentType: ctx.format === 'json' ? JSON_TYPE : CSV_TYPE,
  };
}

function slowCsv(
  ctx: V2Context,
  presses: number[],
  headers: Record<string, string>,
  l: FeedbackLookups,
): Reply {
  const { world } = ctx;
  const p = world.presses;
  let body = csvRow(BUTTON_FEEDBACK_COLUMNS, ctx.separator);
  for (const i of presses) {
    const sm = p.smiley[i] ?? 0;
    const id = new ByteWriter(36);
    id.uuid(world.seed, i);
    body += csvRow(
      [
        id.result().toString('latin1'),
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
      ctx.separator,
    );
  }
  return { status: 200, headers, body, contentType: CSV_TYPE };
}
