// `sync`, `query` and `status` at the command line: flags checked, one-line messages, a token from the keychain.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendJson, startLoopbackServer } from '../../api/testing/loopbackServer.ts';
import type { LoopbackServer } from '../../api/testing/loopbackServer.ts';
import { v2TokenAccount } from '../../credentials/credentialStore.ts';
import { createSessionStore } from '../../credentials/sessionStore.ts';
import { runCommand } from '../testing.ts';
import { query } from './query.ts';
import { status } from './status.ts';
import { createSyncCommand } from './sync.ts';

let dir: string;
let server: LoopbackServer | null = null;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fd-cli-'));
});
afterEach(async () => {
  await server?.close();
  server = null;
  rmSync(dir, { recursive: true, force: true });
});

const keychain = createSessionStore();
const sync = createSyncCommand({ createCredentialStore: () => keychain });

/** A minimal v2 service: a two-item tree and two presses on 2024-05-01, one of them misuse. */
async function tinyService(token: string): Promise<string> {
  server = await startLoopbackServer((req, res, url) => {
    if (req.headers['x-svc-api-token'] !== token)
      return sendJson(res, 401, { status: 401, error: 'Unauthorized', message: 'unknown token' });
    if (url.pathname === '/v2/experience-points.json')
      return sendJson(
        res,
        200,
        [
          { experiencePointId: 1, name: 'Root', type: 'GROUP' },
          { experiencePointId: 2, name: 'Shop', parent: 1, type: 'EXPERIENCE_POINT' },
        ],
        { 'X-More-Available': 'false' },
      );
    if (url.pathname !== '/v2/results/button-feedbacks.json')
      return sendJson(res, 200, [], { 'X-More-Available': 'false' }); // every other resource: none
    const start = url.searchParams.get('startDate') ?? '';
    const end = url.searchParams.get('endDate') ?? '';
    const inWindow = start <= '2024-05-01' && '2024-05-01' < end;
    const press = (id: string, misuse: boolean) => ({
      feedbackId: id,
      smileyId: 1,
      localTime: '2024-05-01T10:00:00.000+02:00',
      surveyId: 9,
      experiencePointId: 2,
      buttonIndex: 3,
      misuse,
      smileyType: 'SMILEY_TERMINAL',
      position: 0,
      ui: 'physical',
    });
    sendJson(res, 200, inWindow ? [press('a', false), press('b', true)] : [], {
      'X-More-Available': 'false',
    });
  });
  return server.url;
}

describe('sync command', () => {
  it('says in one line how to supply a missing token', async () => {
    const out = await runCommand(
      sync,
      ['--base-url', 'http://127.0.0.1:9', '--db', join(dir, 'x.sqlite')],
      {},
    );
    expect(out.code).toBe(1);
    expect(out.stderr).toBe(
      'feedback-desk sync: No v2 token is stored for http://127.0.0.1:9: run `feedback-desk login --base-url http://127.0.0.1:9` or set FEEDBACK_DESK_V2_TOKEN.\n',
    );
  });

  it('refuses plain http to a remote host and bad dates, naming the option', async () => {
    expect((await runCommand(sync, ['--base-url', 'http://example.com'], {})).stderr).toMatch(
      /^feedback-desk sync: option '--base-url': The base URL must start with https:\/\//,
    );
    expect(
      (await runCommand(sync, ['--base-url', 'https://example.com', '--since', '2024-02-30'], {})).stderr,
    ).toBe("feedback-desk sync: option '--since' must be a date yyyy-MM-dd, not '2024-02-30'\n");
  });

  it('syncs with the keychain token, prints the store path; query and status read the file', async () => {
    const token = 'kc-token';
    const base = await tinyService(token);
    await keychain.set(v2TokenAccount(base), token);
    const db = join(dir, 'a.sqlite');
    const out = await runCommand(
      sync,
      ['--base-url', base, '--db', db, '--since', '2024-01-01', '--until', '2024-06-01'],
      {},
    );
    // Progress goes to stderr: plain lines off a terminal, one per stream as it ends.
    expect(out.stderr).toContain('v2:button-feedbacks: 2 items, 1 pages, done\n');
    expect(out.stderr).not.toMatch(/error|fail/i);
    expect(out.stdout).toContain(`Syncing ${base} (v2) into ${db}`);
    expect(out.stdout).toContain('v2:button-feedbacks: done, 2 items received, 2 rows held');
    expect(out.stdout).toMatch(/^Done: 2 presses \(v2 button feedbacks\) in the store, 2 tree items; /m);
    const q = await runCommand(query, ['--db', db], {});
    expect(JSON.parse(q.stdout)).toEqual([{ day: '2024-05-01', buttonIndex: 3, count: 1 }]);
    const qm = await runCommand(
      query,
      ['--db', db, '--by', 'hour', '--include-misuse', '--experience-point', '1'],
      {},
    );
    expect(JSON.parse(qm.stdout)).toEqual([{ hour: '2024-05-01T10', buttonIndex: 3, count: 2 }]);
    const st = await runCommand(status, ['--db', db], {});
    expect(st.stdout).toContain('Tree items: 2; 2 presses (v2 button feedbacks), 1 without misuse');
    expect(st.stdout).toContain('Checkpoint v2:button-feedbacks: complete through 2024-06-01');
    expect(st.stdout).toMatch(
      /Stream v2:button-feedbacks: last sync \S+ \(done\); 2 rows; newest data 2024-05-01T08:00:00\.000Z \(lag [^)]+\); no error/,
    );
  });

  it('adds what to do to a refused token, and never prints it', async () => {
    const base = await tinyService('right');
    const out = await runCommand(sync, ['--base-url', base, '--db', join(dir, 'b.sqlite')], {
      FEEDBACK_DESK_V2_TOKEN: 'wrong-token',
    });
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(
      /refused the API token \(401\).*Run 'feedback-desk login --base-url http:\/\/127\.0\.0\.1:\d+' to store a new token, or set FEEDBACK_DESK_V2_TOKEN\.\n$/,
    );
    expect(out.stderr).not.toContain('wrong-token');
  });
});

describe('query command', () => {
  it('reads only an existing file', async () => {
    const out = await runCommand(query, ['--db', join(dir, 'none.sqlite')], {});
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(
      /There is no data file at .*none\.sqlite yet\. Run 'feedback-desk sync' first/,
    );
  });

  it('checks its options', async () => {
    expect((await runCommand(query, ['--experience-point', 'abc'], {})).stderr).toMatch(
      /'--experience-point' takes ids like 12/,
    );
    expect((await runCommand(query, ['--from', '2024-05-02', '--to', '2024-05-01'], {})).stderr).toMatch(
      /option '--from' \(2024-05-02\) must be before '--to'/,
    );
  });
});
