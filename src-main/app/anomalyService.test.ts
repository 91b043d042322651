// answerAnomalies keeps an answer per connection until the file changes: a write by another connection (as the
// sync's writer thread does) or by this one makes the next ask compute again.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillAnomalyWorld } from '../analytics/testing/anomalyWorld.ts';
import { openStore, type Store } from '../store/db.ts';
import { answerAnomalies } from './anomalyService.ts';

let dir = '';
let store: Store;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fd-anomaly-service-'));
  store = openStore(join(dir, 'store.sqlite'));
  fillAnomalyWorld(store);
});
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const args = { filter: { from: '2024-02-26', to: '2024-03-04' }, measure: 'negativeShare' as const };

describe('answerAnomalies', () => {
  it('answers again from what it kept, and afresh after another connection wrote', () => {
    const first = answerAnomalies(store, args);
    expect(answerAnomalies(store, args)).toBe(first);
    const other = openStore(join(dir, 'store.sqlite'));
    other.tree.replace([
      { experiencePointId: 1, name: 'Company', parent: null, type: 'GROUP' },
      { experiencePointId: 2, name: '=G|x', parent: 1, type: 'GROUP' },
      { experiencePointId: 21, name: 'A renamed', parent: 2, type: 'EXPERIENCE_POINT' },
      { experiencePointId: 22, name: 'B', parent: 2, type: 'EXPERIENCE_POINT' },
    ]);
    other.close();
    const after = answerAnomalies(store, args);
    expect(after).not.toBe(first);
    expect(after.rows.find((r) => r.experiencePointId === 21)?.name).toBe('A renamed');
  });
});
