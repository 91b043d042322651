// A v1 sync in a process of its own, for the kill-and-resume test: prints "window <n>" after each committed window.
import { openStore } from '../../src-main/store/db.ts';
import { syncV1 } from '../../src-main/sync/syncV1.ts';
import { since, v1Client, worldNow } from './sync-v1-support.ts';

const [baseUrl, path] = process.argv.slice(2);
if (!baseUrl || !path) throw new Error('usage: sync-v1-child.ts BASE_URL DB');
const store = openStore(path);
let windows = 0;
const result = await syncV1({
  store,
  client: v1Client(baseUrl),
  since,
  now: () => worldNow,
  windowDays: 60,
  onProgress: (p) => {
    if (p.stream === 'v1:surveys' && p.phase === 'running' && p.pages > 0)
      process.stdout.write(`window ${++windows}\n`);
  },
});
store.close();
process.stdout.write(`${result.status}\n`);
