// The one entry the app's handlers and the command line share: a chart, a table or a report → the bytes of its file.
import type { ChartFormat, ChartOptionJson, ChartSize, ExportTable, TableFormat } from '#shared/contract.ts';
import { captionLines, type Caption } from './caption.ts';
import { chartToPdf } from './chartPdf.ts';
import { svgToPng } from './chartPng.ts';
import { captionedChartSvg } from './chartSvg.ts';
import { reportToPdf, type ReportInput } from './reportPdf.ts';
import { tableToCsv } from './tableCsv.ts';
import { tableToXlsx } from './tableXlsx.ts';

export type { Caption } from './caption.ts';

export { mimeTypes } from './mimeTypes.ts';

export async function chartFile(
  option: ChartOptionJson,
  caption: Caption,
  format: ChartFormat,
  size: ChartSize,
): Promise<Buffer> {
  if (format === 'pdf') return chartToPdf(option, caption, size.width, size.height);
  const svg = captionedChartSvg(option, caption, size.width, size.height);
  return format === 'svg' ? Buffer.from(svg, 'utf8') : svgToPng(svg, size.pixelRatio);
}

export async function tableFile(
  table: ExportTable,
  format: TableFormat,
  caption: Caption,
  options: { bom?: boolean } = {},
): Promise<Buffer> {
  if (format === 'csv') return tableToCsv(table, options);
  const lines = captionLines(caption);
  return tableToXlsx(table, {
    creator: caption.app.name,
    caption: [lines.title, lines.filters, lines.footer],
  });
}

export function reportFile(input: ReportInput): Promise<Buffer> {
  return reportToPdf(input);
}
