// A report's table in the HTML file: cells written as text (textContent only), and every column sortable by a click
// on its heading — numbers by value, text and dates by their words — with aria-sort saying the order.
import type { TableCell, TableColumn } from '#shared/contract.ts';
import type { HtmlReportTable } from '#shared/report/htmlReportData.ts';

/** Ids as they are (10078), other numbers with separators (1,204.5), as the PDF report writes them. */
export function cellText(cell: TableCell, column: TableColumn): string {
  if (cell === null) return '';
  if (typeof cell === 'string') return cell;
  return /id$/i.test(column.key) ? String(cell) : cell.toLocaleString('en-US', { maximumFractionDigits: 4 });
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Empty cells last whichever the direction; numbers before text in a mixed column. */
export function compareCells(a: TableCell, b: TableCell, direction: 1 | -1): number {
  if (a === null || a === '') return b === null || b === '' ? 0 : 1;
  if (b === null || b === '') return -1;
  if (typeof a === 'number' && typeof b === 'number') return (a - b) * direction;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return collator.compare(a, b) * direction;
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
  cls?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (cls) node.className = cls;
  return node;
}

export function renderTable(table: HtmlReportTable): HTMLElement {
  const section = el('section', undefined, 'report-table');
  section.append(el('h2', table.title));
  if (table.totalRows > table.rows.length)
    section.append(
      el(
        'p',
        `The first ${table.rows.length.toLocaleString('en-US')} of ${table.totalRows.toLocaleString('en-US')} rows, in the view's order; sorting sorts these. Export the table as CSV or XLSX for all of them.`,
        'report-note',
      ),
    );
  const wrap = el('div', undefined, 'report-table__scroll');
  const grid = el('table');
  const head = el('thead');
  const headRow = el('tr');
  const body = el('tbody');
  const order = table.rows.map((_, i) => i);
  let sorted: { column: number; direction: 1 | -1 } | null = null;
  const headers: HTMLTableCellElement[] = [];

  const fill = (): void => {
    const rows = order.map((i) => {
      const tr = el('tr');
      const cells = table.rows[i] ?? [];
      table.columns.forEach((c, j) => {
        const td = el('td', cellText(cells[j] ?? null, c));
        if (c.type === 'number') td.className = 'num';
        tr.append(td);
      });
      return tr;
    });
    body.replaceChildren(...rows);
  };

  const sortBy = (column: number): void => {
    const direction: 1 | -1 = sorted?.column === column && sorted.direction === 1 ? -1 : 1;
    sorted = { column, direction };
    order.sort(
      (a, b) =>
        compareCells(table.rows[a]?.[column] ?? null, table.rows[b]?.[column] ?? null, direction) || a - b,
    );
    headers.forEach((th, j) =>
      th.setAttribute('aria-sort', j === column ? (direction === 1 ? 'ascending' : 'descending') : 'none'),
    );
    fill();
  };

  table.columns.forEach((c, j) => {
    const th = el('th');
    th.scope = 'col';
    th.setAttribute('aria-sort', 'none');
    if (c.type === 'number') th.className = 'num';
    const button = el('button', c.label);
    button.type = 'button';
    button.title = `Sort by ${c.label}`;
    button.addEventListener('click', () => sortBy(j));
    th.append(button);
    headers.push(th);
    headRow.append(th);
  });
  head.append(headRow);
  grid.append(head, body);
  fill();
  wrap.append(grid);
  section.append(wrap);
  return section;
}
