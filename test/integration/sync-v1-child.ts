// A v1 sync in a process of its own, for the kill-and-resume tests: prints "window <n>" after each committed window;
// with a third argument `newest`, the sync is newest first (the account's whole history, its newest 62 days first)
// and each committed window of its history prints "history <n>" instead.
import { openStore } from '../../src-main/store/db.ts';
import { syncV1 } from '../../src-main/sync/syncV1.ts';
import { since, v1Client, worldNow } from './sync-v1-support.ts';

const [baseUrl, path, mode] = process.argv.slice(2);
const newest = mode === 'newest';
if (!baseUrl || !path) throw new Error('usage: sync-v1-child.ts BASE_URL DB');
const store = openStore(path);
let windows = 0;
let history = 0;
const result = await syncV1({
  store,
  client: v1Client(baseUrl),
  ...(newest ? { firstWindowDays: 62 } : { since }),
  now: () => worldNow,
  windowDays: 60,
  onProgress: (p) => {
    if (p.stream === 'v1:surveys' && p.phase === 'running' && p.pages > 0)
      process.stdout.write(`window ${++windows}\n`);
    // The history's own start says fraction 0; each committed window moves it.
    if (p.stream === 'v1:history' && p.phase === 'running' && (p.fraction ?? 0) > 0)
      process.stdout.write(`history ${++history}\n`);
  },
});
store.close();
process.stdout.write(`${result.status}\n`);
