// Table rows → XLSX (exceljs): numbers as numbers, dates as dates, the header row frozen, hostile text neutralised.
import ExcelJS from 'exceljs';
import type { ExportTable, TableCell, TableColumnType } from '#shared/contract.ts';
import { neutraliseCell } from './tableCsv.ts';

/** yyyy-MM-dd or an ISO date-time → a Date on that UTC calendar day/instant (Excel dates carry no zone). */
function toDate(text: string, type: TableColumnType): Date | null {
  // A local date-time without a zone is written as that wall-clock time (read as UTC, so no machine zone shifts it).
  const iso =
    type === 'date' ? `${text.slice(0, 10)}T00:00:00Z` : /(Z|[+-]\d\d:\d\d)$/.test(text) ? text : `${text}Z`;
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? new Date(ms) : null;
}

function cellValue(cell: TableCell, type: TableColumnType): string | number | Date | null {
  if (cell === null) return null;
  if (typeof cell === 'number') return cell;
  if (type === 'date' || type === 'datetime') return toDate(cell, type) ?? neutraliseCell(cell);
  // Every other text is written as a string cell, never as a formula; the quote keeps Excel from re-reading it.
  return neutraliseCell(cell);
}

const formats: Partial<Record<TableColumnType, string>> = {
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm',
};

export async function tableToXlsx(
  table: ExportTable,
  meta: { creator: string; caption: string[] },
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = meta.creator;
  // Sheet names: at most 31 characters, none of : \ / ? * [ ].
  const name =
    table.title
      .replace(/[:\\/?*[\]]/g, ' ')
      .slice(0, 31)
      .trim() || 'Rows';
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = table.columns.map((c) => ({
    header: neutraliseCell(c.label),
    key: c.key,
    width: Math.min(48, Math.max(10, c.label.length + 2)),
    ...(formats[c.type] ? { style: { numFmt: formats[c.type] } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of table.rows)
    sheet.addRow(row.map((cell, i) => cellValue(cell, table.columns[i]?.type ?? 'text')));
  // The caption (title, filters, data as of, app) on a sheet of its own, so the rows sheet stays pure data.
  const about = workbook.addWorksheet('About');
  for (const line of meta.caption) about.addRow([neutraliseCell(line)]);
  about.getColumn(1).width = 100;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
