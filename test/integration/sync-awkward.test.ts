// The emulator's `awkward` account (a group without points, a point without surveys, a survey without presses, no
// users, a new scale, device type and ui, emoji, RTL, zero-width and 10,000-character texts) synced with both API
// versions into a real SQLite file: no stream fails, and every count equals the emulator's own answers.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listScales } from '../../src-main/analytics/scales.ts';
import { createV1Client } from '../../src-main/api/v1/client.ts';
import { createV2Client } from '../../src-main/api/v2/client.ts';
import { startEmulator } from '#emulator/index.ts';
import type { RunningEmulator } from '#emulator/index.ts';
import { awkwardLongName, awkwardUnknown } from '#emulator/world/awkward.ts';
import { openStore } from '../../src-main/store/db.ts';
import type { Store } from '../../src-main/store/db.ts';
import { runSync } from '../../src-main/sync/orchestrator.ts';
import type { RunSyncResult } from '../../src-main/sync/orchestrator.ts';
import {
  feedbackLists,
  fetchList,
  fetchWindowed,
  fullToken,
  now,
  since,
  tempDir,
  until,
} from './sync-v2-resources-support.ts';
import type { Json } from './sync-v2-resources-support.ts';

let emulator: RunningEmulator;
let dir: string;
let store: Store;
let result: RunSyncResult;

beforeAll(async () => {
  emulator = await startEmulator({ size: 'awkward', seed: 9, port: 0, host: '127.0.0.1', now });
  dir = tempDir();
  store = openStore(join(dir, 'awkward.sqlite'));
  result = await runSync({
    store,
    source: 'both',
    sources: {
      v2: { client: createV2Client({ baseUrl: emulator.url, token: fullToken }) },
      v1: { client: createV1Client({ baseUrl: emulator.url, clientId: 'demo-client', token: 'demo-token' }) },
    },
    since,
    until,
    now: () => now,
    writerThread: false,
  });
});
afterAll(async () => {
  store.close();
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

const count = (sql: string): number => Number(store.db.prepare(sql).pluck().get());
const get = (path: string): Promise<Json[]> => fetchList(emulator.url, fullToken, path);
const windowed = (path: string): Promise<Json[]> =>
  fetchWindowed(emulator.url, fullToken, path, { includeMisuse: true });

describe('the awkward account, synced with v2 and v1', () => {
  it('fails no stream', () => {
    expect(result.streams.map((s) => [s.stream, s.status, s.error ?? ''])).toEqual([
      ['v2:button-feedbacks', 'done', ''],
      ['v2:resources', 'done', ''],
      ['v1', 'done', ''],
    ]);
    expect(result.status).toBe('done');
  });

  it('holds the tree as the service lists it, names exact (emoji, RTL, zero-width, 10,000 characters)', async () => {
    const tree = await get('experience-points.json');
    expect(tree).toHaveLength(6); // by hand: root, empty group, region group, three points
    const stored = store.db
      .prepare('SELECT experience_point_id AS id, name, parent_id AS parent FROM experience_point ORDER BY 1')
      .all();
    expect(stored).toEqual(
      tree
        .map((t) => ({ id: t.experiencePointId, name: t.name, parent: t.parent ?? null }))
        .sort((a, b) => Number(a.id) - Number(b.id)),
    );
    expect([...awkwardLongName]).toHaveLength(10_000);
    expect(count(`SELECT count(*) FROM experience_point WHERE name = '${awkwardLongName}'`)).toBe(1);
    // v1 sees the same folders: the empty group and the point without surveys included.
    expect(count('SELECT count(*) FROM v1_folder')).toBe(6);
  });

  it('holds every press the emulator lists, the new device type and ui kept as sent', async () => {
    const presses = await windowed('results/button-feedbacks.json');
    expect(presses).toHaveLength(1_050); // by hand: 500 + 300 presses on four buttons, 250 on the new scale
    expect(count('SELECT count(*) FROM v2_button_feedback')).toBe(presses.length);
    const kiosk = presses.filter((p) => p.smileyType === awkwardUnknown.smileyType).length;
    expect(kiosk).toBe(300);
    expect(count(`SELECT count(*) FROM smiley WHERE smiley_type = '${awkwardUnknown.smileyType}'`)).toBe(1);
    expect(count(`SELECT count(*) FROM v2_button_feedback WHERE ui = '${awkwardUnknown.ui}'`)).toBe(kiosk);
  });

  it('holds each definition list and each feedback list as long as the service answers it', async () => {
    for (const [path, table] of [
      ['surveys.json', 'v2_survey'],
      ['questions.json', 'v2_question'],
      ['smileys.json', 'v2_smiley'],
      ['users.json', 'v2_user'],
      ['follow-up-questions.json', 'v2_followup_question'],
      ['follow-up-options.json', 'v2_followup_option'],
    ] as const)
      expect([path, count(`SELECT count(*) FROM ${table}`)]).toEqual([path, (await get(path)).length]);
    expect(count('SELECT count(*) FROM v2_user')).toBe(0);
    for (const list of feedbackLists) {
      const answered = (await windowed(list.path)).length;
      expect([list.path, count(`SELECT count(*) FROM ${list.table}`)]).toEqual([list.path, answered]);
    }
    expect(count('SELECT count(*) FROM v2_text_feedback')).toBeGreaterThan(0);
    expect(count(`SELECT count(*) FROM v2_text_feedback WHERE text = '${awkwardLongName}'`)).toBeGreaterThan(
      0,
    );
  });

  it('keeps alert comments that name no user, with the user unknown', async () => {
    const alerts = await fetchWindowed(emulator.url, fullToken, 'alerts.json');
    const comments = await fetchWindowed(emulator.url, fullToken, 'alert-comments.json');
    expect(comments.length).toBeGreaterThan(0);
    expect(comments.every((c) => c.userId === null)).toBe(true);
    expect(count('SELECT count(*) FROM v2_alert')).toBe(new Set(alerts.map((a) => a.alertId)).size);
    expect(count('SELECT count(*) FROM v2_alert_comment WHERE user_id IS NULL')).toBe(comments.length);
    expect(count('SELECT count(*) FROM v2_alert_comment')).toBe(comments.length);
  });

  it('counts the new scale apart as unknown, with its presses', async () => {
    const surveys = await get('surveys.json');
    const odd = surveys.find((s) => s.feedbackScale === awkwardUnknown.scale);
    expect(odd).toBeDefined();
    const presses = await windowed('results/button-feedbacks.json');
    const oddPresses = presses.filter((p) => p.surveyId === odd?.surveyId && p.misuse === false).length;
    const overview = listScales(store.db);
    expect(overview.unknown.map((u) => [u.surveyId, u.presses])).toEqual([[odd?.surveyId, oddPresses]]);
    expect(overview.scales.map((s) => s.scale)).toEqual(['four']); // the NPS survey has no presses
  });

  it('holds every v1 press: the four-button survey, both devices', async () => {
    const presses = await windowed('results/button-feedbacks.json');
    const surveys = await get('surveys.json');
    const four = new Set(surveys.filter((s) => s.feedbackScale === 'four').map((s) => s.surveyId));
    const expected = presses.filter((p) => four.has(p.surveyId)).length;
    expect(expected).toBe(800);
    expect(count('SELECT sum(presses) FROM v1_press')).toBe(expected);
  });
});
