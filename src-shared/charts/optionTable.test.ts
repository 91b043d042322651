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

  it('reads horizontal bars from the category y axis', () => {
    const bars = optionTable(
      {
        xAxis: { type: 'value' },
        yAxis: { type: 'category', name: 'Point', data: ['B', 'A'] },
        series: [{ type: 'bar', data: [3, 5] }],
      },
      'Ranking',
    );
    // The y axis counts from the bottom: 'A' is drawn on top, so it is the first row.
    expect(bars?.rows).toEqual([
      ['A', 5],
      ['B', 3],
    ]);
    expect(bars?.columns[0]).toEqual({ key: 'category', label: 'Point', type: 'text' });
  });

  it('reads a heatmap cell by cell: weekday and hour by name, the value; empty cells as empty', () => {
    const hours = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));
    const table = optionTable(
      {
        xAxis: { type: 'category', data: hours },
        yAxis: { type: 'category', data: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] },
        series: [
          { type: 'heatmap', name: 'Presses', data: [[9, 0, 12], [23, 6, '-'], { value: [0, 2, 3] }] },
        ],
      },
      'Patterns',
    );
    expect(table).toEqual({
      title: 'Patterns',
      columns: [
        { key: 'row', label: 'Weekday', type: 'text' },
        { key: 'column', label: 'Hour of day', type: 'text' },
        { key: 'value', label: 'Presses', type: 'number' },
      ],
      rows: [
        ['Mon', '09', 12],
        ['Sun', '23', null],
        ['Wed', '00', 3],
      ],
    });
  });

  it('reads a pie slice by slice with its share (3 of 4 = 0.75)', () => {
    const table = optionTable(
      {
        series: [
          {
            type: 'pie',
            name: 'Feedbacks',
            data: [
              { name: '=female', value: 3 },
              { name: 'male', value: 1 },
            ],
          },
        ],
      },
      'Gender',
    );
    expect(table?.columns.map((c) => c.label)).toEqual(['Name', 'Feedbacks', 'Share']);
    expect(table?.rows).toEqual([
      ['=female', 3, 0.75],
      ['male', 1, 0.25],
    ]);
  });
});
