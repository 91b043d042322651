// A view as one PDF report: a title page with the filters, one page per chart (vectors), then its key tables.
import type { ExportTable, ReportChart, TableCell, TableColumn } from '#shared/contract.ts';
import { captionLines, filterPairs, formatDataAsOf, type Caption } from './caption.ts';
import { renderChartSvg } from './chartSvg.ts';
import { boldFont, drawSvg, openPdf, ptPerPx, regularFont } from './pdfDocument.ts';

/** A4 landscape, in points. */
const page = { width: 842, height: 595 };
const margin = 40;
const inner = page.width - 2 * margin;
/** A report shows at most this many rows of a table; the table's own export has them all. */
export const reportRowLimit = 500;

export interface ReportInput {
  caption: Caption;
  charts: ReportChart[];
  tables: ExportTable[];
}

const alignOf = (type: string): 'left' | 'right' => (type === 'number' ? 'right' : 'left');

/** Ids are written as they are (10078), other numbers with separators (1,204.5); text on one line. */
function cellText(cell: TableCell, column: TableColumn): string {
  if (cell === null) return '';
  if (typeof cell === 'string') return cell.replace(/\s+/g, ' ');
  return /id$/i.test(column.key) ? String(cell) : cell.toLocaleString('en-US', { maximumFractionDigits: 4 });
}

// eslint-disable-next-line max-lines-per-function -- lays the PDF out in page order (title, charts, tables, footers) around one drawing cursor
export async function reportToPdf(input: ReportInput): Promise<Buffer> {
  const { caption } = input;
  const lines = captionLines(caption);
  const pdf = openPdf(page, caption.title, caption.app.name);
  const { doc } = pdf;
  const pages: string[] = [];
  const text = (
    font: string,
    size: number,
    value: string,
    x: number,
    y: number,
    width: number,
    color = '#1f2430',
    align: 'left' | 'right' = 'left',
  ) =>
    doc
      .font(font)
      .fontSize(size)
      .fillColor(color)
      // One line: a height of one line lets PDFKit cut a long value with an ellipsis instead of wrapping it.
      .text(value, x, y, { width, height: size * 1.4, lineBreak: false, ellipsis: true, align });
  const newPage = (label: string): void => {
    if (pages.length > 0) doc.addPage({ size: [page.width, page.height], margin: 0 });
    pages.push(label);
  };

  // Title page.
  newPage('title');
  text(regularFont, 12, caption.app.name, margin, margin, inner, '#6b7280');
  doc
    .font(boldFont)
    .fontSize(26)
    .fillColor('#1f2430')
    .text(caption.title, margin, margin + 40, { width: inner });
  let y = doc.y + 24;
  text(boldFont, 13, 'Filters', margin, y, inner);
  y += 22;
  for (const [key, value] of filterPairs(caption)) {
    text(boldFont, 11, `${key}:`, margin, y, 110, '#3c4452');
    doc
      .font(regularFont)
      .fontSize(11)
      .fillColor('#1f2430')
      .text(value, margin + 110, y, { width: inner - 110 });
    y = Math.max(y + 18, doc.y + 4);
  }
  y += 12;
  text(regularFont, 11, `Data as of ${formatDataAsOf(caption.dataAsOf)}`, margin, y, inner);
  y += 30;
  const contents = [
    ...input.charts.map((c) => `Chart: ${c.title}`),
    ...input.tables.map((t) => `Table: ${t.title}`),
  ];
  if (contents.length > 0) {
    text(boldFont, 13, 'Contents', margin, y, inner);
    y += 22;
    for (const entry of contents.slice(0, 16)) {
      text(regularFont, 11, entry, margin, y, inner);
      y += 17;
    }
  }

  // One page per chart, drawn at the page's size so text keeps its proportions.
  for (const chart of input.charts) {
    newPage(chart.title);
    text(boldFont, 16, chart.title, margin, margin, inner);
    text(regularFont, 9, lines.filters, margin, margin + 24, inner, '#3c4452');
    const top = margin + 44;
    const height = page.height - top - margin - 20;
    const pxWidth = Math.round(inner / ptPerPx);
    const pxHeight = Math.round(height / ptPerPx);
    drawSvg(doc, renderChartSvg(chart.option, pxWidth, pxHeight), margin, top, inner, height);
  }

  for (const table of input.tables) drawTable(table);

  function drawTable(table: ExportTable): void {
    const rowHeight = 13;
    const colWidth = inner / table.columns.length;
    const shown = table.rows.slice(0, reportRowLimit);
    let row = 0;
    do {
      newPage(table.title);
      text(boldFont, 14, table.title, margin, margin, inner);
      let ty = margin + 26;
      if (table.rows.length > shown.length)
        text(
          regularFont,
          9,
          `The first ${shown.length} of ${table.rows.length} rows; export the table for all of them.`,
          margin,
          ty - 8,
          inner,
          '#6b7280',
        );
      ty += 8;
      doc.rect(margin, ty - 2, inner, rowHeight).fill('#eceff4');
      table.columns.forEach((c, i) =>
        text(boldFont, 8, c.label, margin + i * colWidth + 2, ty, colWidth - 4, '#1f2430', alignOf(c.type)),
      );
      ty += rowHeight;
      while (row < shown.length && ty < page.height - margin - 24) {
        const cells = shown[row] ?? [];
        table.columns.forEach((c, i) =>
          text(
            regularFont,
            8,
            cellText(cells[i] ?? null, c),
            margin + i * colWidth + 2,
            ty,
            colWidth - 4,
            '#1f2430',
            alignOf(c.type),
          ),
        );
        ty += rowHeight;
        row++;
      }
    } while (row < shown.length);
  }

  // The footer on every page: data as of, app and version, page n of m.
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    text(regularFont, 8, lines.footer, margin, page.height - margin + 12, inner - 80, '#6b7280');
    doc.font(regularFont).fontSize(8).fillColor('#6b7280');
    doc.text(`Page ${i + 1} of ${range.count}`, page.width - margin - 80, page.height - margin + 12, {
      width: 80,
      align: 'right',
      lineBreak: false,
    });
  }
  return pdf.finish();
}
