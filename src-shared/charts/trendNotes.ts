// The analyst's notes (annotations) placed on a time axis: each note's first and last day turned into the
// buckets of the axis' grain, then into indexes of its labels. Notes outside the axis are left out.
import type { TimeGrain } from '../contract.ts';
import { formatIsoWeek, formatMonth, formatQuarter, monthIndexOf, parseLocalDate } from '../calendar.ts';

/** A note as a chart needs it: its days (yyyy-MM-dd, both included) and its words. */
export interface ChartNote {
  from: string;
  to: string;
  text: string;
}

/** An analyst's note on a time axis: one bucket (a line) or a span of buckets (a shaded area), with its words. */
export interface TrendNote {
  /** Indexes on the time axis, both included (from = to: one bucket). */
  from: number;
  to: number;
  /** Untrusted: shortened on the chart and kept literal (canvas text, never HTML). */
  label: string;
  /** The note's own days as written in a tooltip or a table, e.g. "2026-10-10 – 2026-10-20" (absent: not said). */
  days?: string;
}

/** A note's days as the app writes them: one day, or the first and last with a dash. */
export const noteDays = (note: ChartNote): string =>
  note.from === note.to ? note.from : `${note.from} – ${note.to}`;

/** The Monday of a local day's week (yyyy-MM-dd): where a note falls on an axis of weeks named by their Monday. */
export function mondayOf(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return day;
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

/** The bucket label of a local day in `grain` (as the engine names buckets), or null for hours. */
export function bucketOfDay(day: string, grain: TimeGrain): string | null {
  const n = parseLocalDate(day);
  if (n === null) return null;
  if (grain === 'day') return day;
  if (grain === 'week') return formatIsoWeek(n);
  if (grain === 'month') return formatMonth(monthIndexOf(n));
  if (grain === 'quarter') return formatQuarter(n);
  if (grain === 'year') return day.slice(0, 4);
  return null;
}

/** The notes on an axis of sorted bucket labels: from the first label at or after the note's start to the last at or before its end. */
export function notesOnAxis(
  notes: readonly ChartNote[],
  labels: readonly string[],
  grain: TimeGrain,
  axis: { weeks?: boolean } = {},
): TrendNote[] {
  const out: TrendNote[] = [];
  const bucket = (day: string): string | null =>
    axis.weeks ? bucketOfDay(mondayOf(day), 'day') : bucketOfDay(day, grain);
  for (const note of notes) {
    const first = bucket(note.from);
    const last = bucket(note.to);
    if (first === null || last === null) continue;
    const from = labels.findIndex((l) => l >= first);
    let to = -1;
    for (let i = labels.length - 1; i >= 0; i--)
      if ((labels[i] ?? '') <= last) {
        to = i;
        break;
      }
    if (from === -1 || to === -1) continue;
    // A note that falls between two buckets of a sparse axis (days without presses) is marked at the next one.
    const days = noteDays(note);
    out.push(to < from ? { from, to: from, label: note.text, days } : { from, to, label: note.text, days });
  }
  return out;
}
