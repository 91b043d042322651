// What a whole sync is asked for (the sources, the days, the tuning), and the options every source's streams take alike.
import type { SyncProgress } from '#shared/contract.ts';
import type { RetryInfo } from '../api/http.ts';
import type { PaceInfo } from '../api/pacing.ts';
import type { V1Client } from '../api/v1/client.ts';
import type { V2Client } from '../api/v2/client.ts';
import type { Store } from '../store/db.ts';
import type { V2ClientConfig } from './feedbackPages.ts';

export type SourceChoice = 'v1' | 'v2' | 'both';

export interface RunSyncOptions {
  store: Store;
  sources: {
    v1?: { client: V1Client; sourceId?: string };
    /** `config` lets the button feedbacks be fetched and parsed on a thread of their own. */
    v2?: { client: V2Client; config?: V2ClientConfig; sourceId?: string };
  };
  source: SourceChoice;
  /** First local date (`yyyy-MM-dd`); default the account's first day (history.ts). */
  since?: string;
  until?: string;
  /** Subtree roots (v2 experience point ids = v1 folder keys); default the whole tree. */
  scope?: number[];
  /** Fetch the whole range again, replacing stored button feedbacks window by window. */
  full?: boolean;
  /** Whole local days re-fetched and replaced on an incremental run (default 3). */
  trailingDays?: number;
  /**
   * Newest first: a first v2 sync stores the definitions and the last this many days first (the views open on them),
   * then fills in the older history backwards (default 62 when no `since` is given, else 0: one pass in order).
   */
  firstWindowDays?: number;
  /** Newest first: once the coverage opens the views, this thread and the writer's step back (threadPriority.ts). */
  backgroundHistory?: boolean;
  signal?: AbortSignal;
  onProgress?: (p: SyncProgress) => void;
  onRetry?: (info: RetryInfo) => void;
  onPace?: (info: PaceInfo & { endpoint: string }) => void;
  now?: () => Date;
  /** Tuning for tests and benchmarks. */
  pageSize?: number;
  batchRows?: number;
  writerThread?: boolean;
}

/** The options every source's streams take alike. */
export function commonOptions(o: RunSyncOptions, now: () => Date) {
  return {
    ...(o.since ? { since: o.since } : {}),
    ...(o.until ? { until: o.until } : {}),
    ...(o.scope && o.scope.length > 0 ? { scope: o.scope } : {}),
    ...(o.trailingDays !== undefined ? { trailingDays: o.trailingDays } : {}),
    ...(o.signal ? { signal: o.signal } : {}),
    ...(o.pageSize ? { pageSize: o.pageSize } : {}),
    now,
  };
}

export type Common = ReturnType<typeof commonOptions>;

/**
 * Newest first's first window: the whole history from its newest 62 days (the Overview's 30 days and the 30 it
 * compares with, a day either side); asked for explicit dates (--since), one pass in order.
 */
export const firstWindowDaysOf = (o: RunSyncOptions): number => o.firstWindowDays ?? (o.since ? 0 : 62);
