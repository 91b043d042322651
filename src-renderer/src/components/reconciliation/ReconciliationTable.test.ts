// The reconciliation table in happy-dom: a point with two surveys on one day has two rows, told apart by the
// question's id (the export already carried it; the screen did not, and the rows looked like duplicates).
import { mount } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { describe, expect, it } from 'vitest';
import type { ReconciliationRow } from '#shared/contract.ts';
import { createAppI18n } from '../../i18n/index.ts';
import ReconciliationTable from './ReconciliationTable.vue';

const row = (questionId: number, v2All: number): ReconciliationRow => ({
  day: '2026-11-27',
  experiencePointId: 7,
  experiencePointName: 'Bäckerei "Zur Post", Köln Eingang Süd',
  questionId,
  v1SurveyKeys: [questionId + 1000],
  v2SurveyIds: [questionId],
  v1Summed: v2All,
  v1Raw: v2All,
  v2All,
  v2Misuse: 0,
  rawMinusSummed: 0,
  explainedByMisuse: null,
  agrees: true,
});

describe('Reconciliation table', () => {
  it('names the question of each row, so two surveys of one point on one day read as two rows', () => {
    const w = mount(ReconciliationTable, {
      props: { rows: [row(41, 67), row(42, 5)], caption: 'Rows (2)' },
      global: { plugins: [createAppI18n(), createPinia()], stubs: { ExportMenu: true } }, // the menu's own test covers it
    });
    expect(w.findAll('th').map((th) => th.text())).toContain('Question');
    const cells = w.findAll('tbody tr').map((tr) => tr.findAll('td').map((td) => td.text()));
    expect(cells.map((c) => c.slice(1, 4))).toEqual([
      ['Bäckerei "Zur Post", Köln Eingang Süd', '41', '67'],
      ['Bäckerei "Zur Post", Köln Eingang Süd', '42', '5'],
    ]);
  });
});
