// Numbers and dates in the system's locale (the messages are English; the formats follow the user's settings).
import { formatNumber } from '#shared/charts/chartFormat.ts';
import { dayNumber } from '../filters/periods.ts';

export interface Format {
  locale: string;
  count(n: number): string;
  /** A score with one decimal (Happy Index, NPS, average). */
  score(n: number | null | undefined): string;
  /** A signed change, e.g. +3.2 or −1,204. */
  delta(n: number | null | undefined, digits?: number): string;
  percent(share: number | null | undefined): string;
  /** A local date `yyyy-MM-dd` as the locale writes it. */
  day(text: string): string;
  dateTime(iso: string): string;
  /** A wall-clock local time `yyyy-MM-ddTHH:mm…` as the locale writes it, without moving it to another zone. */
  wallTime(local: string): string;
}

export function createFormat(locale: string): Format {
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const wall = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  return {
    locale,
    // The same rules as the charts' formatters (chartFormat.ts), so an exported chart writes numbers as the app.
    count: (n) => formatNumber({ style: 'count', locale }, n),
    score: (n) => (n === null || n === undefined ? '–' : formatNumber({ style: 'score', locale }, n)),
    delta: (n, digits = 1) =>
      n === null || n === undefined
        ? '–'
        : new Intl.NumberFormat(locale, {
            signDisplay: 'exceptZero',
            minimumFractionDigits: digits,
            maximumFractionDigits: digits,
          }).format(n),
    percent: (s) => (s === null || s === undefined ? '–' : formatNumber({ style: 'percent', locale }, s)),
    day: (text) => {
      const n = dayNumber(text);
      return n === null ? text : day.format(new Date(n * 86_400_000));
    },
    dateTime: (iso) => {
      const d = new Date(iso);
      return Number.isNaN(d.getTime()) ? iso : dateTime.format(d);
    },
    wallTime: (local) => {
      const d = new Date(`${local.slice(0, 16)}:00Z`);
      return Number.isNaN(d.getTime()) ? local : wall.format(d);
    },
  };
}

let current: Format | null = null;

/** The app's formats (system locale); tests may set a fixed locale. */
export function useFormat(): Format {
  current ??= createFormat(typeof navigator === 'undefined' ? 'en' : navigator.language || 'en');
  return current;
}

export function setFormatLocale(locale: string | null): void {
  current = locale === null ? null : createFormat(locale);
}
