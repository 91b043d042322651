// syncSurveyDefinitions against the emulator on loopback: the stored scales equal the service's own survey list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncProgress } from '#shared/contract.ts';
import { createV2Client } from '../api/v2/client.ts';
import { startEmulator } from '#emulator/index.ts';
import type { RunningEmulator } from '#emulator/index.ts';
import { openStore } from '../store/db.ts';
import { syncSurveyDefinitions } from './surveyDefinitions.ts';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ size: 'tiny', seed: 3, now: new Date('2026-11-21T14:00:00Z') });
});
afterAll(async () => {
  await emulator.close();
});

const client = () => createV2Client({ baseUrl: emulator.url, token: 'demo-v2-token' });

describe('syncSurveyDefinitions', () => {
  it('stores every survey with its scale, as the service lists them', async () => {
    const store = openStore(':memory:');
    try {
      const seen: SyncProgress[] = [];
      expect(await syncSurveyDefinitions({ store, client: client(), onProgress: (p) => seen.push(p) })).toBe(
        'done',
      );
      // Second route: the service's list read with a plain fetch, no client code.
      const res = await fetch(`${emulator.url}/v2/surveys.json?limit=1000`, {
        headers: { 'X-Svc-API-Token': 'demo-v2-token' },
      });
      const listed = (await res.json()) as { surveyId: number; feedbackScale: string }[];
      const stored = store.db
        .prepare('SELECT survey_id AS surveyId, feedback_scale AS feedbackScale FROM v2_survey ORDER BY 1')
        .all();
      expect(stored).toEqual(
        listed
          .map((s) => ({ surveyId: s.surveyId, feedbackScale: s.feedbackScale }))
          .sort((a, b) => a.surveyId - b.surveyId),
      );
      expect(new Set(listed.map((s) => s.feedbackScale))).toEqual(
        new Set(['four', 'five', 'five_reversed', 'nps']),
      );
      expect(store.v2Resources.structure.count('questions')).toBeGreaterThan(0);
      expect(seen.filter((p) => p.phase === 'done').map((p) => p.stream)).toEqual([
        'v2:surveys',
        'v2:questions',
      ]);
    } finally {
      store.close();
    }
  });

  it('resolves cancelled and stores nothing when cancelled before it starts', async () => {
    const store = openStore(':memory:');
    try {
      const controller = new AbortController();
      controller.abort();
      expect(await syncSurveyDefinitions({ store, client: client(), signal: controller.signal })).toBe(
        'cancelled',
      );
      expect(store.v2Resources.structure.count('surveys')).toBe(0);
    } finally {
      store.close();
    }
  });
});
