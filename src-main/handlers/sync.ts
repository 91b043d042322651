// Handlers of the sync domain: the demo sync (the built-in emulator on loopback) and cancelling a running sync.
import type { AppSyncResult, DomainHandlers, Result, SyncCommands, SyncSummary } from '#shared/contract.ts';
import { fail, ok } from '#shared/contract.ts';
import { createV2Client } from '../api/v2/client.ts';
import { lastVerification } from '../analytics/reconciliation.ts';
import { readProfileSecrets } from '../profiles/connections.ts';
import { syncHistory, syncProfile } from '../profiles/profileSync.ts';
import { syncSurveyDefinitions } from '../sync/surveyDefinitions.ts';
import { acquireSyncLock } from '../sync/syncLock.ts';
import { syncV2 } from '../sync/syncV2.ts';
import {
  guard,
  toAppError,
  type EmulatorOptions,
  type HandlerContext,
  type RunningEmulator,
} from './context.ts';

export const demoToken = 'demo-v2-token';
/** The demo's checkpoint identity: the emulator's port changes every run, its world does not. */
const demoSource = 'emulator:demo:seed-1';

const loadEmulator = async (options: EmulatorOptions): Promise<RunningEmulator> =>
  (await import('../emulator/index.ts')).startEmulator(options);

export function createSyncHandlers(ctx: HandlerContext): DomainHandlers<SyncCommands> {
  const { deps } = ctx;

  async function exploreDemo(): Promise<Result<SyncSummary>> {
    if (ctx.sync.running)
      return fail('busy', 'A sync is already running. Wait for it to finish, or cancel it first.');
    // The demo has its own file: exploring it leaves any connection profile (and its data) alone.
    if (ctx.connections.activate(null) === null) ctx.useStorePath(deps.storePath);
    const s = ctx.store();
    const controller = new AbortController();
    const work = (async (): Promise<Result<SyncSummary>> => {
      // One sync per file: a CLI sync on the same file refuses to start meanwhile, and the reverse.
      const lock = acquireSyncLock(s.path);
      const emulator = await (deps.startEmulator ?? loadEmulator)({
        port: 0,
        host: '127.0.0.1',
        size: deps.demoSize ?? 'demo',
        seed: 1,
      }).catch((error: unknown) => {
        lock.release();
        throw error;
      });
      try {
        const client = createV2Client({
          baseUrl: emulator.url,
          token: demoToken,
          ...(deps.fetch ? { fetch: deps.fetch } : {}),
        });
        // Survey definitions first (a few requests): the per-scale views need each survey's scale. A cancel here
        // leaves the signal aborted, and syncV2 then resolves 'cancelled' at once.
        await syncSurveyDefinitions({
          store: s,
          client,
          signal: controller.signal,
          onProgress: (p) => ctx.emit('sync:progress', p),
        });
        const result = await syncV2({
          store: s,
          client,
          signal: controller.signal,
          sourceId: demoSource,
          onProgress: (p) => ctx.emit('sync:progress', p),
          ...(deps.now ? { now: deps.now } : {}),
        });
        if (result.status === 'cancelled')
          return fail(
            'cancelled',
            'The demo sync was cancelled. What was already fetched is kept; explore the demo again to finish it.',
          );
        void ctx.damage?.checkAfterSync(s.path, deps.migrationsDir); // in the background, on a worker
        return ok({
          feedbackCount: result.feedbackTotal,
          experiencePointCount: result.experiencePointCount,
          seconds: result.seconds,
        });
      } finally {
        lock.release();
        await emulator.close();
      }
    })();
    ctx.sync.running = { controller, done: work.catch(() => undefined) };
    try {
      return await work;
    } finally {
      ctx.sync.running = null;
    }
  }

  /** The active profile's sync; with no profile active (the demo), the demo sync again. */
  async function syncActive(): Promise<Result<AppSyncResult>> {
    if (ctx.sync.running)
      return fail('busy', 'A sync is already running. Wait for it to finish, or cancel it first.');
    const name = ctx.profiles.read().active;
    const profile = name === null ? null : ctx.profiles.find(name);
    if (!profile) {
      const demo = await exploreDemo();
      if (!demo.ok) return demo;
      return ok({
        profile: 'demo',
        streams: [],
        feedbackTotal: demo.value.feedbackCount,
        seconds: demo.value.seconds,
        verification: null,
        verificationNote:
          'The demo data is checked by its own tests; connect your account to verify a real sync.',
      });
    }
    const secrets = await readProfileSecrets(ctx.connections.credentials, profile.name);
    if (!secrets.v2Token && !secrets.v1)
      return fail(
        'credentials',
        `No credentials are stored for the profile '${profile.name}' (${ctx.connections.credentials.description}); connect it again.`,
      );
    const controller = new AbortController();
    const storePath = ctx.storePath();
    const work = syncProfile({
      profile: profile.name,
      baseUrl: profile.baseUrl,
      secrets,
      storePath,
      store: () => ctx.store(),
      ...(deps.migrationsDir ? { migrationsDir: deps.migrationsDir } : {}),
      signal: controller.signal,
      onProgress: (p) => ctx.emit('sync:progress', p),
      ...(deps.now ? { now: deps.now } : {}),
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
      ...(deps.network ? { network: deps.network } : {}),
    });
    ctx.sync.running = { controller, done: work.catch(() => undefined) };
    try {
      const { status, result, error } = await work;
      if (status === 'cancelled')
        return fail(
          'cancelled',
          'The sync was cancelled. What was already fetched is kept; the next sync resumes it.',
        );
      if (status === 'failed') {
        const e = toAppError(error ?? new Error('The sync failed.'));
        return fail(e.code, e.message);
      }
      void ctx.damage?.checkAfterSync(storePath, deps.migrationsDir); // in the background, on a worker
      return ok(result);
    } finally {
      ctx.sync.running = null;
    }
  }

  return {
    'demo:explore': () => guard(exploreDemo),
    'sync:run': () => guard(syncActive),
    'sync:history': () => guard(() => ok(syncHistory(ctx.store()))),
    'sync:lastVerification': () =>
      guard(() => {
        const v = lastVerification(ctx.store().db);
        if (!v) return ok(null);
        const { checkedAt, mismatches, ...counts } = v;
        // The first few differing days, as the sync's own result names them (profileSync.ts).
        const mismatchDays = [...new Set(mismatches.map((m) => m.day))].slice(0, 5);
        return ok({ checkedAt, verification: { ...counts, mismatchDays } });
      }),
    'sync:cancel': () =>
      guard((): Result<{ cancelled: boolean }> => {
        const running = ctx.sync.running;
        if (!running || running.controller.signal.aborted) return ok({ cancelled: false });
        running.controller.abort();
        return ok({ cancelled: true });
      }),
  };
}
