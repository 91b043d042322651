// The `v2:button-feedbacks` stream as the scheduler runs it: the tree, on a first sync the survey definitions, then
// the presses newest first (syncV2.ts: plan.ts plans, feedbackPages.ts fetches, feedbackWriter.ts writes), starting
// the `v2:resources` stream when its order says (v2ResourcesStream.ts); the window it covered, with its presses.
import type { SyncProgress } from '#shared/contract.ts';
import type { Store } from '../store/db.ts';
import { explainEmptyV2, v2PressesBetween } from './history.ts';
import type { CoveredWindow } from './history.ts';
import { addDays } from './plan.ts';
import type { Common, RunSyncOptions } from './runOptions.ts';
import { firstWindowDaysOf } from './runOptions.ts';
import type { Scheduler } from './scheduler.ts';
import { syncSurveyDefinitions } from './surveyDefinitions.ts';
import { shrinkThisHeap } from './shrinkHeap.ts';
import { syncV2 } from './syncV2.ts';
import { createResourcesStream, resourcesOrder } from './v2ResourcesStream.ts';

export const v2PressesStream = 'v2:button-feedbacks';

type V2Source = NonNullable<RunSyncOptions['sources']['v2']>;

/**
 * The v2 streams: the tree, (on a first sync) the survey definitions, the button feedbacks newest first, and the
 * other resources over the same days, started as their order says (v2ResourcesStream.ts `resourcesOrder`).
 */
export async function runV2(
  o: RunSyncOptions,
  v2: V2Source,
  scheduler: Scheduler,
  common: Common,
): Promise<CoveredWindow[]> {
  const { store } = o;
  const firstWindowDays = firstWindowDaysOf(o);
  const order = resourcesOrder(store, { firstWindowDays, full: o.full === true });
  const resources = createResourcesStream(
    scheduler,
    { store, client: v2.client, ...common, ...(v2.sourceId ? { sourceId: v2.sourceId } : {}) },
    { order, firstWindowDays },
  );
  const firstSync = store.buttonFeedback.newestAt() === null;
  let window: Window | null = null;
  let definitionsDone = false;
  const ok = await scheduler.run(
    v2PressesStream,
    'v2',
    async (onProgress) => {
      const r = await syncV2({
        ...{ store, client: v2.client, ...common, onProgress, firstWindowDays },
        onWindow: (w) => {
          window = w;
          if (order === 'alongside') resources.start(w, false);
        },
        // A first sync: the survey definitions before the presses (the views tell scales apart by them).
        ...(firstSync
          ? {
              beforeFeedbacks: async () =>
                void (definitionsDone = (await definitions(o, v2, onProgress)) === 'done'),
            }
          : {}),
        // Newest first: the resources' recent days once the presses' are stored and the coverage has opened the
        // views (the Overview's first chart needs none of them), before the presses' history. One writer at a time:
        // beside the first window's big batches they would share SQLite's 5 s busy timeout (a run with them
        // alongside failed once at load 25, its cause unseen).
        ...(order === 'newest-first'
          ? {
              beforeHistory: async () => {
                if (window && !o.signal?.aborted) resources.start(window, definitionsDone);
                await resources.recentStored();
                // Their pages' garbage grew this thread's heap by ~40 MB (`xlarge`: V8's pages 57 → 97 MB), which V8
                // kept through the presses' history: collected and given back before it starts.
                shrinkThisHeap();
              },
            }
          : {}),
        ...v2Tuning(o, v2),
      });
      window = r.window;
      return { status: r.status, itemsReceived: r.itemsReceived, rowsHeld: r.feedbackTotal };
    },
    () => store.buttonFeedback.newestAt(),
  );
  resources.pressesEnded(!o.signal?.aborted);
  const covered: Window | null = window;
  if (covered && !o.signal?.aborted) resources.start(covered, definitionsDone);
  if (!(await resources.result()) || !ok || !covered) return [];
  return [await coveredV2(store, covered, explainer(v2, common, o.signal))];
}

/** Why a window holds no press, as the service shows it (a plain sentence when it cannot be asked). */
function explainer(v2: V2Source, common: Common, signal: AbortSignal | undefined) {
  return (w: Window): Promise<string> =>
    explainEmptyV2(v2.client, w, common.now, signal).catch(
      () => `No presses between ${w.from} and ${addDays(w.to, -1)}.`,
    );
}

type Window = { from: string; to: string };

/** The survey definitions (surveys and questions), as their own progress lines; 'done', 'cancelled' or 'not-permitted'. */
function definitions(
  o: RunSyncOptions,
  v2: V2Source,
  onProgress: (p: SyncProgress) => void,
): Promise<string> {
  return syncSurveyDefinitions({
    store: o.store,
    client: v2.client,
    onProgress,
    ...(o.signal ? { signal: o.signal } : {}),
  });
}

/** The button feedbacks' own options: the service, the fetch thread's client, callbacks, tuning. */
function v2Tuning(o: RunSyncOptions, v2: V2Source) {
  return {
    ...(o.full ? { full: true } : {}),
    ...(v2.sourceId ? { sourceId: v2.sourceId } : {}),
    ...(v2.config ? { clientConfig: v2.config } : {}),
    ...(o.onRetry ? { onRetry: o.onRetry } : {}),
    ...(o.onPace ? { onPace: o.onPace } : {}),
    ...(o.batchRows ? { batchRows: o.batchRows } : {}),
    ...(o.writerThread !== undefined ? { writerThread: o.writerThread } : {}),
    ...(o.backgroundHistory ? { backgroundHistory: true } : {}),
  };
}

/** The v2 window with the presses the store holds in it, and why none when none. */
async function coveredV2(
  store: Store,
  window: { from: string; to: string },
  explain: (w: { from: string; to: string }) => Promise<string>,
): Promise<CoveredWindow> {
  const presses = window.from < window.to ? v2PressesBetween(store, window.from, window.to) : 0;
  return { source: 'v2', ...window, presses, ...(presses === 0 ? { notice: await explain(window) } : {}) };
}
