// A hostile world: a generated tiny world whose every name, question, option, user, device and comment is replaced,
// deterministically, by text that would run, navigate, fetch or break the layout if it were ever treated as markup.
import { generateWorld } from '#emulator/index.ts';
import { worldFromFixture, worldToFixture } from '#emulator/world/fixture.ts';
import type { World } from '#emulator/index.ts';

/** The world's present: fixed, so the same fixture comes out on every run. */
export const hostileNow = '2026-11-20T12:00:00Z';

const longWord = 'W'.repeat(10_000);
const longLine = 'lorem ipsum dolor '.repeat(556).slice(0, 10_000);

/** Each is text that must arrive on screen exactly as written. The marker `PWNED` is what a payload would set. */
export const hostileTexts = [
  `<img src=x onerror="document.title='PWNED';alert(1)">`,
  `<a href="javascript:alert('PWNED')">click me</a>`,
  `javascript:alert(document.domain)`,
  `{{ constructor.constructor('alert("PWNED")')() }}`,
  `<script>alert('PWNED')</script>`,
  `<svg onload=alert(1)><style>body{display:none}</style>`,
  `" onmouseover="alert(1)" data-x="`,
  `<img src="https://tracker.invalid/pixel.png">`,
  `=HYPERLINK("https://evil.invalid","PWNED")`,
  `\u202Eevil.exe\u202C مرحبا بالعالم — שלום עולם`,
  `👩‍👩‍👧‍👦🏳️‍🌈 zero\u200Bwidth\u200Djoin\uFEFF end`,
  longWord,
  longLine,
] as const;

/** The hostile text number k (cycling), with a suffix that keeps names of one kind apart. */
function pick(k: number, suffix = ''): string {
  return `${hostileTexts[k % hostileTexts.length] ?? ''}${suffix}`;
}

type Json = Record<string, unknown>;
const asList = (v: unknown): Json[] => (Array.isArray(v) ? (v as Json[]) : []);

/** Replaces every localization's text by hostile text, numbering from `start`. */
function hostileLocalizations(v: unknown, start: number): Json[] {
  return asList(v).map((l, k) => ({ ...l, text: pick(start + k) }));
}

/** The fixture JSON of the hostile world (seed and size of a generated world; same input, same output). */
export function hostileFixture(seed = 5): Json {
  const base = worldToFixture(generateWorld({ seed, size: 'tiny', now: new Date(hostileNow) }));
  return {
    ...base,
    tree: asList(base.tree).map((n, k) => ({ ...n, name: pick(k, ` #${String(n.id)}`) })),
    questions: asList(base.questions).map((q, k) => ({
      ...q,
      localizations: hostileLocalizations(q.localizations, k + 3),
    })),
    followupQuestions: asList(base.followupQuestions).map((q, k) => ({
      ...q,
      localizations: hostileLocalizations(q.localizations, k + 5),
      options: asList(q.options).map((o, j) => ({
        ...o,
        localizations: hostileLocalizations(o.localizations, k + j + 7),
      })),
    })),
    smileys: asList(base.smileys).map((s, k) => ({ ...s, name: pick(k + 1) })),
    users: asList(base.users).map((u, k) => ({ ...u, firstName: pick(k + 2), lastName: pick(k + 9) })),
    customDataValues: asList(base.customDataValues).map((v, k) => ({ ...v, value: pick(k + 4) })),
    commentTexts: [...hostileTexts],
  };
}

/** The hostile world itself, loaded through the fixture reader (what `emulator --fixture` serves). */
export function hostileWorld(seed = 5): World {
  return worldFromFixture(hostileFixture(seed));
}
