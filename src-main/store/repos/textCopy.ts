// The stored form of a comment's `masked_text` and `rephrased_text` (migration 0018): a copy equal to the comment's
// `text` (96 % and 56 % of `large`'s comments) is stored as one byte that no text can hold (0x80: a lone UTF-8
// continuation byte, never written from a string), any other value as sent. So a value stored before 0018 (always
// valid UTF-8) reads as itself, and nothing had to be rewritten.

const same = Buffer.from([0x80]);

/** The value bound for a stored copy of `text`: the byte when it equals `text` (bound as `CAST(? AS TEXT)`). */
export function encodeTextCopy(copy: string | null, text: string): Buffer | string | null {
  return copy !== null && copy === text ? same : copy;
}

/** SQL reading a stored copy (`column`, e.g. `t.masked_text`) back as sent, `text` its comment's text column. */
export const textCopyOf = (column: string, text: string): string =>
  `CASE ${column} WHEN CAST(x'80' AS TEXT) THEN ${text} ELSE ${column} END`;
