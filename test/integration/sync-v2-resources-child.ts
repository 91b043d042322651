// A process that syncs every other v2 resource into a store, printing one line per progress event, so a test can
// SIGKILL it at chosen moments. Usage: node sync-v2-resources-child.ts BASE_URL DB_PATH PAGE_SIZE
import { createV2Client } from '../../src-main/api/v2/client.ts';
import { openStore } from '../../src-main/store/db.ts';
import { syncV2Resources } from '../../src-main/sync/v2Resources.ts';
import { fullToken, now, since } from './sync-v2-resources-support.ts';

const [baseUrl = '', dbPath = '', pageSize = '500'] = process.argv.slice(2);
const store = openStore(dbPath);
const client = createV2Client({ baseUrl, token: fullToken });
// The tree (normally syncV2's first step) lets a window's replace find the points of the tree.
store.tree.replace(await client.experiencePoints());
const result = await syncV2Resources({
  store,
  client,
  now: () => now,
  since,
  pageSize: Number(pageSize),
  onProgress: (p) => process.stdout.write(`${p.stream} ${p.phase} ${p.pages}\n`),
});
store.close();
process.stdout.write(`RESULT ${result.status}\n`);
