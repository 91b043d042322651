// The media type of each export format (a light module: the handlers load the renderers only when exporting).
import type { ChartFormat, TableFormat } from '#shared/contract.ts';

export const mimeTypes: Record<ChartFormat | TableFormat | 'html', string> = {
  png: 'image/png',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  html: 'text/html; charset=utf-8',
};
