// Table rows → CSV (RFC 4180: CRLF line ends, fields quoted when needed, quotes doubled), UTF-8 with an optional BOM.
import type { ExportTable, TableCell } from '#shared/contract.ts';

/**
 * OWASP "CSV Injection": a text cell that begins with = + - @ tab or carriage return could run as a formula in a
 * spreadsheet; a single quote in front makes it text. Numbers stay numbers (a negative number is not text).
 */
export function neutraliseCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function csvField(cell: TableCell): string {
  if (cell === null) return '';
  const text = typeof cell === 'number' ? String(cell) : neutraliseCell(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function tableToCsv(table: ExportTable, options: { bom?: boolean } = {}): Buffer {
  const lines = [table.columns.map((c) => csvField(c.label)), ...table.rows.map((r) => r.map(csvField))].map(
    (fields) => fields.join(','),
  );
  const text = lines.join('\r\n') + '\r\n';
  return Buffer.concat([
    options.bom ? Buffer.from([0xef, 0xbb, 0xbf]) : Buffer.alloc(0),
    Buffer.from(text, 'utf8'),
  ]);
}
