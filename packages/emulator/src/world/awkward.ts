// The `awkward` world (`--size awkward`): a small account of every shape a real one may have — a group without
// points, a point without surveys, a survey without presses, no users (alert comments then name no user), a scale,
// device type and ui the documents do not list, emoji, RTL, zero-width characters and 10,000-character texts.
import { DAY_MS, formatDay } from './calendar.ts';
import { worldFromFixture } from './fixture.ts';
import { FIXTURE_FORMAT, FIXTURE_VERSION } from './fixtureDump.ts';
import { keyedRng } from './prng.ts';
import type { World } from './types.ts';

/** Exactly `n` code points (never a lone surrogate) of `text` repeated. */
function codePoints(text: string, n: number): string {
  const unit = Array.from(text);
  return Array.from({ length: n }, (_, i) => unit[i % unit.length] ?? '').join('');
}

const rtl = '\u200Fמחוז צפון\u200F — \u0645\u0642\u0647\u0649 \u0627\u0644\u0645\u062D\u0637\u0629';
const zeroWidth = 'Zero\u200Bwidth\u200C\u200Djoin\u2060\uFEFF';
const emoji = '👩‍👩‍👧‍👦 🏳️‍🌈 🍕☕';
export const awkwardLongName = codePoints(`Lange Filiale ${rtl} ${emoji} ${zeroWidth} `, 10_000);

/** A scale, device type and ui a newer service might send (served as written; the clients keep them as unknown). */
export const awkwardUnknown = { scale: 'stars7', smileyType: 'SMILEY_KIOSK', ui: 'voice' } as const;

