// Handlers of the sync domain — an adapter over the application layer (app/syncService.ts, app/demoProfile.ts):
// the active profile's sync (the demo's when none is active), the demo, the run history, and cancelling.
import type { AppSyncResult, DomainHandlers, Result, SyncCommands, SyncSummary } from '#shared/contract.ts';
import { fail, ok } from '#shared/contract.ts';
import { syncDemo } from '../app/demoProfile.ts';
import { lastVerificationOf, syncHistory } from '../app/statusService.ts';
import { noCredentials, syncBusy } from '../app/syncOutcome.ts';
import { runTargetSync, type SyncOutcome, type SyncRunOptions } from '../app/syncService.ts';
import { readProfileSecrets } from '../profiles/connections.ts';
import { guard, type HandlerContext } from './context.ts';

export { demoToken } from '../app/demoProfile.ts';

// eslint-disable-next-line max-lines-per-function -- a handler map: one short entry per sync command of the contract
export function createSyncHandlers(ctx: HandlerContext): DomainHandlers<SyncCommands> {
  const { deps } = ctx;

  /** What every sync from the app shares: the app's own connection for the check, progress as events, its clock. */
  const options = (signal: AbortSignal): SyncRunOptions => ({
    signal,
    store: () => ctx.store(),
    onProgress: (p) => ctx.emit('sync:progress', p),
    // Once the views are open, the history fills in behind the app's answers (sync/threadPriority.ts).
    backgroundHistory: true,
    ...(deps.migrationsDir ? { migrationsDir: deps.migrationsDir } : {}),
    ...(deps.now ? { now: deps.now } : {}),
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    ...(deps.network ? { network: deps.network } : {}),
  });

  /** Runs one sync at a time; `sync:cancel` aborts it. */
  async function running(body: (signal: AbortSignal) => Promise<SyncOutcome>): Promise<SyncOutcome> {
    const controller = new AbortController();
    const storePath = ctx.storePath();
    const work = body(controller.signal);
    ctx.sync.running = { controller, done: work.catch(() => undefined) };
    try {
      const outcome = await work;
      // SQLite's quick check in the background, on a worker: damage is found before a query meets it.
      if (outcome.status === 'done') void ctx.damage?.checkAfterSync(storePath, deps.migrationsDir);
      return outcome;
    } finally {
      ctx.sync.running = null;
    }
  }

  const asResult = (outcome: SyncOutcome): Result<AppSyncResult> =>
    outcome.status === 'done'
      ? ok(outcome.result)
      : fail(outcome.code ?? 'service', outcome.message ?? 'The sync failed.');

  /** The demo profile: its own file (exploring it leaves any connection profile and its data alone). */
  async function demo(): Promise<SyncOutcome> {
    if (ctx.connections.activate(null) === null) ctx.useStorePath(deps.storePath);
    ctx.store(); // a damaged or foreign file is said before the emulator starts
    return running((signal) =>
      syncDemo(
        {
          storePath: ctx.storePath(),
          ...(deps.startEmulator ? { startEmulator: deps.startEmulator } : {}),
          ...(deps.demoSize ? { size: deps.demoSize } : {}),
        },
        options(signal),
      ),
    );
  }

  async function exploreDemo(): Promise<Result<SyncSummary>> {
    if (ctx.sync.running) return fail('busy', syncBusy);
    const outcome = await demo();
    if (outcome.status !== 'done')
      return fail(outcome.code ?? 'service', outcome.message ?? 'The sync failed.');
    return ok({
      feedbackCount: outcome.result.feedbackTotal,
      experiencePointCount: outcome.summary?.totals.treeItems ?? 0,
      seconds: outcome.result.seconds,
    });
  }

  /** The active profile's sync; with no profile active, the demo's. */
  async function syncActive(): Promise<Result<AppSyncResult>> {
    if (ctx.sync.running) return fail('busy', syncBusy);
    const name = ctx.profiles.read().active;
    const profile = name === null ? null : ctx.profiles.find(name);
    if (!profile) return asResult(await demo());
    const secrets = await readProfileSecrets(ctx.connections.credentials, profile.name);
    if (!secrets.v2Token && !secrets.v1)
      return fail('credentials', noCredentials(profile.name, ctx.connections.credentials.description));
    const target = {
      profile: profile.name,
      baseUrl: profile.baseUrl,
      storePath: ctx.storePath(),
      secrets,
    };
    return asResult(await running((signal) => runTargetSync(target, options(signal))));
  }

  return {
    'demo:explore': () => guard(exploreDemo),
    'sync:run': () => guard(syncActive),
    'sync:history': () => guard(() => ok(syncHistory(ctx.store()))),
    'sync:lastVerification': () => guard(() => ok(lastVerificationOf(ctx.store()))),
    'sync:cancel': () =>
      guard((): Result<{ cancelled: boolean }> => {
        const run = ctx.sync.running;
        if (!run || run.controller.signal.aborted) return ok({ cancelled: false });
        run.controller.abort();
        return ok({ cancelled: true });
      }),
  };
}
