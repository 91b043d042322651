// Reading the service's local timestamps (`yyyy-MM-ddTHH:mm:ss.SSS±HH:MM`): wall-clock fields from the text, the
// instant from its own offset. The machine's time zone is never consulted.

export interface LocalTimestamp {
  /** The local wall-clock time as milliseconds since 1970-01-01T00:00 on that same wall clock. */
  localMs: number;
  /** The timestamp's own offset from UTC in minutes (+120 for `+02:00`). */
  offsetMinutes: number;
}

const daysInMonth = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Reads `len` decimal digits at `at` (before `end`), or -1. (Bytes: the hot path, ~100M calls in an xlarge sync.) */
function digits(b: Uint8Array, at: number, len: number, end: number): number {
  if (at + len > end) return -1;
  let n = 0;
  for (let i = at; i < at + len; i++) {
    const c = (b[i] ?? 0) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

const Z = 90;
const PLUS = 43;
const MINUS = 45;
const COLON = 58;
const DOT = 46;

/**
 * `parseLocalTimestamp` over the bytes [start, end) of a text (ASCII; e.g. a string of a page's JSON, read where it
 * lies): the local wall-clock ms in `out[0]`, the offset in minutes in `out[1]`; false (out untouched) when it is not
 * such a timestamp.
 */
// eslint-disable-next-line complexity -- a hand-written parser of one format: each field's range check is a branch (a pattern alone would accept impossible dates)
export function localTimestampInto(b: Uint8Array, start: number, end: number, out: Float64Array): boolean {
  const year = digits(b, start, 4, end);
  const month = digits(b, start + 5, 2, end);
  const day = digits(b, start + 8, 2, end);
  const hour = digits(b, start + 11, 2, end);
  const minute = digits(b, start + 14, 2, end);
  if (b[start + 4] !== MINUS || b[start + 7] !== MINUS || b[start + 10] !== 84 || b[start + 13] !== COLON)
    return false;
  if (year < 1970 || month < 1 || month > 12 || day < 1 || hour < 0 || hour > 23 || minute < 0 || minute > 59)
    return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 && leap ? 29 : (daysInMonth[month - 1] ?? 0))) return false;
  let i = start + 16;
  let second = 0;
  let ms = 0;
  if (i < end && b[i] === COLON) {
    second = digits(b, i + 1, 2, end);
    if (second < 0 || second > 59) return false;
    i += 3;
    if (i < end && b[i] === DOT) {
      let j = i + 1;
      let scale = 100;
      for (; j < end; j++) {
        const c = (b[j] ?? 0) - 48;
        if (c < 0 || c > 9) break;
        ms += c * scale;
        scale /= 10;
      }
      if (j === i + 1 || j - i - 1 > 9) return false;
      ms = Math.floor(ms + 1e-6);
      i = j;
    }
  }
  let offsetMinutes = 0;
  const sign = i < end ? b[i] : -1;
  if (sign === Z) {
    if (end !== i + 1) return false;
  } else if (sign === PLUS || sign === MINUS) {
    const colon = i + 3 < end && b[i + 3] === COLON ? 1 : 0;
    const oh = digits(b, i + 1, 2, end);
    const om = digits(b, i + 3 + colon, 2, end);
    if (end !== i + 5 + colon || oh < 0 || oh > 18 || om < 0 || om > 59) return false;
    offsetMinutes = (sign === MINUS ? -1 : 1) * (oh * 60 + om);
  } else return false;
  out[0] = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  out[1] = offsetMinutes;
  return true;
}

/** The longest such timestamp: nine fraction digits and an offset with a colon (35 characters). */
const longest = 35;
const textBytes = new Uint8Array(longest);
const parsed = new Float64Array(2);

/**
 * `yyyy-MM-ddTHH:mm[:ss[.fraction]](Z|±HH:MM|±HHMM)`. Null when the text is not such a timestamp or names an
 * impossible date or time. Years before 1970 are refused. (Read as bytes by localTimestampInto: one parser for both.)
 */
export function parseLocalTimestamp(text: string): LocalTimestamp | null {
  const n = text.length;
  if (n > longest) return null;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c > 127) return null; // every character of a timestamp is ASCII
    textBytes[i] = c;
  }
  if (!localTimestampInto(textBytes, 0, n, parsed)) return null;
  return { localMs: parsed[0] ?? 0, offsetMinutes: parsed[1] ?? 0 };
}

const msPerHour = 3_600_000;
const msPerDay = 86_400_000;

/** The instant, as epoch milliseconds. */
export function utcMs(t: LocalTimestamp): number {
  return t.localMs - t.offsetMinutes * 60_000;
}

/** Local hours since 1970-01-01T00 on the wall clock: the rollup's hour key. */
export function localHourKey(localMs: number): number {
  return Math.floor(localMs / msPerHour);
}

/** `yyyy-MM-dd` of a local day number (days since 1970-01-01 on the wall clock). */
export function formatLocalDay(dayNumber: number): string {
  return new Date(dayNumber * msPerDay).toISOString().slice(0, 10);
}

/** `yyyy-MM-ddTHH` of a local hour key. */
export function formatLocalHour(hourKey: number): string {
  return new Date(hourKey * msPerHour).toISOString().slice(0, 13);
}

/** Local day number of a `yyyy-MM-dd` text, or null when it is not a real date. */
export function parseLocalDate(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (formatLocalDay(ms / msPerDay) !== text) return null;
  return ms / msPerDay;
}

/** The local calendar fields of a wall-clock time: ISO weekday 1 = Monday … 7 = Sunday. */
export function localCalendar(localMs: number): { day: string; hour: number; weekday: number } {
  const dayNumber = Math.floor(localMs / msPerDay);
  return {
    day: formatLocalDay(dayNumber),
    hour: Math.floor((localMs - dayNumber * msPerDay) / msPerHour),
    weekday: ((dayNumber + 3) % 7) + 1, // 1970-01-01 was a Thursday (4)
  };
}
