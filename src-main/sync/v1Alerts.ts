// The v1 alerts stream: its plan (incremental from a few days before the previous run's end, or the whole range),
// its fetch (the scope's folders' alert pages) and its write (upserted by key, the cursor with the last page).
import type { SyncProgress } from '#shared/contract.ts';
import type { V1Client } from '../api/v1/client.ts';
import type { Store } from '../store/db.ts';
import { addDays } from './plan.ts';

export const v1AlertsStream = 'v1:alerts';

interface AlertCursor {
  v: 1;
  source: string;
  from: string;
  to: string;
}

export interface V1AlertsRun {
  store: Store;
  client: V1Client;
  signal?: AbortSignal;
  /** Folder keys (= v2 experience point ids) whose subtrees are asked; default the company root. */
  scope?: number[];
  trailingDays?: number;
}

/** Where the alerts start: a few days before the previous run's end when it covered the same range, else `from`. */
function alertsStart(
  previous: Partial<AlertCursor> | null,
  plan: { from: string; source: string },
  trailing: number,
) {
  const incremental =
    previous?.v === 1 &&
    previous.source === plan.source &&
    typeof previous.to === 'string' &&
    previous.from === plan.from;
  // Incremental: alerts that ended (or changed) since a few days before the previous run's today, and all open ones.
  return incremental ? addDays(previous.to ?? plan.from, -(trailing + 2)) : plan.from;
}

/** The alerts of the scope (or the company root) over the run's days; counts what it received. */
export async function syncAlerts(
  options: V1AlertsRun,
  plan: { from: string; to: string; source: string; folders: number[] },
  counts: { itemsReceived: number; pages: number; alerts: number },
  emit: (p: SyncProgress) => void,
): Promise<void> {
  const { store, client, signal } = options;
  const previous = store.checkpoints.get(v1AlertsStream) as Partial<AlertCursor> | null;
  const start = alertsStart(previous, plan, options.trailingDays ?? 3);
  const roots = options.scope ?? (plan.folders[0] === undefined ? [] : [plan.folders[0]]);
  const cursor: AlertCursor = { v: 1, source: plan.source, from: plan.from, to: plan.to };
  emit({ stream: v1AlertsStream, phase: 'running', items: 0, pages: 0, fraction: 0 });
  let items = 0;
  let pages = 0;
  for (const [i, root] of roots.entries()) {
    const query = {
      childFolders: true,
      // Local dates of every zone: a day's margin on both sides, as instants.
      start: `${addDays(start, -1)}T00:00:00Z`,
      end: `${addDays(plan.to, 1)}T00:00:00Z`,
      ...(signal ? { signal } : {}),
    };
    for await (const page of client.folderAlertPages(root, query)) {
      const last = i === roots.length - 1 && page.moreResultsAfter === null;
      store.v1.structure.upsertAlerts(page.items, last ? { stream: v1AlertsStream, cursor } : undefined);
      items += page.items.length;
      pages++;
      counts.itemsReceived += page.items.length;
      counts.pages++;
    }
  }
  if (roots.length === 0) store.checkpoints.set(v1AlertsStream, cursor);
  counts.alerts = store.v1.structure.counts().alerts;
  emit({ stream: v1AlertsStream, phase: 'done', items, pages, fraction: 1 });
}
