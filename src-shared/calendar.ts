// Local calendar arithmetic on day numbers (days since 1970-01-01 on the wall clock, no time zone): dates, ISO
// weeks (Monday first, week 1 holds the year's first Thursday), months, quarters, years, shifts by months and years.

const msPerDay = 86_400_000;
const msPerHour = 3_600_000;

export interface CivilDate {
  year: number;
  /** 1..12 */
  month: number;
  /** 1..31 */
  day: number;
}

/** The calendar date of a local day number. */
export function civilOf(dayNumber: number): CivilDate {
  const d = new Date(dayNumber * msPerDay);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** The local day number of a calendar date (month and day may overflow, as in Date.UTC). */
export function dayNumberOf(year: number, month: number, day: number): number {
  return Math.round(Date.UTC(year, month - 1, day) / msPerDay);
}

/** `yyyy-MM-dd` of a local day number. */
export function formatLocalDay(dayNumber: number): string {
  return new Date(dayNumber * msPerDay).toISOString().slice(0, 10);
}

/** `yyyy-MM-ddTHH` of a local hour key (hours since 1970-01-01T00 on the wall clock). */
export function formatLocalHour(hourKey: number): string {
  return new Date(hourKey * msPerHour).toISOString().slice(0, 13);
}

/** Local day number of a `yyyy-MM-dd` text, or null when it is not a real date (2023-02-29, 2024-04-31). */
export function parseLocalDate(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const dayNumber = dayNumberOf(Number(m[1]), Number(m[2]), Number(m[3]));
  return formatLocalDay(dayNumber) === text ? dayNumber : null;
}

/** ISO weekday, 1 = Monday … 7 = Sunday (1970-01-01 was a Thursday). */
export function weekdayOf(dayNumber: number): number {
  return ((((dayNumber + 3) % 7) + 7) % 7) + 1;
}

/** The Monday starting the ISO week that holds the day. */
export function isoWeekStart(dayNumber: number): number {
  return dayNumber - weekdayOf(dayNumber) + 1;
}

/**
 * ISO 8601 week of a day: the week-numbering year is the year of the week's Thursday, and week 1 is the week
 * holding that year's 4 January (so 2020-12-31 is 2020-W53 and 2021-01-03 still 2020-W53; 2024-12-30 is 2025-W01).
 */
export function isoWeekOf(dayNumber: number): { year: number; week: number } {
  const thursday = isoWeekStart(dayNumber) + 3;
  const year = civilOf(thursday).year;
  const week = Math.floor((thursday - dayNumberOf(year, 1, 1)) / 7) + 1;
  return { year, week };
}

/** `yyyy-Www` of the ISO week holding the day. */
export function formatIsoWeek(dayNumber: number): string {
  const { year, week } = isoWeekOf(dayNumber);
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The Monday of an ISO week `yyyy-Www`, or null when that year has no such week. */
export function parseIsoWeek(text: string): number | null {
  const m = /^(\d{4})-W(\d{2})$/.exec(text);
  if (!m) return null;
  const year = Number(m[1]);
  const week = Number(m[2]);
  const monday = isoWeekStart(dayNumberOf(year, 1, 4)) + (week - 1) * 7;
  return week >= 1 && isoWeekOf(monday).year === year ? monday : null;
}

/** Months since 1970-01 of a day: the month bucket number. */
export function monthIndexOf(dayNumber: number): number {
  const { year, month } = civilOf(dayNumber);
  return (year - 1970) * 12 + month - 1;
}

/** The first day of a month bucket number. */
export function monthStart(monthIndex: number): number {
  return dayNumberOf(1970 + Math.floor(monthIndex / 12), (((monthIndex % 12) + 12) % 12) + 1, 1);
}

/** `yyyy-MM` of a month bucket number. */
export function formatMonth(monthIndex: number): string {
  return formatLocalDay(monthStart(monthIndex)).slice(0, 7);
}

/** `yyyy-Qn` of a day. */
export function formatQuarter(dayNumber: number): string {
  const { year, month } = civilOf(dayNumber);
  return `${year}-Q${Math.ceil(month / 3)}`;
}

/**
 * The same date `months` months later (earlier when negative), clamped to the month's last day: 2024-02-29 minus
 * twelve months is 2023-02-28, 2024-03-31 minus one month is 2024-02-29.
 */
export function addMonths(dayNumber: number, months: number): number {
  const { year, month, day } = civilOf(dayNumber);
  const first = dayNumberOf(year, month + months, 1);
  const last = dayNumberOf(year, month + months + 1, 1) - 1;
  return Math.min(first + day - 1, last);
}

/** True when the day is the first of its month. */
export function isMonthStart(dayNumber: number): boolean {
  return civilOf(dayNumber).day === 1;
}
