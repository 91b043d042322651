// Rows from a chart's option: categories by series, values as drawn (cells written out by hand).
import { describe, expect, it } from 'vitest';
import { optionTable } from './optionTable.ts';

describe('optionTable', () => {
  it('reads a daily stacked bar chart: dates as dates, one number column per series', () => {
    const table = optionTable(
      {
        xAxis: { type: 'category', data: ['2026-10-01', '2026-10-02'] },
        yAxis: { type: 'value' },
        series: [
          { type: 'bar', name: '=bad', data: [1, 2] },
          { type: 'bar', name: 'Positive', data: [{ value: 3 }, null] },
        ],
      },
      'Daily',
    );
    expect(table).toEqual({
      title: 'Daily',
      columns: [
        { key: 'category', label: 'Day', type: 'date' },
        { key: 'series0', label: '=bad', type: 'number' },
        { key: 'series1', label: 'Positive', type: 'number' },
      ],
      rows: [
        ['2026-10-01', 1, 3],
        ['2026-10-02', 2, null],
      ],
    });
  });

  it('reads horizontal bars from the category y axis; a heatmap gives no rows', () => {
    const bars = optionTable(
      {
        xAxis: { type: 'value' },
        yAxis: { type: 'category', name: 'Point', data: ['A'] },
        series: [{ type: 'bar', data: [5] }],
      },
      'Ranking',
    );
    expect(bars?.rows).toEqual([['A', 5]]);
    expect(bars?.columns[0]).toEqual({ key: 'category', label: 'Point', type: 'text' });
    expect(
      optionTable(
        { xAxis: { type: 'category', data: ['0'] }, series: [{ type: 'heatmap', data: [[0, 0, 1]] }] },
        'H',
      ),
    ).toBeNull();
  });
});
