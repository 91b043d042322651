// A failed sync at the command line: the error said once, on the part of the sync that failed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendJson, startLoopbackServer } from '../../api/testing/loopbackServer.ts';
import type { LoopbackServer } from '../../api/testing/loopbackServer.ts';
import { createSessionStore } from '../../credentials/sessionStore.ts';
import { runCommand } from '../testing.ts';
import { createSyncCommand } from './sync.ts';

let dir: string;
let server: LoopbackServer | null = null;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fd-cli-fail-'));
});
afterEach(async () => {
  await server?.close();
  server = null;
  rmSync(dir, { recursive: true, force: true });
});

const sync = createSyncCommand({ createCredentialStore: () => createSessionStore() });

describe('a sync whose tree request fails', () => {
  it('prints the error once, naming v2:experience-points, and exits 1', async () => {
    // The tree answers with a name that is a number: refused at the boundary at once (no retries).
    server = await startLoopbackServer((_req, res, url) => {
      if (url.pathname === '/v2/experience-points.json')
        return sendJson(res, 200, [{ experiencePointId: 1, name: 42, type: 'GROUP' }], {
          'X-More-Available': 'false',
        });
      return sendJson(res, 200, [], { 'X-More-Available': 'false' });
    });
    const db = join(dir, 'f.sqlite');
    const out = await runCommand(
      sync,
      ['--base-url', server.url, '--db', db, '--since', '2024-01-01', '--until', '2024-02-01'],
      { FEEDBACK_DESK_V2_TOKEN: 't' },
    );
    const problem =
      "The service sent data Feedback Desk does not understand (experience-points.json, item 0: field 'name' should be a string but is an integer). Check that the base URL points at the feedback service, or update Feedback Desk.";
    expect(out.code).toBe(1);
    const all = out.stdout + out.stderr;
    expect(all.split(problem)).toHaveLength(2); // said exactly once
    expect(out.stderr.endsWith(`feedback-desk sync: v2:experience-points failed: ${problem}\n`)).toBe(true);
    expect(out.stdout).toMatch(/^v2:experience-points: failed, 0 items received \(\d+\.\d s\)$/m);
    expect(all).not.toContain('v2:button-feedbacks');
  });
});
