// Reading the service's local timestamps (`yyyy-MM-ddTHH:mm:ss.SSS±HH:MM`): wall-clock fields from the text, the
// instant from its own offset. The machine's time zone is never consulted.

export interface LocalTimestamp {
  /** The local wall-clock time as milliseconds since 1970-01-01T00:00 on that same wall clock. */
  localMs: number;
  /** The timestamp's own offset from UTC in minutes (+120 for `+02:00`). */
  offsetMinutes: number;
}

const daysInMonth = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Reads `len` decimal digits at `at`, or -1. (Char codes: hot path, ~10M calls in a large sync.) */
function digits(text: string, at: number, len: number): number {
  let n = 0;
  for (let i = at; i < at + len; i++) {
    const c = text.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

/**
 * `yyyy-MM-ddTHH:mm[:ss[.fraction]](Z|±HH:MM|±HHMM)`. Null when the text is not such a timestamp or names an
 * impossible date or time. Years before 1970 are refused.
 */
// eslint-disable-next-line complexity -- a hand-written parser of one format: each field's range check is a branch (a pattern alone would accept impossible dates)
export function parseLocalTimestamp(text: string): LocalTimestamp | null {
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  const hour = digits(text, 11, 2);
  const minute = digits(text, 14, 2);
  if (text[4] !== '-' || text[7] !== '-' || text[10] !== 'T' || text[13] !== ':') return null;
  if (year < 1970 || month < 1 || month > 12 || day < 1 || hour < 0 || hour > 23 || minute < 0 || minute > 59)
    return null;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 && leap ? 29 : (daysInMonth[month - 1] ?? 0))) return null;
  let i = 16;
  let second = 0;
  let ms = 0;
  if (text[i] === ':') {
    second = digits(text, i + 1, 2);
    if (second < 0 || second > 59) return null;
    i += 3;
    if (text[i] === '.') {
      let j = i + 1;
      let scale = 100;
      for (; j < text.length; j++) {
        const c = text.charCodeAt(j) - 48;
        if (c < 0 || c > 9) break;
        ms += c * scale;
        scale /= 10;
      }
      if (j === i + 1 || j - i - 1 > 9) return null;
      ms = Math.floor(ms + 1e-6);
      i = j;
    }
  }
  let offsetMinutes = 0;
  const sign = text[i];
  if (sign === 'Z') {
    if (text.length !== i + 1) return null;
  } else if (sign === '+' || sign === '-') {
    const colon = text[i + 3] === ':' ? 1 : 0;
    const oh = digits(text, i + 1, 2);
    const om = digits(text, i + 3 + colon, 2);
    if (text.length !== i + 5 + colon || oh < 0 || oh > 18 || om < 0 || om > 59) return null;
    offsetMinutes = (sign === '-' ? -1 : 1) * (oh * 60 + om);
  } else return null;
  return { localMs: Date.UTC(year, month - 1, day, hour, minute, second, ms), offsetMinutes };
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
