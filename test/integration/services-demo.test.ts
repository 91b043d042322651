// The demo as a profile like any other, through the composition root: a demo file from before this change (the tree
// and button feedbacks only, under the demo's stable checkpoint identity) keeps working — the next "Explore demo
// data" fetches only the last days of button feedbacks again, and adds every other v2 resource and the v1 side; and
// Sync now with no profile active is that same demo sync, with its check against the emulator's counts.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncProgress } from '#shared/contract.ts';
import { createV2Client } from '../../src-main/api/v2/client.ts';
import { demoSourceId } from '../../src-main/app/demoProfile.ts';
import { startEmulator } from '#emulator/index.ts';
import { createServices } from '../../src-main/services.ts';
import { openStore } from '../../src-main/store/db.ts';
import { syncV2 } from '../../src-main/sync/syncV2.ts';
import { demoToken, tempDir } from './syncFixtures.ts';

const now = new Date('2026-10-01T12:00:00Z');
let dir: string;
beforeAll(() => {
  dir = tempDir('fd-demo-profile-');
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const count = (path: string, table: string): number => {
  const db = new Database(path, { readonly: true });
  try {
    return Number(db.prepare(`SELECT count(*) FROM ${table}`).pluck().get());
  } finally {
    db.close();
  }
};

describe('the demo profile', () => {
  it('keeps an earlier demo file: button feedbacks incremental, the rest of the service added', async () => {
    const path = join(dir, 'old-demo.sqlite');
    // The earlier demo sync, by hand: the tree and button feedbacks only, checkpointed under the demo's identity.
    const first = await startEmulator({ port: 0, host: '127.0.0.1', size: 'tiny', seed: 1, now });
    const store = openStore(path);
    try {
      const r = await syncV2({
        store,
        client: createV2Client({ baseUrl: first.url, token: demoToken }),
        sourceId: demoSourceId,
        now: () => now,
        writerThread: false,
      });
      expect(r.status).toBe('done');
    } finally {
      store.close();
      await first.close();
    }
    const held = count(path, 'v2_button_feedback');
    expect(held).toBeGreaterThan(100);
    expect(count(path, 'v2_text_feedback')).toBe(0);
    expect(count(path, 'v1_press')).toBe(0);

    // The new demo, on another port of the same world: the checkpoints are the demo's, not the address's.
    const services = createServices({
      storePath: path,
      dataDir: dir,
      now: () => now,
      startEmulator: (o) => startEmulator({ ...o, size: 'tiny', now }),
    });
    const events: SyncProgress[] = [];
    services.onEvent('sync:progress', (p) => events.push(p));
    try {
      const explored = await services.handlers['demo:explore']({});
      if (!explored.ok) throw new Error(explored.error.message);
      expect(explored.value.feedbackCount).toBe(held); // the same world: nothing new, nothing lost
      const fetched = events.filter((e) => e.stream === 'v2:button-feedbacks' && e.phase === 'done');
      expect(fetched).toHaveLength(1);
      // Incremental: the trailing days again, far fewer than the whole history.
      expect(fetched[0]?.items).toBeLessThan(held / 4);
      expect(count(path, 'v2_button_feedback')).toBe(held);
      for (const table of ['v2_text_feedback', 'v2_followup_feedback', 'v2_alert', 'v1_press'])
        expect(count(path, table), table).toBeGreaterThan(0);

      // Sync now with no profile active is the demo's sync, checked against the emulator's counts like any profile's.
      const again = await services.handlers['sync:run']({});
      if (!again.ok) throw new Error(again.error.message);
      expect(again.value).toMatchObject({ profile: 'demo', verificationNote: null });
      expect(again.value.verification).toMatchObject({ mismatchCount: 0 });
      // By hand: the check compares presses without misuse, the same as a plain count over the facts.
      const db = new Database(path, { readonly: true });
      const withoutMisuse = Number(
        db.prepare('SELECT count(*) FROM v2_button_feedback WHERE misuse = 0').pluck().get(),
      );
      db.close();
      expect(again.value.verification?.localTotal).toBe(withoutMisuse);
      expect(again.value.verification?.serviceTotal).toBe(withoutMisuse);
    } finally {
      await services.close();
    }
  });
});
