// The Why panel's data: the request from the filters, the waterfall's steps (the rest as one bar), the rows' table.
import { describe, expect, it } from 'vitest';
import type { Explanation, ExplainRow } from '#shared/contract.ts';
import { createAppI18n } from '../../i18n/index.ts';
import { explainRequest, explainTable, shownParts, whySteps } from './whyRows.ts';

const { t } = createAppI18n().global;
const row = (id: number, contribution: number): ExplainRow => ({
  experiencePointId: id,
  name: `P${id}`,
  presses: 10,
  previousPresses: 8,
  value: 70,
  previousValue: 69,
  rateEffect: contribution / 2,
  mixEffect: contribution / 2,
  contribution,
  z: id === 1 ? 3 : 0.5,
});

describe('explainRequest', () => {
  it('needs a bounded period, a comparison and a scale; NPS explains the NPS', () => {
    const base = { from: '2026-10-01', to: '2026-11-01', experiencePointIds: [5] };
    expect(explainRequest(base, ['five', 'five_reversed'], 'lastYear', 'survey')).toEqual({
      filter: base,
      scales: ['five', 'five_reversed'],
      measure: 'happyIndex',
      by: 'survey',
      comparison: 'lastYear',
    });
    expect(explainRequest(base, ['nps'], 'previous', 'point')?.measure).toBe('nps');
    expect(explainRequest(base, ['four'], 'off', 'point')).toBeNull();
    expect(explainRequest({}, ['four'], 'previous', 'point')).toBeNull();
  });
});

describe('whySteps and explainTable', () => {
  const rows = Array.from({ length: shownParts + 2 }, (_, i) => row(i + 1, 1 / (i + 1)));
  const e: Explanation = {
    measure: 'happyIndex',
    by: 'point',
    previousFrom: '2026-09-01',
    previousTo: '2026-10-01',
    current: 72,
    previous: 70,
    change: 2,
    presses: 100,
    previousPresses: 80,
    z: 2.5,
    rows,
    reasons: [],
  };

  it('shows the largest parts and adds the rest into one bar', () => {
    const { steps, rows: shown } = whySteps(e, t, String, String);
    expect(steps.length).toBe(shownParts + 1);
    expect(steps.at(-1)).toEqual({ name: '2 more', value: 1 / 9 + 1 / 10 });
    expect(shown.at(-1)).toBeNull();
    expect(steps[0]?.detail?.at(-1)).toBe('a change');
    expect(steps[1]?.detail?.at(-1)).toBe('within noise');
  });

  it('writes every part with its effects as a table', () => {
    const table = explainTable(e, 'Parts', t);
    expect(table.columns.map((c) => c.key)).toEqual([
      'experiencePointId',
      'name',
      'presses',
      'previousPresses',
      'value',
      'previousValue',
      'rateEffect',
      'mixEffect',
      'contribution',
      'z',
    ]);
    expect(table.rows.length).toBe(rows.length);
    expect(table.rows[0]).toEqual([1, 'P1', 10, 8, 70, 69, 0.5, 0.5, 1, 3]);
  });
});
