// `feedback-desk status`: what the local store holds and, per stream, the last sync, rows, lag and last error.
import { existsSync } from 'node:fs';
import { describePresses, pressTotals } from '../../analytics/pressTotals.ts';
import { defaultStorePath } from '../../paths.ts';
import { failures } from '../../core/failures.ts';
import { checkStoreInThread } from '../../store/checkStore.ts';
import { openStore, storeFailure, storePathProblem } from '../../store/db.ts';
import { migrationLine } from '../migrationLine.ts';
import { parseCursor } from '../../sync/plan.ts';
import { syncRunning } from '../../sync/syncLock.ts';
import { optBool, optString } from '../command.ts';
import type { CliCommand } from '../command.ts';
import { formatDuration } from '../syncProgress.ts';

const number = (n: number): string => n.toLocaleString('en-US');

/** Where a checkpoint stands, in words. */
function cursorState(cursor: unknown): string {
  const c = parseCursor(cursor);
  if (!c) {
    const kind = cursor && typeof cursor === 'object' && 'kind' in cursor ? String(cursor.kind) : null;
    return kind ?? 'stored';
  }
  if (c.complete) return `complete through ${c.to}`;
  return `${c.mode === 'replace' ? 'replacing' : 'at'} ${c.windowStart}..${c.windowEnd} offset ${c.offset}`;
}

export const status: CliCommand = {
  name: 'status',
  summary: 'show what the local store holds and, per stream, the last sync, rows, lag and last error',
  options: [
    {
      name: 'db',
      type: 'string',
      valueName: 'PATH',
      description: `the local store (default ${defaultStorePath()})`,
    },
    { name: 'json', type: 'boolean', description: 'print JSON instead of text' },
    {
      name: 'check',
      type: 'boolean',
      description: "check the file's integrity too (SQLite quick_check: seconds on a big file)",
    },
  ],
  async run(options, io) {
    const path = optString(options, 'db') ?? defaultStorePath('default', io.env);
    const check =
      optBool(options, 'check') && existsSync(path) && !storePathProblem(path)
        ? await checkStoreInThread(path)
        : null;
    if (check && !check.ok) {
      io.stdout.write(`Store: ${path}\nCheck: ${check.message}\n`);
      return 1;
    }
    const store = openStore(path, { mustExist: true, onMigration: migrationLine(io.stderr) });
    try {
      const now = Date.now();
      const holder = syncRunning(path);
      const lastRun = store.syncRuns.last();
      const lastDone = store.syncRuns.last('done');
      const streams = store.syncStreams.all().map((s) => {
        // 'running' with nobody holding the lock: the process was killed (the next sync records it so).
        const state = s.lastStatus === 'running' && !holder ? 'interrupted' : s.lastStatus;
        const lagSeconds = s.newestDataAt ? Math.max(0, (now - Date.parse(s.newestDataAt)) / 1000) : null;
        return { ...s, lastStatus: state, lagSeconds };
      });
      const checkpoints = store.checkpoints.all().map((c) => ({
        stream: c.stream,
        updatedAt: c.updatedAt,
        state: cursorState(c.cursor),
      }));
      const totals = pressTotals(store.db); // v2 presses, or v1's in a store without any (as queries count)
      const report = {
        storePath: path,
        ...(check ? { check: { ok: true, seconds: check.seconds } } : {}),
        syncing: holder ? { pid: holder.pid, host: holder.host, startedAt: holder.startedAt } : null,
        treeItems: totals.treeItems,
        presses: { source: totals.source, total: totals.presses, withoutMisuse: totals.withoutMisuse },
        buttonFeedbacks: store.buttonFeedback.total(),
        buttonFeedbacksWithoutMisuse: store.buttonFeedback.total({ includeMisuse: false }),
        lastSync: lastDone ? { baseUrl: lastDone.baseUrl, finishedAt: lastDone.finishedAt } : null,
        lastRun: lastRun
          ? {
              status: lastRun.status === 'running' && !holder ? 'interrupted' : lastRun.status,
              startedAt: lastRun.startedAt,
              finishedAt: lastRun.finishedAt,
              itemsReceived: lastRun.itemsReceived,
              error: lastRun.error,
            }
          : null,
        streams,
        checkpoints,
      };
      if (optBool(options, 'json')) {
        io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
        return 0;
      }
      const lines = [
        `Store: ${path}`,
        ...(check ? [`Check: sound (quick_check in ${check.seconds.toFixed(1)} s)`] : []),
        `Tree items: ${number(totals.treeItems)}; ${describePresses(totals)}, ${number(totals.withoutMisuse)} without misuse`,
        holder
          ? `A sync is running now (process ${holder.pid} on ${holder.host}, started ${holder.startedAt}).`
          : `Last finished sync: ${lastDone ? `${lastDone.finishedAt} from ${lastDone.baseUrl}` : 'never'}`,
      ];
      if (!holder && lastRun && lastRun.id !== lastDone?.id)
        lines.push(
          `Last run: ${report.lastRun?.status} (started ${lastRun.startedAt})${lastRun.error ? `: ${lastRun.error}` : ''}`,
        );
      for (const s of streams) {
        const parts = [
          `last sync ${s.lastFinishedAt ?? s.lastStartedAt} (${s.lastStatus})`,
          s.lastSuccessAt && s.lastStatus !== 'done' ? `last success ${s.lastSuccessAt}` : '',
          s.rowsHeld !== null ? `${number(s.rowsHeld)} rows` : '',
          s.newestDataAt && s.lagSeconds !== null
            ? `newest data ${s.newestDataAt} (lag ${formatDuration(s.lagSeconds)})`
            : '',
          s.lastError ? `last error: ${s.lastError}` : 'no error',
        ].filter(Boolean);
        lines.push(`Stream ${s.stream}: ${parts.join('; ')}`);
      }
      for (const c of checkpoints) lines.push(`Checkpoint ${c.stream}: ${c.state} (updated ${c.updatedAt})`);
      if (store.readOnly) lines.push(failures.readOnly(path, store.readOnly));
      io.stdout.write(`${lines.join('\n')}\n`);
      return 0;
    } catch (error) {
      throw storeFailure(error, path); // damage met by a read, said as such
    } finally {
      store.close();
    }
  },
};
