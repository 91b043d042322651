// `feedback-desk status`: what the local store holds and, per stream, the last sync, rows, lag and last error — an
// adapter over the application layer (app/statusService.ts, app/storeService.ts).
import { describePresses } from '../../analytics/pressTotals.ts';
import { storeStatus } from '../../app/statusService.ts';
import { checkFileIfAny, readFile } from '../../app/storeService.ts';
import { verificationSentence } from '../../app/syncOutcome.ts';
import { defaultStorePath } from '../../paths.ts';
import { failures } from '../../core/failures.ts';
import { migrationLine } from '../migrationLine.ts';
import { optBool, optString } from '../command.ts';
import type { CliCommand } from '../command.ts';
import { formatDuration } from '../syncProgress.ts';

const number = (n: number): string => n.toLocaleString('en-US');

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
  // eslint-disable-next-line complexity -- the status report: a branch per section and per optional check of its output
  async run(options, io) {
    const path = optString(options, 'db') ?? defaultStorePath('default', io.env);
    const check = optBool(options, 'check') ? await checkFileIfAny(path) : null;
    if (check && !check.ok) {
      io.stdout.write(`Store: ${path}\nCheck: ${check.message}\n`);
      return 1;
    }
    const st = readFile(path, (store) => storeStatus(store, Date.now()), {
      onMigration: migrationLine(io.stderr),
    });
    const { totals, syncing: holder, streams, checkpoints } = st;
    const report = {
      storePath: path,
      ...(check ? { check: { ok: true, seconds: check.seconds } } : {}),
      syncing: st.syncing,
      treeItems: st.treeItems,
      presses: st.presses,
      buttonFeedbacks: st.buttonFeedbacks,
      buttonFeedbacksWithoutMisuse: st.buttonFeedbacksWithoutMisuse,
      lastSync: st.lastSync,
      lastRun: st.lastRun,
      streams,
      checkpoints,
      verification: st.verification,
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
        : `Last finished sync: ${st.lastSync ? `${st.lastSync.finishedAt} from ${st.lastSync.baseUrl}` : 'never'}`,
    ];
    if (!holder && st.lastRun && st.lastRunDiffers)
      lines.push(
        `Last run: ${st.lastRun.status} (started ${st.lastRun.startedAt})${st.lastRun.error ? `: ${st.lastRun.error}` : ''}`,
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
    if (st.verification)
      lines.push(`${verificationSentence(st.verification.verification)} (${st.verification.checkedAt})`);
    if (st.readOnly) lines.push(failures.readOnly(path, st.readOnly));
    io.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  },
};
