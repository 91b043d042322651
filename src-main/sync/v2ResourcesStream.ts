// The `v2:resources` stream (every v2 resource besides the tree and the presses) as the scheduler runs it: its plan
// (when it starts relative to the presses) and its body (one pass, or newest first's recent days, then history).
import type { SyncProgress } from '#shared/contract.ts';
import type { Store } from '../store/db.ts';
import { coverageProgress, storedCoverage } from './coverage.ts';
import type { Scheduler, StreamEnd } from './scheduler.ts';
import { surveyDefinitionStreams } from './surveyDefinitions.ts';
import { shrinkThisHeap } from './shrinkHeap.ts';
import { firstWindowStart } from './syncV2.ts';
import { syncV2Resources } from './v2Resources.ts';
import type { SyncV2ResourcesOptions } from './v2Resources.ts';
import { structureStreams } from './v2StructureStreams.ts';

export const v2ResourcesStream = 'v2:resources';

/**
 * When the other resources run:
 * - `newest-first` (a first sync of the whole history, or one whose history is still pending): their recent days
 *   right after the presses' first window, stored before the coverage opens the views; their history after the
 *   presses' history;
 * - `alongside` (a store that holds presses already: a run that re-fetches a few days): beside the presses;
 * - `after` (a first sync of explicit dates): after the presses (alongside, both compete for the two cores and the
 *   write lock: first sync of `large`, button feedbacks 74–87k/s alongside, 111k/s before the resources).
 */
export type ResourcesOrder = 'newest-first' | 'alongside' | 'after';

export function resourcesOrder(store: Store, o: { firstWindowDays: number; full: boolean }): ResourcesOrder {
  const hasPresses = store.buttonFeedback.newestAt() !== null;
  if (o.firstWindowDays > 0 && !o.full && (!hasPresses || storedCoverage(store).completeFrom !== null))
    return 'newest-first';
  return hasPresses ? 'alongside' : 'after';
}

type Window = { from: string; to: string };

/** What every call of the resources' sync shares (the store, the client, the run's options but its days). */
export type ResourcesBase = Omit<
  SyncV2ResourcesOptions,
  'onProgress' | 'since' | 'until' | 'skip' | 'continuesRun'
>;

export interface ResourcesStream {
  readonly order: ResourcesOrder;
  /** Starts the stream over the run's days (once); `definitionsDone`: the survey definitions are stored already. */
  start(window: Window, definitionsDone: boolean): void;
  readonly started: boolean;
  /** Resolves once the recent days are stored (newest first), or at once when the stream has not started. */
  recentStored(): Promise<void>;
  /** The presses have ended; `goOn` false (cancelled): the history is not fetched. */
  pressesEnded(goOn: boolean): void;
  /** Whether the stream ended done (false when it never started). */
  result(): Promise<boolean>;
}

export function createResourcesStream(
  scheduler: Scheduler,
  base: ResourcesBase,
  o: { order: ResourcesOrder; firstWindowDays: number },
): ResourcesStream {
  const recent = deferred<void>();
  const presses = deferred<boolean>();
  let running: Promise<boolean> | undefined;
  return {
    order: o.order,
    start(window, definitionsDone) {
      if (running) return;
      running = scheduler.run(v2ResourcesStream, 'v2', (onProgress) => {
        const call = { base, onProgress, window, definitionsDone };
        if (o.order !== 'newest-first') return onePass(call);
        return newestFirst(call, { firstWindowDays: o.firstWindowDays, recent, presses: presses.promise });
      });
      // A stream that failed before its body ran (its start could not be recorded: a full disk) stored no recent
      // days either: whoever waits for them goes on, and the failure is the scheduler's to report.
      void running.finally(() => recent.resolve());
    },
    get started() {
      return running !== undefined;
    },
    recentStored: () => (running ? recent.promise : Promise.resolve()),
    pressesEnded: (goOn) => presses.resolve(goOn),
    result: () => running ?? Promise.resolve(false),
  };
}

interface Call {
  base: ResourcesBase;
  onProgress: (p: SyncProgress) => void;
  window: Window;
  definitionsDone: boolean;
}

const end = (status: 'done' | 'cancelled', items: number): StreamEnd => ({
  status,
  itemsReceived: items,
  rowsHeld: null,
});

function options(c: Call, since: string): SyncV2ResourcesOptions {
  return {
    ...{ ...c.base, onProgress: c.onProgress, since, until: c.window.to },
    ...(c.definitionsDone ? { skip: surveyDefinitionStreams } : {}),
  };
}

async function onePass(c: Call): Promise<StreamEnd> {
  const r = await syncV2Resources(options(c, c.window.from));
  return end(r.status, r.itemsReceived);
}

/** The recent days (then `recent` resolves, however they ended), and once the presses ended (true: go on), history. */
async function newestFirst(
  c: Call,
  p: { firstWindowDays: number; recent: { resolve: () => void }; presses: Promise<boolean> },
): Promise<StreamEnd> {
  let first;
  try {
    // These days run beside the presses' pipeline (its fetch and writer threads, their caches and batches kept for
    // the history): the pages' garbage on top of it was the sync's peak (`xlarge`: 283–301 MB at a moment here in the
    // first 40 s of four runs). Collected after each page (35 pages, ~55 ms each): 264–274 MB (docs/BENCHMARKS.md,
    // 2026-11-29 13:35). Only here: the history's ~720 pages would pay ~40 s for it, with the presses' threads gone.
    first = await syncV2Resources({
      ...options(c, firstWindowStart(c.window, p.firstWindowDays)),
      afterPage: shrinkThisHeap,
    });
  } finally {
    p.recent.resolve();
  }
  if (first.status === 'cancelled' || !(await p.presses)) return end('cancelled', first.itemsReceived);
  // The replaced-whole lists are stored already; the windowed ones fetch only the days before their recent ones.
  const history = await syncV2Resources({
    ...{ ...options(c, c.window.from), continuesRun: true },
    skip: structureStreams.map((s) => s.stream),
  });
  // The views' banner named the lists' history as pending: it is in (or as far as it got), and the views ask again.
  if (history.status === 'done') c.onProgress(coverageProgress(storedCoverage(c.base.store)));
  return end(history.status, first.itemsReceived + history.itemsReceived);
}

/** A promise with its resolve at hand. */
function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
