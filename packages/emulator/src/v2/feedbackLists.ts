// v2 follow-up, text, demographics, contact-details and metadata lists: common fields plus each kind's own.
import { CSV_TYPE, JSON_TYPE, type Reply } from '../http/reply.ts';
import {
  contactOf,
  demographicsOf,
  followupOf,
  metadataCount,
  metadataOf,
  textOf,
} from '../world/pressContent.ts';
import {
  PRESS_CONTACT,
  PRESS_DEMOGRAPHICS,
  PRESS_FOLLOWUP,
  PRESS_METADATA,
  PRESS_MISUSE,
  PRESS_SPAM,
  PRESS_TEXT,
  type World,
} from '../world/types.ts';
import { feedbackId } from '../world/world.ts';
import { feedbackLookups, localTimeOf } from './buttonFeedbacks.ts';
import { type V2Context, pagingHeaders } from './context.ts';
import { type CsvValue, csvRow } from './csv.ts';
import { runFeedbackQuery } from './feedbackQuery.ts';

export const COMMON_FEEDBACK_COLUMNS = [
  'feedbackId',
  'smileyId',
  'localTime',
  'surveyId',
  'experiencePointId',
  'buttonIndex',
  'misuse',
  'smileyType',
] as const;

/** Step of the feedback flow each record kind comes from. */
export const POSITION = { button: 1, followup: 2, text: 3, contact: 4 } as const;

interface ListSpec {
  kind: string;
  requireFlags: number;
  columns: readonly string[];
  values(world: World, press: number, sub: number, ui: string): CsvValue[];
  recordsOf?: (world: World, press: number) => number;
}

export const FEEDBACK_LISTS: Record<string, ListSpec> = {
  followup: {
    kind: 'followup',
    requireFlags: PRESS_FOLLOWUP,
    columns: [
      'position',
      'ui',
      'followupQuestionId',
      'followupOptionId',
      'followupOptionTextInDefaultLocale',
    ],
    values(world, i, _sub, ui) {
      const f = followupOf(world, i);
      return [POSITION.followup, ui, f?.question.id, f?.option.id, f?.option.text];
    },
  },
  text: {
    kind: 'text',
    requireFlags: PRESS_TEXT,
    columns: [
      'position',
      'ui',
      'text',
      'maskedText',
      'rephrasedText',
      'textInEnglish',
      'spam',
      'categories',
      'themes',
    ],
    values(world, i, _sub, ui) {
      const t = textOf(world, i);
      return [
        POSITION.text,
        ui,
        t?.text,
        t?.maskedText,
        t?.rephrasedText,
        t?.textInEnglish,
        t?.spam,
        t?.categories,
        t?.themes,
      ];
    },
  },
  demographics: {
    kind: 'demographics',
    requireFlags: PRESS_DEMOGRAPHICS,
    columns: ['gender', 'age'],
    values(world, i) {
      const d = demographicsOf(world, i);
      return [d?.gender, d?.age];
    },
  },
  contact: {
    kind: 'contact',
    requireFlags: PRESS_CONTACT,
    columns: ['position', 'name', 'email', 'phoneNumber'],
    values(world, i) {
      const c = contactOf(world, i);
      return [POSITION.contact, c?.name, c?.email, c?.phoneNumber];
    },
  },
  metadata: {
    kind: 'metadata',
    requireFlags: PRESS_METADATA,
    columns: ['key', 'value'],
    values(world, i, sub) {
      const m = metadataOf(world, i)[sub];
      return [m?.key, m?.value];
    },
    recordsOf: metadataCount,
  },
};

function jsonValue(v: CsvValue): string {
  return v === undefined || v === null ? 'null' : typeof v === 'string' ? JSON.stringify(v) : String(v);
}

export function feedbackList(spec: ListSpec): (ctx: V2Context) => Reply {
  return (ctx) => {
    const { world } = ctx;
    // Text feedbacks include spam unless includeSpam=false.
    const excludeSpam = spec.kind === 'text' && ctx.params.bool('includeSpam') === false;
    const recordsOf = spec.recordsOf;
    const { page, offset, limit } = runFeedbackQuery(
      ctx,
      spec.kind,
      spec.requireFlags,
      excludeSpam ? PRESS_SPAM : 0,
      recordsOf && ((i: number) => recordsOf(world, i)),
    );
    const l = feedbackLookups(world);
    const p = world.presses;
    const headers = pagingHeaders(ctx, page.more, offset, limit);
    const parts: string[] = [];
    const names = spec.columns.map((c) => `,"${c}":`);
    const sep = ctx.separator;
    if (ctx.format === 'csv') parts.push(csvRow([...COMMON_FEEDBACK_COLUMNS, ...spec.columns], sep));
    page.presses.forEach((i, k) => {
      const sm = p.smiley[i] ?? 0;
      const common: CsvValue[] = [
        feedbackId(world, i),
        l.smileyIds[sm],
        localTimeOf(world, l, i),
        l.surveyIds[p.survey[i] ?? 0],
        l.epIds[p.ep[i] ?? 0],
        p.button[i],
        ((p.flags[i] ?? 0) & PRESS_MISUSE) !== 0,
        l.smileyTypes[sm],
      ];
      const extra = spec.values(world, i, page.subs[k] ?? 0, l.smileyUis[sm] ?? '');
      if (ctx.format === 'csv') {
        parts.push(csvRow([...common, ...extra], sep));
        return;
      }
      let s = `{"feedbackId":"${common[0]}","smileyId":${common[1]},"localTime":"${common[2]}","surveyId":${common[3]},"experiencePointId":${common[4]},"buttonIndex":${common[5]},"misuse":${common[6]},"smileyType":"${common[7]}"`;
      extra.forEach((v, c) => (s += names[c] + jsonValue(v)));
      parts.push(s + '}');
    });
    if (ctx.format === 'csv') return { status: 200, headers, body: parts.join(''), contentType: CSV_TYPE };
    return { status: 200, headers, body: `[${parts.join(',')}]`, contentType: JSON_TYPE };
  };
}
