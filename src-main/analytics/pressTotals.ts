// How many presses and tree items a store holds, from whichever source analytics read (v2, else v1), for the CLI.
import type Database from 'better-sqlite3';
import { pressOrigin } from './query.ts';
import type { PressOrigin } from './query.ts';
import { sourcePresses, treeSize } from '../store/reads/pressCounts.ts';

export interface PressTotals {
  /** The source the counts (and every query) come from: docs/SYNC-SOURCES.md "The rule". */
  source: PressOrigin;
  /** Every press, misuse included: what `query --include-misuse` adds up. */
  presses: number;
  /** What `query` adds up by default (v1: the service's summed results). */
  withoutMisuse: number;
  /** The v2 tree, or the v1 folders of a v1-only store without one. */
  treeItems: number;
}

/**
 * Read from the tables the queries read, so the numbers agree: node -1 of the source's daily node rollup (every
 * press, a few rows per day; v1: the summed results and the raw presses beyond them, as its daily view).
 */
export function pressTotals(db: Database.Database): PressTotals {
  const source = pressOrigin(db);
  const { all, withoutMisuse } = sourcePresses(db, source);
  const v2Tree = treeSize(db, 'points');
  const treeItems = source === 'v1' && v2Tree === 0 ? treeSize(db, 'folders') : v2Tree;
  return { source, presses: all, withoutMisuse, treeItems };
}

/** `2,041 presses (v2 button feedbacks)`, `612 presses (v1 raw results)`. */
export function describePresses(t: PressTotals): string {
  return `${t.presses.toLocaleString('en-US')} presses (${t.source === 'v1' ? 'v1 raw results' : 'v2 button feedbacks'})`;
}
