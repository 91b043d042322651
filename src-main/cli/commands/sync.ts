// `feedback-desk sync`: pull v2 and/or v1 into the local store — resumable, incremental, one sync per file — with a
// live progress display per stream. An adapter over the application layer: the same sync service (app/syncService.ts)
// and outcome sentences (app/syncOutcome.ts) as the app's Sync now.
import { createNetworkFetch, describeNetwork, proxyFromEnv } from '../../api/network.ts';
import { parseLocalDate } from '../../core/localTime.ts';
import { checkAfterSync, checkBeforeRebuild } from '../../app/storeService.ts';
import {
  streamLines,
  syncCancelled,
  syncTotals,
  verificationSentence,
  windowLines,
} from '../../app/syncOutcome.ts';
import { runTargetSync } from '../../app/syncService.ts';
import { heapBoundedForSync } from '../../sync/syncRunner.ts';
import { v2TokenEnvVar } from '../../credentials/credentialStore.ts';
import type { CredentialStore } from '../../credentials/credentialStore.ts';
import { createKeytarStore } from '../../credentials/keytarStore.ts';
import { findV1Credentials } from '../../credentials/v1Credentials.ts';
import { findV2Token } from '../../credentials/v2Token.ts';
import { defaultStorePath } from '../../paths.ts';
import type { ProfileSecrets } from '../../profiles/connections.ts';
import type { SourceChoice } from '../../sync/orchestrator.ts';
import { UsageError } from '../args.ts';
import { loadProfile } from '../profileOption.ts';
import { baseUrlOption, optBool, optInt, optString } from '../command.ts';
import type { CliCommand } from '../command.ts';
import { createProgressDisplay, formatDuration } from '../syncProgress.ts';

export function dateOption(options: Record<string, unknown>, name: string): string | undefined {
  const value = options[name];
  if (typeof value !== 'string') return undefined;
  if (parseLocalDate(value) === null)
    throw new UsageError(`option '--${name}' must be a date yyyy-MM-dd, not '${value}'`);
  return value;
}

function scopeOption(raw: string | undefined): number[] | undefined {
  if (raw === undefined) return undefined;
  const parts = raw.split(',').map((p) => p.trim());
  if (!parts.every((p) => /^\d+$/.test(p)))
    throw new UsageError(
      `option '--scope' takes experience point or group ids like 12 or 12,15, not '${raw}'`,
    );
  return parts.map(Number);
}

export interface SyncCommandDeps {
  createCredentialStore?: () => CredentialStore;
  /** The clock the default window is counted from (tests pass a fixed one); default the system clock. */
  now?: () => Date;
}

