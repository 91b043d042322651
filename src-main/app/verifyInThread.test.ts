// The check against the service's counts on its own thread: the same answer as on this thread (the second route),
// a refused token as the ApiError the client throws, and a cancelled check as a rejection.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '#emulator/index.ts';
import { DEFAULT_V2_TOKEN } from '#emulator/http/identities.ts';
import { ApiError } from '../api/errors.ts';
import { createV2Client } from '../api/v2/client.ts';
import { openStore } from '../store/db.ts';
import { verifyAgainstAggregates } from '../sync/v2Verify.ts';
import { runTargetSync } from './syncService.ts';
import { verifyInThread } from './verifyInThread.ts';

const now = new Date('2026-03-10T12:00:00Z');
let emulator: RunningEmulator;
let dir: string;
let path: string;

beforeAll(async () => {
  emulator = await startEmulator({ seed: 7, size: 'tiny', now });
  dir = mkdtempSync(join(tmpdir(), 'fd-verify-thread-'));
  path = join(dir, 'store.sqlite');
  const synced = await runTargetSync(
    {
      profile: null,
      baseUrl: emulator.url,
      storePath: path,
      secrets: { v2Token: DEFAULT_V2_TOKEN, v1: null },
    },
    { source: 'v2', now: () => now, verify: false },
  );
  expect(synced.status).toBe('done');
  // A press less than the service counts: one group must differ, on both routes alike.
  const store = openStore(path);
  store.db.exec(
    `DELETE FROM v2_button_feedback WHERE (experience_point_id, local_time, feedback_id) =
       (SELECT experience_point_id, local_time, feedback_id FROM v2_button_feedback WHERE misuse = 0
        ORDER BY local_time DESC LIMIT 1)`,
  );
  store.close();
});
afterAll(async () => {
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

const request = (token: string) => ({
  path,
  baseUrl: emulator.url,
  token,
  now: now.toISOString(),
  since: '2026-01-01',
  until: '2026-03-12',
});

describe('verifyInThread', () => {
  it('answers as the check on this thread does, the missing press included', async () => {
    const threaded = await verifyInThread(request(DEFAULT_V2_TOKEN));
    const store = openStore(path);
    try {
      const here = await verifyAgainstAggregates({
        store,
        client: createV2Client({ baseUrl: emulator.url, token: DEFAULT_V2_TOKEN }),
        since: '2026-01-01',
        until: '2026-03-12',
        now: () => now,
      });
      expect(threaded).toEqual(here);
      expect(here.mismatches).toHaveLength(1);
      expect(here.serviceTotal - here.localTotal).toBe(1);
    } finally {
      store.close();
    }
  });

  it('rejects a refused token with the ApiError the client throws', async () => {
    const failure = await verifyInThread(request('not-a-token')).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).kind).toBe('auth');
  });

  it('rejects a check cancelled before it ran', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(verifyInThread(request(DEFAULT_V2_TOKEN), controller.signal)).rejects.toThrow();
  });
});
