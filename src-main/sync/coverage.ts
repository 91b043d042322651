// How far back the stored v2 history is complete, from the button-feedback cursors (newest first: a first sync
// stores its newest window, then fills in the days before it; plan.ts `back`), and the progress event saying so.
import type { HistoryCoverage, SyncProgress } from '#shared/contract.ts';
import type { Store } from '../store/db.ts';
import { buttonFeedbackStream, parseCursor } from './plan.ts';
import type { FeedbackCursor } from './plan.ts';

/** The progress events' stream name for coverage (SyncProgress.coverage). */
export const coverageStream = 'history';

/**
 * Coverage over the streams' cursors (one per scope): complete from the latest frontier of those still filling in
 * (each scope's history is complete from its own `from`); ready once every stream's first window is stored.
 */
export function coverageOf(cursors: readonly (FeedbackCursor | null)[]): HistoryCoverage {
  const known = cursors.filter((c): c is FeedbackCursor => c !== null);
  if (known.length === 0) return { completeFrom: null, firstWindowReady: false };
  const ready = known.every((c) => c.complete || c.syncedAt !== null);
  const frontiers = known.flatMap((c) => (c.back ? [c.from] : []));
  const completeFrom = frontiers.length === 0 ? null : frontiers.reduce((a, b) => (a > b ? a : b));
  return { completeFrom, firstWindowReady: ready };
}

/** The coverage of the stored cursors (every scope's button-feedback stream). */
export function storedCoverage(store: Store): HistoryCoverage {
  const cursors = store.checkpoints
    .all()
    .filter((c) => c.stream === buttonFeedbackStream || c.stream.startsWith(`${buttonFeedbackStream}@`))
    .map((c) => parseCursor(c.cursor));
  return coverageOf(cursors);
}

/** The progress event carrying a coverage, with a sentence for the command line's progress lines. */
export function coverageProgress(c: HistoryCoverage): SyncProgress {
  const message =
    c.completeFrom === null
      ? 'History complete.'
      : `Complete from ${c.completeFrom}; history before it is still syncing${c.listsReady === false ? " (the lists' newest days first)" : ''}.`;
  return {
    stream: coverageStream,
    phase: c.completeFrom === null ? 'done' : 'running',
    items: 0,
    pages: 0,
    fraction: null,
    message,
    coverage: c,
  };
}
