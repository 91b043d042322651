// The report file's sortable table in happy-dom: text only in cells, numbers sorted by value and text by words
// (numbers inside words in their order), empty cells last both ways, aria-sort following the clicks.
import { describe, expect, it } from 'vitest';
import { renderTable } from './reportTable.ts';

const table = {
  title: 'Rows <b>bold</b>',
  columns: [
    { key: 'name', label: 'Name', type: 'text' as const },
    { key: 'count', label: 'Presses', type: 'number' as const },
  ],
  rows: [
    ['Store 10', 1204.5],
    ['<img src=x onerror=alert(1)>', null],
    ['Store 9', 3],
    ['store 2', 40],
  ],
  totalRows: 12,
};

const column = (el: HTMLElement, i: number): string[] =>
  Array.from(el.querySelectorAll('tbody tr'), (tr) => tr.querySelectorAll('td')[i]?.textContent ?? '');

describe('renderTable', () => {
  it('writes every cell as text, numbers with separators, and says the rows were cut', () => {
    const el = renderTable(table);
    expect(el.querySelector('h2')?.textContent).toBe('Rows <b>bold</b>');
    expect(el.querySelector('img, b')).toBeNull();
    expect(column(el, 0)).toEqual(['Store 10', '<img src=x onerror=alert(1)>', 'Store 9', 'store 2']);
    expect(column(el, 1)).toEqual(['1,204.5', '', '3', '40']);
    expect(el.querySelector('.report-note')?.textContent).toContain('The first 4 of 12 rows');
  });

  it('sorts a number column by value and a text column by words, empty cells last, with aria-sort', () => {
    const el = renderTable(table);
    const [name, count] = Array.from(el.querySelectorAll('th'));
    count?.querySelector('button')?.click();
    expect(column(el, 1)).toEqual(['3', '40', '1,204.5', '']);
    expect([name?.getAttribute('aria-sort'), count?.getAttribute('aria-sort')]).toEqual([
      'none',
      'ascending',
    ]);
    count?.querySelector('button')?.click();
    expect(column(el, 1)).toEqual(['1,204.5', '40', '3', '']);
    expect(count?.getAttribute('aria-sort')).toBe('descending');
    name?.querySelector('button')?.click();
    // By hand: "<img…" sorts before letters; "store 2" < "Store 9" < "Store 10" (case aside, numbers by value).
    expect(column(el, 0)).toEqual(['<img src=x onerror=alert(1)>', 'store 2', 'Store 9', 'Store 10']);
    expect(name?.getAttribute('aria-sort')).toBe('ascending');
  });
});
