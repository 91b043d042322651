// The analyst's notes (annotations) placed on a trend's time axis: each note's first and last day turned into the
// buckets of the axis' grain, then into indexes of its labels. Notes outside the axis are left out.
import type { TimeGrain } from '../contract.ts';
import { formatIsoWeek, formatMonth, formatQuarter, monthIndexOf, parseLocalDate } from '../calendar.ts';
import type { TrendNote } from './trendChart.ts';

/** A note as a chart needs it: its days (yyyy-MM-dd, both included) and its words. */
export interface ChartNote {
  from: string;
  to: string;
  text: string;
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
): TrendNote[] {
  const out: TrendNote[] = [];
  for (const note of notes) {
    const first = bucketOfDay(note.from, grain);
    const last = bucketOfDay(note.to, grain);
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
    out.push(to < from ? { from, to: from, label: note.text } : { from, to, label: note.text });
  }
  return out;
}
