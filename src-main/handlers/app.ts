// Handlers of the app domain: the store's state, the tree, and (through app/storeService.ts) checking the local
// file and setting a damaged one aside.
import type { AppCommands, AppState, DomainHandlers, Result, StoreCheckResult } from '#shared/contract.ts';
import { fail, ok } from '#shared/contract.ts';
import { pressTotals } from '../analytics/pressTotals.ts';
import { listTree } from '../analytics/query.ts';
import { checkFile, rebuildFile } from '../app/storeService.ts';
import { guard, type HandlerContext } from './context.ts';

export function createAppHandlers(ctx: HandlerContext): DomainHandlers<AppCommands> {
  return {
    'app:getState': () =>
      guard((): Result<AppState> => {
        const s = ctx.store();
        const last = s.syncRuns.last('done');
        // The presses the views read (v2, else a v1-only file's), not the last run's count: after a sync of both
        // sources the last run is v1's, whose total is another source's.
        const totals = pressTotals(s.db);
        return ok({
          hasData: totals.treeItems > 0 || totals.presses > 0,
          storePath: s.path,
          lastSync: last
            ? {
                source: totals.source,
                baseUrl: last.baseUrl,
                finishedAt: last.finishedAt ?? last.startedAt,
                feedbackCount: totals.presses,
              }
            : null,
          syncing: ctx.sync.running !== null,
        });
      }),
    'tree:list': () => guard(() => ok(listTree(ctx.store().db))),
    'store:check': () =>
      guard(async (): Promise<Result<StoreCheckResult>> => {
        // Read-only on its own connection (WAL lets it read while the app's connection is open).
        const path = ctx.storePath();
        return ok({ path, ...(await checkFile(path, ctx.deps.migrationsDir)) });
      }),
    'store:rebuild': () =>
      guard(async (): Promise<Result<{ setAsidePath: string | null; message: string }>> => {
        if (ctx.sync.running)
          return fail('busy', 'A sync is running. Cancel it first, then rebuild the local data.');
        ctx.closeStore();
        // Checked first: only a file found damaged is moved aside (never deleted); the next open creates an empty
        // store that a sync fills from the service. A sound one is kept; one that cannot be read or moved is said.
        const rebuild = await rebuildFile(ctx.storePath(), {
          ...(ctx.deps.migrationsDir ? { migrationsDir: ctx.deps.migrationsDir } : {}),
        });
        if (rebuild.outcome === 'set-aside' || rebuild.outcome === 'sound')
          ctx.damage?.forget(ctx.storePath());
        if (rebuild.outcome === 'set-aside')
          return ok({ setAsidePath: rebuild.aside, message: rebuild.message });
        if (rebuild.outcome === 'sound') return ok({ setAsidePath: null, message: rebuild.message });
        return fail('store', rebuild.message);
      }),
  };
}
