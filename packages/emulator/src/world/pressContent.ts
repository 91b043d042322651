// Content of a press that is derived, not stored: follow-up choice, comment, demographics, contact, metadata.
// Each is a pure function of (seed, press index), so every view of the world sees the same values.
import {
  FIRST_NAMES,
  LAST_NAMES,
  METADATA_KEYS,
  NEGATIVE_COMMENTS,
  POSITIVE_COMMENTS,
  SPAM_COMMENTS,
} from './contentCatalog.ts';
import { hash32 } from './prng.ts';
import {
  PRESS_CONTACT,
  PRESS_DEMOGRAPHICS,
  PRESS_FOLLOWUP,
  PRESS_METADATA,
  PRESS_SPAM,
  PRESS_TEXT,
  type FollowupOption,
  type FollowupQuestion,
  type World,
} from './types.ts';

const unit = (world: World, i: number, salt: number): number =>
  hash32(world.seed, i, salt, 0xc0) / 4294967296;

/** Negative answers (the two red buttons; NPS detractors 0..6) get the pain-point follow-up. */
export function isNegativeAnswer(buttons: number, button: number): boolean {
  return buttons === 11 ? button <= 6 : button <= 1;
}

export function followupOf(
  world: World,
  i: number,
): { question: FollowupQuestion; option: FollowupOption } | undefined {
  if (!((world.presses.flags[i] ?? 0) & PRESS_FOLLOWUP)) return undefined;
  const survey = world.surveys[world.presses.survey[i] ?? 0];
  const pair = world.followupsBySurvey[survey?.index ?? 0];
  if (!survey || !pair) return undefined;
  const negative = isNegativeAnswer(survey.buttons, world.presses.button[i] ?? 0);
  const question = world.followupQuestions[negative ? pair[0] : pair[1]];
  if (!question) return undefined;
  // Earlier options are chosen more often.
  const u = unit(world, i, 1);
  const option =
    world.followupOptions[question.optionIndexes[Math.floor(u * u * question.optionIndexes.length)] ?? -1];
  return option ? { question, option } : undefined;
}

export interface TextContent {
  text: string;
  maskedText: string;
  rephrasedText: string;
  textInEnglish: string;
  spam: boolean;
  categories: string;
  themes: string;
  /** 0..1, quality of the text (v1 `relevance`). */
  relevance: number;
}

const EMAIL = /[\w.+-]+@[\w-]+\.[\w.]+/g;
const PHONE = /\+?\d[\d ]{6,}\d/g;

function mask(text: string): string {
  return text.replace(EMAIL, '***@***').replace(PHONE, '*** *** ***');
}

function rephrase(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  const capital = t.charAt(0).toUpperCase() + t.slice(1);
  return /[.!?。！]$/u.test(capital) ? capital : `${capital}.`;
}

export function textOf(world: World, i: number): TextContent | undefined {
  const flags = world.presses.flags[i] ?? 0;
  if (!(flags & PRESS_TEXT)) return undefined;
  const u = unit(world, i, 2);
  if (flags & PRESS_SPAM) {
    const text = SPAM_COMMENTS[Math.floor(u * SPAM_COMMENTS.length)] ?? '';
    return {
      text,
      maskedText: mask(text),
      rephrasedText: '',
      textInEnglish: text,
      spam: true,
      categories: '',
      themes: '',
      relevance: 0.02,
    };
  }
  const survey = world.surveys[world.presses.survey[i] ?? 0];
  const negative = isNegativeAnswer(survey?.buttons ?? 4, world.presses.button[i] ?? 0);
  const pool = negative ? NEGATIVE_COMMENTS : POSITIVE_COMMENTS;
  const c = pool[Math.floor(u * pool.length)] ?? POSITIVE_COMMENTS[0];
  if (!c) return undefined;
  // A fixture's own texts (commentTexts) replace the catalog's words; categories and themes stay the catalog's.
  const own = world.commentTexts?.[Math.floor(unit(world, i, 32) * world.commentTexts.length)];
  const text = own ?? c.text;
  return {
    text,
    maskedText: mask(text),
    rephrasedText: rephrase(mask(text)),
    textInEnglish: own ?? c.en,
    spam: false,
    categories: c.categories.join(','),
    themes: c.themes.join(','),
    relevance: Math.round((0.35 + 0.65 * unit(world, i, 3)) * 100) / 100,
  };
}

export function demographicsOf(
  world: World,
  i: number,
): { gender: 'male' | 'female'; age: number } | undefined {
  if (!((world.presses.flags[i] ?? 0) & PRESS_DEMOGRAPHICS)) return undefined;
  const u = unit(world, i, 4);
  return {
    gender: unit(world, i, 5) < 0.52 ? 'female' : 'male',
    age: 16 + Math.floor(u * u * 40 + unit(world, i, 6) * 25),
  };
}

export interface ContactContent {
  name: string;
  email: string | null;
  phoneNumber: number | null;
}

export function contactOf(world: World, i: number): ContactContent | undefined {
  if (!((world.presses.flags[i] ?? 0) & PRESS_CONTACT)) return undefined;
  const first = FIRST_NAMES[Math.floor(unit(world, i, 7) * FIRST_NAMES.length)] ?? 'Anna';
  const last = LAST_NAMES[Math.floor(unit(world, i, 8) * LAST_NAMES.length)] ?? 'Müller';
  const byPhone = unit(world, i, 9) < 0.4;
  const local = `${first}.${last}`
    .normalize('NFD')
    .replace(/[^A-Za-z.]/g, '')
    .toLowerCase();
  return {
    name: `${first} ${last}`,
    email: byPhone ? null : `${local}@mail.example`,
    phoneNumber: byPhone ? 491510000000 + Math.floor(unit(world, i, 10) * 9_999_999) : null,
  };
}

export function metadataOf(world: World, i: number): { key: string; value: string }[] {
  if (!((world.presses.flags[i] ?? 0) & PRESS_METADATA)) return [];
  const n = 1 + Math.floor(unit(world, i, 11) * 3);
  const first = Math.floor(unit(world, i, 12) * METADATA_KEYS.length);
  const out: { key: string; value: string }[] = [];
  for (let k = 0; k < n; k++) {
    const spec = METADATA_KEYS[(first + k) % METADATA_KEYS.length];
    if (spec)
      out.push({
        key: spec.key,
        value: spec.values[Math.floor(unit(world, i, 13 + k) * spec.values.length)] ?? '',
      });
  }
  return out;
}

/** Number of metadata records of a press (0..3). */
export function metadataCount(world: World, i: number): number {
  if (!((world.presses.flags[i] ?? 0) & PRESS_METADATA)) return 0;
  return 1 + Math.floor(unit(world, i, 11) * 3);
}
