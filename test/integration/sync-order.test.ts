// When the other v2 resources are fetched (orchestrator.ts): on a first sync after the button feedbacks (alongside,
// both compete for two cores and the write lock), on a store that holds button feedbacks already alongside them.
// Read from the order of the requests the emulator received through the client.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createV2Client } from '../../src-main/api/v2/client.ts';
import { startEmulator, type RunningEmulator } from '#emulator/index.ts';
import { openStore } from '../../src-main/store/db.ts';
import { runSync } from '../../src-main/sync/orchestrator.ts';
import { utcDate } from '../../src-main/sync/plan.ts';
import { feedbackLists } from './sync-v2-resources-support.ts';
import { demoToken, tempDir } from './syncFixtures.ts';

const now = new Date('2026-11-21T14:00:00Z');
let emulator: RunningEmulator;
let dir: string;
beforeAll(async () => {
  emulator = await startEmulator({ size: 'small', seed: 5, port: 0, host: '127.0.0.1', now });
  dir = tempDir('fd-sync-order-');
});
afterAll(async () => {
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A sync of the last two years into `path`, with the paths it asked for, in order. */
async function syncLogged(path: string): Promise<string[]> {
  const asked: string[] = [];
  const client = createV2Client({
    baseUrl: emulator.url,
    token: demoToken,
    fetch: (input, init) => (asked.push(new URL(String(input)).pathname), fetch(input, init)),
  });
  const store = openStore(path);
  try {
    const r = await runSync({
      store,
      sources: { v2: { client } },
      source: 'v2',
      since: utcDate(now, -2 * 365),
      now: () => now,
    });
    expect(r.status).toBe('done');
  } finally {
    store.close();
  }
  return asked;
}

const isButtonFeedbacks = (p: string): boolean => p.endsWith('/results/button-feedbacks.json');
const isList = (p: string): boolean => feedbackLists.some((l) => p.endsWith(`/${l.path}`));

describe('the other v2 resources', () => {
  it('follow the button feedbacks on a first sync, and are fetched on the next run too', async () => {
    const path = join(dir, 'store.sqlite');
    const first = await syncLogged(path);
    const lastButtons = first.findLastIndex(isButtonFeedbacks);
    const firstList = first.findIndex(isList);
    // Enough pages of each for the order to say something.
    expect(first.filter(isButtonFeedbacks).length).toBeGreaterThan(3);
    expect(first.filter(isList).length).toBeGreaterThan(3);
    expect(firstList).toBeGreaterThan(lastButtons);
    const next = await syncLogged(path);
    expect(next.filter(isList).length).toBeGreaterThan(0);
    expect(next.filter(isButtonFeedbacks).length).toBeGreaterThan(0);
  });
});