/** The fixture JSON of the awkward world: the same (seed, now) always give the same fixture. */
// eslint-disable-next-line max-lines-per-function -- a data literal: the awkward world's fixture, one awkward shape after another
export function awkwardFixture(seed: number, now: number): Record<string, unknown> {
  const rng = keyedRng(seed, 0xa3c7);
  const nowDay = Math.floor(now / DAY_MS);
  const base = 20_000 + Math.floor(rng() * 500);
  const id = {
    root: base,
    empty: base + 3,
    region: base + 7,
    cafe: base + 11,
    bare: base + 12,
    long: base + 20,
  };
  const zone = (name: string) => ({ zone: name, kind: 'physical', country: '' });
  const period = (from: number, to: number) => [{ startDate: formatDay(from), endDate: formatDay(to) }];
  const q = { a: 300 + Math.floor(rng() * 40), b: 350, c: 351 };
  const s = { four: 4_100 + Math.floor(rng() * 40), odd: 4_150, silent: 4_151 };
  const a = { four: 80_000 + Math.floor(rng() * 40), odd: 80_050, silent: 80_051 };
  const m = { terminal: 560_000, kiosk: 560_001, touch: 560_002, silent: 560_003 };

  // Presses: the four-button survey on two devices (one of a new type and ui), the new scale on a touch device;
  // the NPS survey has none. Inside the surveys' periods, never at or after now.
  const time: number[] = [];
  const smileyId: number[] = [];
  const button: number[] = [];
  const flags: number[] = [];
  // Only the four-button survey has follow-up questions, so only its presses carry a follow-up.
  const add = (device: number, buttons: number, days: number, count: number, touch: boolean): void => {
    for (let k = 0; k < count; k++) {
      time.push(now - 60_000 - Math.floor(rng() * days * DAY_MS));
      smileyId.push(device);
      button.push(Math.floor(rng() * buttons));
      const r = rng();
      // misuse 1, follow-up 4, text 8, demographics 16 (touch only), contact 32, metadata 64
      flags.push(
        (r < 0.05 ? 1 : 0) |
          (!touch && r > 0.3 && r < 0.6 ? 4 : 0) |
          (r > 0.5 && r < 0.8 ? 8 : 0) |
          (touch && r > 0.7 ? 16 : 0) |
          (r > 0.9 ? 32 : 0) |
          (r > 0.95 ? 64 : 0),
      );
    }
  };
  add(m.terminal, 4, 380, 500, false);
  add(m.kiosk, 4, 200, 300, false);
  add(m.touch, 7, 150, 250, true);

  const localized = (text: string) => [{ locale: 'en_US', text }];
  return {
    format: FIXTURE_FORMAT,
    version: FIXTURE_VERSION,
    seed,
    now: new Date(now).toISOString(),
    size: 'awkward',
    tree: [
      { id: id.root, name: `Ｗｅｉｒｄ ${emoji} Holding ${zeroWidth}`, parentId: null, type: 'GROUP' },
      { id: id.empty, name: 'Leere Gruppe: keine Punkte 🕳️', parentId: id.root, type: 'GROUP' },
      { id: id.region, name: rtl, parentId: id.root, type: 'GROUP' },
      {
        id: id.cafe,
        name: `Café ${emoji} ${rtl}`,
        parentId: id.region,
        type: 'EXPERIENCE_POINT',
        experiencePoint: zone('Europe/Berlin'),
      },
      {
        id: id.bare,
        name: `${zeroWidth} (no surveys)`,
        parentId: id.region,
        type: 'EXPERIENCE_POINT',
        experiencePoint: zone('Asia/Jerusalem'),
      },
      {
        id: id.long,
        name: awkwardLongName,
        parentId: id.region,
        type: 'EXPERIENCE_POINT',
        experiencePoint: zone('Australia/Sydney'),
      },
    ],
    questions: [
      { id: q.a, defaultLocale: 'en_US', localizations: localized(`How was it? ${emoji} ${rtl}`) },
      { id: q.b, defaultLocale: 'en_US', localizations: localized(awkwardLongName) },
      { id: q.c, defaultLocale: 'en_US', localizations: localized(`${zeroWidth} recommend?`) },
    ],
    surveys: [
      { id: s.four, questionId: q.a, scale: 'four', periods: period(nowDay - 400, nowDay + 30) },
      {
        id: s.odd,
        questionId: q.b,
        scale: awkwardUnknown.scale,
        buttons: 7,
        periods: period(nowDay - 160, nowDay + 30),
      },
      {
        id: s.silent,
        questionId: q.c,
        scale: 'nps',
        indexType: 'NPS',
        periods: period(nowDay - 100, nowDay + 100),
      },
    ],
    assignments: [
      { key: a.four, experiencePointId: id.cafe, surveyId: s.four, kind: 'TERMINAL' },
      { key: a.odd, experiencePointId: id.long, surveyId: s.odd, kind: 'TABLET' },
      { key: a.silent, experiencePointId: id.long, surveyId: s.silent, kind: 'TABLET' },
    ],
    smileys: [
      {
        id: m.terminal,
        name: `Terminal ${emoji}`,
        type: 'SMILEY_TERMINAL',
        ui: 'physical',
        assignmentKey: a.four,
      },
      {
        id: m.kiosk,
        name: `Kiosk ${rtl}`,
        type: awkwardUnknown.smileyType,
        ui: awkwardUnknown.ui,
        assignmentKey: a.four,
      },
      { id: m.touch, name: awkwardLongName, type: 'SMILEY_TOUCH', ui: 'digital', assignmentKey: a.odd },
      { id: m.silent, name: zeroWidth, type: 'SMILEY_TOUCH', ui: 'digital', assignmentKey: a.silent },
    ],
    followupQuestions: [false, true].map((positive, k) => ({
      id: 900 + k,
      surveyId: s.four,
      positive,
      localizations: localized(positive ? `What was great? ${emoji}` : `What went wrong? ${rtl}`),
      options: [0, 1].map((j) => ({
        id: 950 + 2 * k + j,
        localizations: localized(j === 0 ? zeroWidth : awkwardLongName),
      })),
    })),
    users: [],
    commentTexts: [`${emoji} super!`, `${rtl} !`, zeroWidth, awkwardLongName],
    presses: { time, smileyId, button, flags },
  };
}

export function awkwardWorld(seed: number, now: number): World {
  return worldFromFixture(awkwardFixture(seed, now));
}
