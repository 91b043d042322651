// The stored form of a feedback's `ui` (migration 0016): the three values the service sends are stored as one byte
// that no text can hold (0x80, 0x81, 0x82: a lone UTF-8 continuation byte, never written from a string), any other
// value as sent. So a value stored before 0016 (always valid UTF-8) reads as itself, and nothing had to be rewritten.

const codes: Record<string, Buffer> = {
  physical: Buffer.from([0x80]),
  touchless: Buffer.from([0x81]),
  digital: Buffer.from([0x82]),
};

/** The values stored as a code, in the order of their bytes (0x80, 0x81, 0x82). */
export const uiCodeNames = ['physical', 'touchless', 'digital'] as const;

/** A value's code as 1..3 (its byte is 0x7f + that), or 0 when it is stored as text. */
export function uiCodeIndex(ui: string): number {
  return uiCodeNames.indexOf(ui as (typeof uiCodeNames)[number]) + 1;
}

/** The value bound for a stored `ui`: a code's byte (bound as `CAST(? AS TEXT)`, see uiParam) or the text as sent. */
export function encodeUi(ui: string | null): Buffer | string | null {
  return ui === null ? null : (codes[ui] ?? ui);
}

/** The placeholder of a `ui` value in an INSERT: a code's byte becomes TEXT (a STRICT TEXT column refuses a BLOB). */
export const uiParam = 'CAST(? AS TEXT)';

/** SQL reading a stored `ui` column (`column`, e.g. `f.ui`) back as the value the service sent. */
export const uiOf = (column: string): string =>
  `CASE ${column} WHEN CAST(x'80' AS TEXT) THEN 'physical' WHEN CAST(x'81' AS TEXT) THEN 'touchless' ` +
  `WHEN CAST(x'82' AS TEXT) THEN 'digital' ELSE ${column} END`;
