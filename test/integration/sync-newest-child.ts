// A process running a whole v2 sync (runSync: newest first) with a fixed clock, printing one line per progress event
// (`stream phase pages`, and `coverage FROM` for the history's coverage), so a test can SIGKILL it at chosen moments.
// Usage: node sync-newest-child.ts BASE_URL DB_PATH PAGE_SIZE NOW_ISO
import { createV2Client } from '../../src-main/api/v2/client.ts';
import { openStore } from '../../src-main/store/db.ts';
import { runSync } from '../../src-main/sync/orchestrator.ts';

const [baseUrl = '', dbPath = '', pageSize = '200', nowIso = ''] = process.argv.slice(2);
const now = new Date(nowIso);
const store = openStore(dbPath);
const result = await runSync({
  store,
  sources: { v2: { client: createV2Client({ baseUrl, token: 'demo-v2-token' }) } },
  source: 'v2',
  now: () => now,
  pageSize: Number(pageSize),
  onProgress: (p) =>
    process.stdout.write(
      p.coverage
        ? `coverage ${p.coverage.completeFrom ?? 'complete'}\n`
        : `${p.stream} ${p.phase} ${p.pages}\n`,
    ),
});
store.close();
process.stdout.write(`RESULT ${result.status}\n`);
