// `feedback-desk status`: what the local store holds and where each sync stream stands.
import { defaultStorePath } from '../../paths.ts';
import { openStore } from '../../store/db.ts';
import { parseCursor } from '../../sync/plan.ts';
import { optBool, optString } from '../command.ts';
import type { CliCommand } from '../command.ts';

export const status: CliCommand = {
  name: 'status',
  summary: 'show what the local store holds: last sync, rows, and where each stream stands',
  options: [
    {
      name: 'db',
      type: 'string',
      valueName: 'PATH',
      description: `the local store (default ${defaultStorePath()})`,
    },
    { name: 'json', type: 'boolean', description: 'print JSON instead of text' },
  ],
  async run(options, io) {
    const path = optString(options, 'db') ?? defaultStorePath('default', io.env);
    const store = openStore(path, { mustExist: true });
    try {
      const lastRun = store.syncRuns.last();
      const lastDone = store.syncRuns.last('done');
      const streams = store.checkpoints.all().map((c) => {
        const cursor = parseCursor(c.cursor);
        return {
          stream: c.stream,
          updatedAt: c.updatedAt,
          state: cursor
            ? cursor.complete
              ? `complete through ${cursor.to}`
              : `at ${cursor.windowStart}..${cursor.windowEnd} offset ${cursor.offset}`
            : 'unknown',
        };
      });
      const report = {
        storePath: path,
        treeItems: store.tree.count(),
        buttonFeedbacks: store.buttonFeedback.total(),
        buttonFeedbacksWithoutMisuse: store.buttonFeedback.total({ includeMisuse: false }),
        lastSync: lastDone ? { baseUrl: lastDone.baseUrl, finishedAt: lastDone.finishedAt } : null,
        lastRun: lastRun
          ? {
              status: lastRun.status,
              startedAt: lastRun.startedAt,
              finishedAt: lastRun.finishedAt,
              itemsReceived: lastRun.itemsReceived,
              error: lastRun.error,
            }
          : null,
        streams,
      };
      if (optBool(options, 'json')) {
        io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
        return 0;
      }
      const lines = [
        `Store: ${path}`,
        `Tree items: ${report.treeItems}; button feedbacks: ${report.buttonFeedbacks} (${report.buttonFeedbacksWithoutMisuse} without misuse)`,
        `Last finished sync: ${lastDone ? `${lastDone.finishedAt} from ${lastDone.baseUrl}` : 'never'}`,
      ];
      if (lastRun && lastRun.id !== lastDone?.id)
        lines.push(
          `Last run: ${lastRun.status} (started ${lastRun.startedAt})${lastRun.error ? `: ${lastRun.error}` : ''}`,
        );
      for (const s of streams) lines.push(`Stream ${s.stream}: ${s.state} (updated ${s.updatedAt})`);
      io.stdout.write(`${lines.join('\n')}\n`);
      return 0;
    } finally {
      store.close();
    }
  },
};
