// A token without alerts, users and devices scopes syncs what it may and records the rest as not permitted; a sync
// scoped to one subtree holds exactly that subtree's feedback lists and alerts.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createV2Client } from '../../src-main/api/v2/client.ts';
import { startEmulator } from '#emulator/index.ts';
import type { RunningEmulator } from '#emulator/index.ts';
import { openStore } from '../../src-main/store/db.ts';
import type { Store } from '../../src-main/store/db.ts';
import { syncV2 } from '../../src-main/sync/syncV2.ts';
import { syncV2Resources } from '../../src-main/sync/v2Resources.ts';
import { verifyAgainstAggregates } from '../../src-main/sync/v2Verify.ts';
import {
  commonColumns,
  feedbackLists,
  fetchList,
  fetchWindowed,
  fullToken,
  limitedToken,
  now,
  sortedJson,
  storedListRows,
  tempDir,
  since,
} from './sync-v2-resources-support.ts';

let emulator: RunningEmulator;
let dir: string;
const stores: Store[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ size: 'small', seed: 11, port: 0, host: '127.0.0.1', now });
  dir = tempDir();
});
afterAll(async () => {
  for (const s of stores) s.close();
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

function open(name: string): Store {
  const store = openStore(join(dir, name));
  stores.push(store);
  return store;
}
const count = (store: Store, table: string): number =>
  store.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;

describe('a token lacking scopes', () => {
  it('syncs what it may and records every other stream as not permitted for this token', async () => {
    const store = open('limited.sqlite');
    const client = createV2Client({ baseUrl: emulator.url, token: limitedToken });
    await syncV2({ store, client, now: () => now, since });
    const progress: { stream: string; phase: string; message?: string }[] = [];
    const result = await syncV2Resources({
      store,
      client,
      now: () => now,
      since,
      onProgress: (p) => progress.push(p),
    });
    expect(result.status).toBe('done');
    const refused = ['v2:alert-specifications', 'v2:users', 'v2:smileys', 'v2:alerts', 'v2:alert-comments'];
    expect(result.streams.filter((s) => s.status === 'not-permitted').map((s) => s.stream)).toEqual(refused);
    expect(result.streams.filter((s) => s.status === 'done')).toHaveLength(
      result.streams.length - refused.length,
    );
    for (const stream of refused) {
      const cursor = store.checkpoints.get(stream) as { kind: string; message: string };
      expect(cursor.kind).toBe('not-permitted');
      expect(cursor.message).toMatch(/^Not permitted for this token: .*\(403: .*lacks the scope/);
      expect(progress.find((p) => p.stream === stream && p.phase === 'done')?.message).toBe(cursor.message);
    }
    expect(store.checkpoints.get('v2:users')).toMatchObject({
      message: expect.stringContaining('users:read'),
    });
    for (const t of ['v2_alert_specification', 'v2_user', 'v2_smiley', 'v2_alert', 'v2_alert_comment'])
      expect(count(store, t), t).toBe(0);

    // What it may read is there, exactly as the service answers this token.
    const surveys = await fetchList(emulator.url, limitedToken, 'surveys.json');
    expect(count(store, 'v2_survey')).toBe(surveys.length);
    expect(count(store, 'v2_followup_option')).toBe(
      (await fetchList(emulator.url, limitedToken, 'follow-up-options.json')).length,
    );
    for (const list of feedbackLists) {
      const answer = await fetchWindowed(emulator.url, limitedToken, list.path, { includeMisuse: true });
      // Metadata comes from digital channels only, which lie outside this token's country: an empty list is right.
      if (!list.path.endsWith('metadata.json')) expect(answer.length, list.path).toBeGreaterThan(0);
      expect(storedListRows(store.db, list.table, list.columns), list.path).toEqual(
        sortedJson(answer.map((r) => [...commonColumns(r), ...list.row(r)])),
      );
    }
    // The whole authorised tree of this token is smaller than the company's.
    const all = await fetchWindowed(emulator.url, fullToken, 'results/text-feedbacks.json');
    expect(count(store, 'v2_text_feedback')).toBeLessThan(all.length);
    expect((await verifyAgainstAggregates({ store, client, now: () => now, since })).mismatches).toEqual([]);
  });
});

describe('a sync scoped to a subtree', () => {
  it("holds that subtree's feedback lists and alerts only", async () => {
    const tree = await fetchList(emulator.url, fullToken, 'experience-points.json');
    const root = tree.find((t) => t.parent === null);
    // The second country: a group under the root with groups below it.
    const countries = tree.filter((t) => t.parent === root?.experiencePointId && t.type === 'GROUP');
    const scope = Number(countries[1]?.experiencePointId);
    const store = open('scoped.sqlite');
    const client = createV2Client({ baseUrl: emulator.url, token: fullToken });
    store.tree.replace(await client.experiencePoints());
    const result = await syncV2Resources({ store, client, now: () => now, since, scope: [scope] });
    expect(result.streams.every((s) => s.status === 'done')).toBe(true);
    for (const list of feedbackLists.slice(0, 2)) {
      const answer = await fetchWindowed(emulator.url, fullToken, list.path, {
        includeMisuse: true,
        experiencePointId: scope,
      });
      expect(answer.length, list.path).toBeGreaterThan(100);
      expect(storedListRows(store.db, list.table, list.columns), list.path).toEqual(
        sortedJson(answer.map((r) => [...commonColumns(r), ...list.row(r)])),
      );
    }
    const alerts = await fetchWindowed(emulator.url, fullToken, 'alerts.json', { experiencePointId: scope });
    expect(count(store, 'v2_alert')).toBe(new Set(alerts.map((a) => a.alertId)).size);
    // Structure lists are not scoped: the company's whole definitions.
    expect(count(store, 'v2_survey')).toBe((await fetchList(emulator.url, fullToken, 'surveys.json')).length);
  });
});
