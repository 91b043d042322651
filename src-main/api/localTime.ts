// Reading the service's local timestamps (`yyyy-MM-ddTHH:mm:ss.SSS±HH:MM`): wall-clock fields from the text, the
// instant from its own offset. The machine's time zone is never consulted.

export interface LocalTimestamp {
  /** The local wall-clock time as milliseconds since 1970-01-01T00:00 on that same wall clock. */
  localMs: number;
  /** The timestamp's own offset from UTC in minutes (+120 for `+02:00`). */
  offsetMinutes: number;
}

const pattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})$/;

/** Null when the text is not such a timestamp or names an impossible date or time. Years before 1970 are refused. */
export function parseLocalTimestamp(text: string): LocalTimestamp | null {
  const m = pattern.exec(text);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const hour = Number(m[4]);
  const minute = Number(m[5]);
  const second = m[6] === undefined ? 0 : Number(m[6]);
  const ms = m[7] === undefined ? 0 : Math.floor(Number(`0.${m[7]}`) * 1000 + 1e-6);
  if (year < 1970 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59)
    return null;
  const localMs = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  if (new Date(localMs).getUTCDate() !== day) return null; // e.g. 2023-02-30
  const zone = m[8] ?? 'Z';
  let offsetMinutes = 0;
  if (zone !== 'Z') {
    const digits = zone.replace(':', '');
    const hours = Number(digits.slice(1, 3));
    const minutes = Number(digits.slice(3, 5));
    if (hours > 18 || minutes > 59) return null;
    offsetMinutes = (digits[0] === '-' ? -1 : 1) * (hours * 60 + minutes);
  }
  return { localMs, offsetMinutes };
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
