// How far back the stored history is complete while newest first fills it in (the presses' cursors' `back`, the other
// v2 lists' recent ranges and skipped days, v1's survey cursors' `back`), and the progress event saying so.
import type { HistoryCoverage, PendingHistory, SyncProgress } from '#shared/contract.ts';
import type { Store } from '../store/db.ts';
import { buttonFeedbackStream, parseCursor } from './plan.ts';
import type { FeedbackCursor } from './plan.ts';
import { parseV1Cursor } from './v1Plan.ts';
import { parseListCursor } from './v2ListPlan.ts';

/** The progress events' stream name for coverage (SyncProgress.coverage). */
export const coverageStream = 'history';

/** The windowed v2 streams that are alerts (every other windowed stream is a feedback list). */
const alertStreams = new Set(['v2:alerts', 'v2:alert-comments']);

const latest = (days: readonly string[]): string | null =>
  days.length === 0 ? null : days.reduce((a, b) => (a > b ? a : b));
const earliest = (days: readonly string[]): string | null =>
  days.length === 0 ? null : days.reduce((a, b) => (a < b ? a : b));

/**
 * Coverage over the streams' cursors (one per scope): complete from the latest frontier of those still filling in
 * (each scope's history is complete from its own `from`); ready once every stream's first window is stored.
 */
export function coverageOf(cursors: readonly (FeedbackCursor | null)[]): HistoryCoverage {
  const known = cursors.filter((c): c is FeedbackCursor => c !== null);
  if (known.length === 0) return { completeFrom: null, firstWindowReady: false };
  const ready = known.every((c) => c.complete || c.syncedAt !== null);
  const completeFrom = latest(known.flatMap((c) => (c.back ? [c.from] : [])));
  return { completeFrom, firstWindowReady: ready };
}

/** The presses' cursors as stored (every scope's button-feedback stream). */
function storedPressCursors(rows: readonly { stream: string; cursor: unknown }[]): (FeedbackCursor | null)[] {
  return rows
    .filter((c) => c.stream === buttonFeedbackStream || c.stream.startsWith(`${buttonFeedbackStream}@`))
    .map((c) => parseCursor(c.cursor));
}

/**
 * Everything still filling in, each with its frontier: the presses (their cursors, as given: the sync's own while it
 * runs); the windowed v2 lists and alerts whose days do not reach back to the presses' first day yet (their recent
 * range stored, their history to come or under way: complete from the recent range's start); v1's surveys with a
 * history pending (complete from the latest of their `from`).
 */
export function pendingOf(
  rows: readonly { stream: string; cursor: unknown }[],
  presses: readonly (FeedbackCursor | null)[],
): PendingHistory[] {
  const known = presses.filter((c): c is FeedbackCursor => c !== null);
  const out: PendingHistory[] = [];
  const pressesFrom = latest(known.flatMap((c) => (c.back ? [c.from] : [])));
  if (pressesFrom) out.push({ part: 'presses', completeFrom: pressesFrom });
  const floor = earliest(known.map((c) => c.back?.floor ?? c.from));
  const lists: string[] = [];
  const alerts: string[] = [];
  const v1: string[] = [];
  for (const row of rows) {
    const list = floor ? parseListCursor(row.cursor) : null;
    if (list && floor) {
      const frontier = list.skip ? list.skip.from : list.from > floor ? list.from : null;
      if (frontier) (alertStreams.has(row.stream) ? alerts : lists).push(frontier);
      continue;
    }
    const survey = row.stream.startsWith('v1:survey:') ? parseV1Cursor(row.cursor) : null;
    if (survey?.back) v1.push(survey.from);
  }
  for (const [part, days] of [
    ['lists', lists],
    ['alerts', alerts],
    ['v1', v1],
  ] as const) {
    const from = latest(days);
    if (from) out.push({ part, completeFrom: from });
  }
  return out;
}

/** The coverage with everything pending, the presses' own part from the given cursors (default: the stored ones). */
export function coverageWithPending(
  store: Store,
  presses?: readonly (FeedbackCursor | null)[],
): HistoryCoverage {
  const rows = store.checkpoints.all();
  const cursors = presses ?? storedPressCursors(rows);
  const pending = pendingOf(rows, cursors);
  const coverage = coverageOf(cursors);
  // A v1-only file: its views can open once every survey's recent days are stored.
  const v1Only = cursors.length === 0 && rows.some((r) => r.stream.startsWith('v1:survey:'));
  const firstWindowReady = coverage.firstWindowReady || (v1Only && v1RecentStored(rows));
  return { ...coverage, firstWindowReady, pending };
}

/** Whether every v1 survey's planned recent days (or its one pass) are stored. */
function v1RecentStored(rows: readonly { stream: string; cursor: unknown }[]): boolean {
  return rows
    .filter((r) => r.stream.startsWith('v1:survey:'))
    .every((r) => {
      const c = parseV1Cursor(r.cursor);
      return c !== null && c.done >= c.to;
    });
}

/** The coverage of the stored cursors (every scope's button-feedback stream, every other pending part). */
export function storedCoverage(store: Store): HistoryCoverage {
  return coverageWithPending(store);
}

/** The progress event carrying a coverage, with a sentence for the command line's progress lines. */
export function coverageProgress(c: HistoryCoverage): SyncProgress {
  const pending = c.pending ?? [];
  const message =
    c.completeFrom === null && pending.length === 0
      ? 'History complete.'
      : `Complete from ${latest(pending.map((p) => p.completeFrom)) ?? c.completeFrom}; history before it is still syncing${
          pending.length > 0 ? ` (${pending.map((p) => `${p.part} from ${p.completeFrom}`).join(', ')})` : ''
        }${c.listsReady === false ? "; the lists' newest days come next" : ''}.`;
  return {
    stream: coverageStream,
    phase: c.completeFrom === null && pending.length === 0 ? 'done' : 'running',
    items: 0,
    pages: 0,
    fraction: null,
    message,
    coverage: c,
  };
}
