// The `v1` stream as the scheduler runs it: syncV1.ts (the structure, then the surveys' streams newest first:
// v1Surveys.ts plans and runs their phases, v1Survey.ts fetches and writes a window, v1Alerts.ts the alerts); the
// window it covered, with its presses (and why none, when none).
import type { Store } from '../store/db.ts';
import { newestV1PressMs } from '../store/reads/runReads.ts';
import { explainEmptyV1, v1PressesBetween } from './history.ts';
import type { CoveredWindow } from './history.ts';
import type { Common, RunSyncOptions } from './runOptions.ts';
import { firstWindowDaysOf } from './runOptions.ts';
import type { Scheduler } from './scheduler.ts';
import { syncV1 } from './syncV1.ts';

export const v1Stream = 'v1';

type V1Source = NonNullable<RunSyncOptions['sources']['v1']>;

/** The v1 stream: its window with the presses held in it (and why none, when none). */
export async function runV1(
  o: RunSyncOptions,
  v1: V1Source,
  scheduler: Scheduler,
  common: Common,
): Promise<CoveredWindow[]> {
  const windows: CoveredWindow[] = [];
  await scheduler.run(
    v1Stream,
    'v1',
    async (onProgress) => {
      const r = await syncV1({
        ...{ store: o.store, client: v1.client, ...common, onProgress },
        // Newest first as the presses: the whole history from its newest 62 days, explicit dates in one pass.
        firstWindowDays: firstWindowDaysOf(o),
        ...(v1.sourceId ? { sourceId: v1.sourceId } : {}),
      });
      if (r.status === 'done' && r.window) {
        const presses = v1PressesBetween(o.store, r.window.from, r.window.to);
        windows.push({
          ...{ source: 'v1', ...r.window, presses },
          ...(presses === 0 ? { notice: explainEmptyV1(r.window, r.surveyPeriods) } : {}),
        });
      }
      return { status: r.status, itemsReceived: r.itemsReceived, rowsHeld: r.pressTotal };
    },
    () => newestV1Press(o.store),
  );
  return windows;
}

/** The newest v1 press stored (ISO), per survey through the key, or null. */
function newestV1Press(store: Store): string | null {
  try {
    const ms = newestV1PressMs(store.db);
    return ms === null ? null : new Date(ms).toISOString();
  } catch {
    return null;
  }
}