// eslint-disable-next-line max-lines-per-function -- a CLI command: its option list (with help texts) is data; the 'first launch' issue rewrites the sync's entry points
export function createSyncCommand(deps: SyncCommandDeps = {}): CliCommand {
  return {
    name: 'sync',
    summary: 'pull the service (v2, v1 or both) into the local store: resumable, incremental, with progress',
    details: [
      `v2: the token comes from ${v2TokenEnvVar} when set, else from the OS keychain ('feedback-desk login').`,
      'v1: FEEDBACK_DESK_V1_CLIENT_ID and FEEDBACK_DESK_V1_TOKEN, else the keychain account v1@<origin>.',
      'An interrupted sync (Ctrl-C, a lost connection, a kill) resumes where it stopped on the next run; a finished',
      'one makes the next run incremental: the last days are fetched again and replace what is stored (late',
      'uploads, late misuse decisions, deletions). Only one sync writes to a file at a time.',
      'Requests go through the proxy in HTTPS_PROXY / HTTP_PROXY (NO_PROXY lists exceptions) and trust the system',
      "certificate store and NODE_EXTRA_CA_CERTS besides Node's own CAs; --verbose says which proxy was used.",
    ].join('\n'),
    options: [
      {
        name: 'base-url',
        type: 'string',
        valueName: 'URL',
        description: 'the service address (https://…, or http:// on localhost)',
      },
      {
        name: 'profile',
        type: 'string',
        valueName: 'NAME',
        description:
          "a connection profile saved by the app (its address, credentials and data file; see 'profiles')",
      },
      {
        name: 'source',
        type: 'string',
        choices: ['v1', 'v2', 'both'],
        default: 'v2',
        description: 'which API version(s) to sync',
      },
      {
        name: 'db',
        type: 'string',
        valueName: 'PATH',
        description: `the local store (default ${defaultStorePath()})`,
      },
      {
        name: 'since',
        type: 'string',
        valueName: 'yyyy-MM-dd',
        description: "first local date to fetch (default the account's first day at the service)",
      },
      {
        name: 'until',
        type: 'string',
        valueName: 'yyyy-MM-dd',
        description: 'local date to stop before (default the day after tomorrow)',
      },
      {
        name: 'scope',
        type: 'string',
        valueName: 'ID[,ID…]',
        description: 'only these experience points or groups, with their subtrees (default the whole tree)',
      },
      {
        name: 'full',
        type: 'boolean',
        description: 'fetch the whole history again and replace what is stored (default: incremental)',
      },
      {
        name: 'rebuild',
        type: 'boolean',
        description: 'check the data file first; when damaged, set it aside and sync everything again',
      },
      {
        name: 'check',
        type: 'boolean',
        description:
          "run SQLite's quick check after the sync even if the file passed one less than a day ago (by default it is checked at most once a day)",
      },
      {
        name: 'skip-check',
        type: 'boolean',
        description:
          "skip SQLite's quick check of the whole data file after a finished sync (it reads every page: seconds on a big file)",
      },
      {
        name: 'trailing-days',
        type: 'integer',
        valueName: 'N',
        min: 0,
        max: 300,
        description: 'whole days before the last sync fetched again and replaced (default 3)',
      },
      {
        name: 'verbose',
        type: 'boolean',
        description: 'say how requests reach the service (which proxy, which certificates are trusted)',
      },
      {
        name: 'page-size',
        type: 'integer',
        valueName: 'N',
        min: 1,
        max: 10_000,
        description: 'records per request (default 10000)',
      },
    ],
    // eslint-disable-next-line max-lines-per-function, complexity -- the sync's entry point from the command line; the 'first launch' issue rewrites it into stream modules
    async run(options, io) {
      const credentials = (deps.createCredentialStore ?? createKeytarStore)();
      const profileName = optString(options, 'profile');
      if (profileName !== undefined && optString(options, 'base-url') !== undefined)
        throw new UsageError(
          "options '--profile' and '--base-url' cannot be combined (the profile has its address)",
        );
      const profile = profileName === undefined ? null : await loadProfile(profileName, io.env, credentials);
      const baseUrl = profile?.baseUrl ?? baseUrlOption(options);
      const since = dateOption(options, 'since');
      const until = dateOption(options, 'until');
      if (since && until && since >= until) throw new UsageError("option '--since' must be before '--until'");
      const scope = scopeOption(optString(options, 'scope'));
      let source = (optString(options, 'source') ?? 'v2') as SourceChoice;
      // A profile with v1 credentials only syncs v1 unless told otherwise.
      if (profile && source === 'v2' && !profile.secrets.v2Token && profile.secrets.v1) source = 'v1';
      if (optBool(options, 'check') && optBool(options, 'skip-check'))
        throw new UsageError("options '--check' and '--skip-check' cannot be combined");
      const pageSize = optInt(options, 'page-size');
      const trailingDays = optInt(options, 'trailing-days');
      const dbPath = optString(options, 'db') ?? profile?.dbPath ?? defaultStorePath('default', io.env);

      // The proxy for this address from the environment (a bad HTTPS_PROXY is said before anything starts).
      const network = proxyFromEnv(baseUrl, io.env);
      const display = createProgressDisplay(io);
      const secrets: ProfileSecrets = { v2Token: null, v1: null };
      if (profile) {
        const { v2Token, v1 } = profile.secrets;
        if (source !== 'v1' && !v2Token)
          throw new UsageError(
            `the profile '${profile.name}' has no v2 token stored; use --source v1 or connect it again`,
          );
        if (source !== 'v2' && !v1)
          throw new UsageError(`the profile '${profile.name}' has no v1 credentials stored; use --source v2`);
        if (source !== 'v1') secrets.v2Token = v2Token;
        if (source !== 'v2') secrets.v1 = v1;
      } else {
        if (source !== 'v1')
          secrets.v2Token = (await findV2Token({ store: credentials, env: io.env, baseUrl })).token;
        if (source !== 'v2') {
          const v1 = await findV1Credentials({ store: credentials, env: io.env, baseUrl });
          secrets.v1 = { clientId: v1.clientId, token: v1.token };
        }
      }

      if (optBool(options, 'rebuild')) io.stdout.write(`${await checkBeforeRebuild(dbPath)}\n`);
      io.stdout.write(`Syncing ${baseUrl} (${source === 'both' ? 'v2 and v1' : source}) into ${dbPath}\n`);
      if (optBool(options, 'verbose')) io.stdout.write(`${describeNetwork(network, baseUrl)}\n`);
      try {
        // The same service the app's Sync now runs: the probe, the sync on its thread, the check, the outcome.
        const outcome = await runTargetSync(
          { profile: profile?.name ?? null, baseUrl, storePath: dbPath, secrets },
          {
            source,
            ...(since ? { since } : {}),
            ...(until ? { until } : {}),
            ...(scope ? { scope } : {}),
            ...(optBool(options, 'full') ? { full: true } : {}),
            ...(trailingDays !== undefined ? { trailingDays } : {}),
            ...(pageSize ? { pageSize } : {}),
            ...(deps.now ? { now: deps.now } : {}),
            fetch: createNetworkFetch(network),
            network: () => network,
            // SQLite's quick check on a worker: damage in pages this run did not touch is found now, not by a query.
            // It reads every page, so it runs once a day (a sound verdict is noted in the file) unless --check asks
            // now; it runs beside the check against the service's counts.
            ...(optBool(options, 'skip-check')
              ? {}
              : {
                  checkFile: () =>
                    checkAfterSync(dbPath, {
                      force: optBool(options, 'check'),
                      ...(deps.now ? { now: deps.now() } : {}),
                    }),
                }),
            // Here, not on threads of their own, when this process was started with the sync thread's heap bounds
            // (bin/feedback-desk.js does on Linux): one V8 heap less, and the work after the sync uses the memory
            // the sync freed (on `large` peak 328 → 298–318 MB; syncService.ts, syncRunner.ts).
            ...(heapBoundedForSync() ? { onThisThread: true } : {}),
            signal: io.signal,
            onProgress: (p) => display.update(p),
            onRetry: (r) =>
              display.note(
                `${r.rateLimited ? 'rate limited' : `retrying (${r.reason})`}: waiting ${Math.ceil(r.delayMs / 1000)} s`,
              ),
            onPace: (p) => {
              if (p.delayMs >= 1000)
                display.note(
                  `pacing: ${p.remaining} of ${p.limit} requests left this hour, waiting ${formatDuration(p.delayMs / 1000)}`,
                );
            },
          },
        );
        display.end();
        const { summary } = outcome;
        // A failed stream is named by the part that failed (e.g. v2:experience-points); its error is said once, last.
        if (summary)
          for (const line of [...streamLines(summary), ...windowLines(summary)]) io.stdout.write(`${line}\n`);
        if (outcome.status === 'cancelled') {
          io.stdout.write(`Cancelled: ${summary ? `${syncTotals(summary)} ` : ''}${syncCancelled}\n`);
          return 130;
        }
        if (outcome.status === 'failed')
          throw new Error(outcome.message ?? 'The sync failed.', { cause: outcome.error });
        if (summary) io.stdout.write(`Done: ${syncTotals(summary)}\n`);
        const { verification, verificationNote } = outcome.result;
        if (verification) io.stdout.write(`${verificationSentence(verification)}\n`);
        else if (verificationNote) io.stdout.write(`${verificationNote}\n`);
        // What of the after-sync work failed, in the app's words (syncOutcome.ts).
        if (outcome.result.afterSyncNote) io.stdout.write(`${outcome.result.afterSyncNote}\n`);
        if (outcome.fileCheck) {
          const after = await outcome.fileCheck;
          if (after?.verdict === 'damaged') throw new Error(after.message);
          // A check that could not run is said, never called sound.
          if (after?.verdict === 'unreadable') io.stdout.write(`Check: ${after.message}\n`);
          else if (optBool(options, 'verbose'))
            io.stdout.write(
              after
                ? `Check: sound (quick_check in ${after.seconds.toFixed(1)} s)\n`
                : "Check: skipped, the file passed SQLite's quick check less than a day ago (--check checks it now)\n",
            );
        }
        return 0;
      } finally {
        display.end();
      }
    },
  };
}

export const sync = createSyncCommand();
