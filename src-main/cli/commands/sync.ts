// `feedback-desk sync`: pull the tree and every v2 button feedback into the local store, resumable, with progress.
import type { SyncProgress } from '../../../src-shared/contract.ts';
import { ApiError } from '../../api/errors.ts';
import { checkBaseUrl } from '../../api/http.ts';
import { parseLocalDate } from '../../api/localTime.ts';
import { createV2Client } from '../../api/v2/client.ts';
import { v2TokenEnvVar } from '../../credentials/credentialStore.ts';
import type { CredentialStore } from '../../credentials/credentialStore.ts';
import { createKeytarStore } from '../../credentials/keytarStore.ts';
import { findV2Token } from '../../credentials/v2Token.ts';
import { defaultStorePath } from '../../paths.ts';
import { openStore } from '../../store/db.ts';
import { syncV2 } from '../../sync/syncV2.ts';
import { UsageError } from '../args.ts';
import { optInt, optString } from '../command.ts';
import type { CliCommand, CliIO } from '../command.ts';

export function dateOption(options: Record<string, unknown>, name: string): string | undefined {
  const value = options[name];
  if (typeof value !== 'string') return undefined;
  if (parseLocalDate(value) === null)
    throw new UsageError(`option '--${name}' must be a date yyyy-MM-dd, not '${value}'`);
  return value;
}

const number = (n: number): string => n.toLocaleString('en-US');

/** One progress line: rewritten in place at a terminal, at most every few seconds into a log. */
function progressPrinter(io: CliIO): { update(p: SyncProgress): void; end(): void } {
  const tty = 'isTTY' in io.stderr && io.stderr.isTTY === true;
  let lastPrinted = 0;
  let pending = false;
  return {
    update(p) {
      if (p.stream !== 'v2:button-feedbacks' || p.phase !== 'running') return;
      const now = performance.now();
      if (!tty && now - lastPrinted < 2000) return;
      lastPrinted = now;
      const parts = [`button feedbacks: ${number(p.items)} received`, `${p.pages} pages`];
      if (p.fraction !== null) parts.push(`${Math.floor(p.fraction * 100)}%`);
      if (p.itemsPerSecond) parts.push(`${number(p.itemsPerSecond)}/s`);
      io.stderr.write(tty ? `\r${parts.join(', ')}\x1b[K` : `${parts.join(', ')}\n`);
      pending = tty;
    },
    end() {
      if (pending) io.stderr.write('\n');
      pending = false;
    },
  };
}

export function createSyncCommand(deps: { createCredentialStore?: () => CredentialStore } = {}): CliCommand {
  return {
    name: 'sync',
    summary: 'pull the experience-point tree and every v2 button feedback into the local store',
    details: [
      `The token comes from ${v2TokenEnvVar} when set, else from the OS keychain ('feedback-desk login').`,
      'An interrupted sync (Ctrl-C, a lost connection, a kill) resumes where it stopped on the next run;',
      'a finished one makes the next run incremental (the last few days are fetched again for late uploads).',
    ].join('\n'),
    options: [
      {
        name: 'base-url',
        type: 'string',
        valueName: 'URL',
        description: 'the service address (https://…, or http:// on localhost)',
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
        description: 'first local date to fetch (default three years ago)',
      },
      {
        name: 'until',
        type: 'string',
        valueName: 'yyyy-MM-dd',
        description: 'local date to stop before (default the day after tomorrow)',
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
    async run(options, io) {
      const rawBase = optString(options, 'base-url');
      if (rawBase === undefined)
        throw new UsageError(
          "option '--base-url' is required (the service address, e.g. https://feedback.example.com)",
        );
      let baseUrl: string;
      try {
        baseUrl = checkBaseUrl(rawBase);
      } catch (error) {
        throw new UsageError(
          `option '--base-url': ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      const since = dateOption(options, 'since');
      const until = dateOption(options, 'until');
      if (since && until && since >= until) throw new UsageError("option '--since' must be before '--until'");
      const pageSize = optInt(options, 'page-size');
      const dbPath = optString(options, 'db') ?? defaultStorePath('default', io.env);
      const credentials = (deps.createCredentialStore ?? createKeytarStore)();
      const { token } = await findV2Token({ store: credentials, env: io.env, baseUrl });

      const store = openStore(dbPath);
      io.stdout.write(`Syncing ${baseUrl} into ${dbPath}\n`);
      const printer = progressPrinter(io);
      try {
        const client = createV2Client({
          baseUrl,
          token,
          onRetry: (r) =>
            io.stderr.write(
              `${r.rateLimited ? 'rate limited' : `retrying (${r.reason})`}: waiting ${Math.ceil(r.delayMs / 1000)} s\n`,
            ),
        });
        const result = await syncV2({
          store,
          client,
          signal: io.signal,
          onProgress: (p) => printer.update(p),
          ...(since ? { since } : {}),
          ...(until ? { until } : {}),
          ...(pageSize ? { pageSize } : {}),
        });
        printer.end();
        const summary = `${number(result.itemsReceived)} button feedbacks received (${number(result.rowsInserted)} new) in ${result.seconds.toFixed(1)} s; ${number(result.feedbackTotal)} in the store, ${number(result.experiencePointCount)} tree items.`;
        if (result.status === 'cancelled') {
          io.stdout.write(
            `Cancelled: ${summary} The file is consistent; the next sync resumes where this one stopped.\n`,
          );
          return 130;
        }
        io.stdout.write(`Done: ${summary}\n`);
        return 0;
      } catch (error) {
        printer.end();
        if (error instanceof ApiError && error.kind === 'auth' && error.status === 401)
          throw new Error(
            `${error.message} Run 'feedback-desk login --base-url ${new URL(baseUrl).origin}' to store a new token, or set ${v2TokenEnvVar}.`,
            { cause: error },
          );
        throw error;
      } finally {
        store.close();
      }
    },
  };
}

export const sync = createSyncCommand();
