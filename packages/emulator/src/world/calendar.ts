// Calendar arithmetic on epoch days (days since 1970-01-01) and fast formatting of local timestamps.

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

export interface CivilDate {
  year: number;
  month: number; // 1..12
  day: number; // 1..31
}

/** Epoch day → proleptic Gregorian date (H. Hinnant's civil_from_days). */
export function civilFromDays(days: number): CivilDate {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

export function daysFromCivil(year: number, month: number, day: number): number {
  return Math.floor(Date.UTC(year, month - 1, day) / DAY_MS);
}

/** 0 = Monday … 6 = Sunday (1970-01-01 was a Thursday). */
export function weekdayOfDay(days: number): number {
  return (((days + 3) % 7) + 7) % 7;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Adds whole months to a date's first day (used for month and quarter periods). */
export function firstOfMonthPlus(year: number, month: number, add: number): number {
  const m0 = year * 12 + (month - 1) + add;
  return daysFromCivil(Math.floor(m0 / 12), (m0 % 12) + 1, 1);
}

/** Parses a strict `yyyy-MM-dd` into an epoch day; undefined when malformed or not a real date. */
export function parseIsoDate(text: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return undefined;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return daysFromCivil(year, month, day);
}

const P2: string[] = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
const P3: string[] = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));
const dateCache = new Map<number, string>();
const offsetCache = new Map<number, string>();

/** `yyyy-MM-dd` of an epoch day (memoised: the world spans a few thousand days). */
export function formatDay(days: number): string {
  let s = dateCache.get(days);
  if (s === undefined) {
    const c = civilFromDays(days);
    s = `${String(c.year).padStart(4, '0')}-${P2[c.month]}-${P2[c.day]}`;
    if (dateCache.size < 100_000) dateCache.set(days, s);
  }
  return s;
}

/** `±HH:MM` for an offset in minutes. */
export function formatOffset(minutes: number): string {
  let s = offsetCache.get(minutes);
  if (s === undefined) {
    const abs = Math.abs(minutes);
    s = `${minutes < 0 ? '-' : '+'}${P2[Math.floor(abs / 60)]}:${P2[abs % 60]}`;
    offsetCache.set(minutes, s);
  }
  return s;
}

/** `yyyy-MM-ddTHH:mm:ss.SSS` of a local wall-clock time given as ms since the local epoch. */
export function formatLocalWallTime(localMs: number): string {
  const days = Math.floor(localMs / DAY_MS);
  let rest = localMs - days * DAY_MS;
  const h = Math.floor(rest / HOUR_MS);
  rest -= h * HOUR_MS;
  const mi = Math.floor(rest / MINUTE_MS);
  rest -= mi * MINUTE_MS;
  const s = Math.floor(rest / 1000);
  const ms = rest - s * 1000;
  return `${formatDay(days)}T${P2[h]}:${P2[mi]}:${P2[s]}.${P3[ms]}`;
}

/** `yyyy-MM-ddTHH:mm:ss.SSS±HH:MM` of an instant shown at a given offset. */
export function formatTimestamp(utcMs: number, offsetMinutes: number): string {
  return formatLocalWallTime(utcMs + offsetMinutes * MINUTE_MS) + formatOffset(offsetMinutes);
}
