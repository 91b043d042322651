// Data view rows: columns in the rows' order, sorting with missing values last (expected orders by hand).
import { describe, expect, it } from 'vitest';
import { dataColumns, sortRows, columnTitle, zOfCell } from './dataRows.ts';
import { createAppI18n } from '../../i18n/index.ts';

describe('data rows', () => {
  const rows = [
    { month: '2026-02', presses: 5, nps: null },
    { month: '2026-01', presses: 9, nps: 10 },
    { month: '2026-03', presses: 7, nps: -4 },
  ];
  it('lists the columns once, numbers to the right', () => {
    expect(dataColumns(rows)).toEqual([
      { key: 'month', numeric: false },
      { key: 'presses', numeric: true },
      { key: 'nps', numeric: true },
    ]);
  });
  it('sorts either way with nulls last', () => {
    expect(sortRows(rows, 'nps', true).map((r) => r.month)).toEqual(['2026-03', '2026-01', '2026-02']);
    expect(sortRows(rows, 'nps', false).map((r) => r.month)).toEqual(['2026-01', '2026-03', '2026-02']);
    expect(sortRows(rows, 'month', true).map((r) => r.presses)).toEqual([9, 5, 7]);
  });
});

describe('columnTitle', () => {
  it('names measures, their comparison and change, grains and keys in the messages; an unknown key stays', () => {
    const { t } = createAppI18n().global;
    expect(
      [
        'presses',
        'previousHappyIndex',
        'deltaPresses',
        'week',
        'experiencePointName',
        'hourOfDay',
        'mystery',
      ].map((k) => columnTitle(k, t)),
    ).toEqual([
      'Presses',
      'Happy Index, compared period',
      'Change in Presses',
      'Week',
      'Experience point',
      'Hour of the day',
      'mystery',
    ]);
  });

  it("names the interval ends and the change's z; a change cell is judged by the z of its measure", () => {
    const { t } = createAppI18n().global;
    expect(
      ['happyIndexLow', 'previousNpsHigh', 'zHappyIndex', 'flowLow'].map((k) => columnTitle(k, t)),
    ).toEqual([
      'Happy Index, 95% low',
      'NPS, compared period, 95% high',
      'z of the change in Happy Index',
      'flowLow',
    ]);
    const row = {
      happyIndex: 70,
      deltaHappyIndex: 1.2,
      zHappyIndex: 0.8,
      deltaPresses: 4,
      deltaNps: 3,
      zNps: null,
    };
    expect(zOfCell(row, 'deltaHappyIndex')).toBe(0.8);
    expect(zOfCell(row, 'deltaPresses')).toBeUndefined(); // counted, not estimated
    expect(zOfCell(row, 'deltaNps')).toBeNull();
    expect(zOfCell(row, 'happyIndex')).toBeUndefined();
  });
});
