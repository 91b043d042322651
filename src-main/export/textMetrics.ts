// Text widths from the shipped DejaVu fonts, so ECharts' server-side layout (legends, labels) fits the glyphs drawn.
import * as echarts from 'echarts';
import PDFDocument from 'pdfkit';
import { exportFonts } from './fonts.ts';

let measurer: PDFKit.PDFDocument | null = null;

/** Width in CSS pixels of `text` in a CSS font such as "bold 12px sans-serif" (every family is DejaVu Sans here). */
export function measureTextWidth(text: string, font = '12px sans-serif'): number {
  const fonts = exportFonts();
  // A document used only for its font metrics; it is never written anywhere.
  measurer ??= new PDFDocument({ font: fonts.regular, autoFirstPage: false });
  const size = Number(/(\d+(?:\.\d+)?)px/.exec(font)?.[1] ?? 12);
  const bold = /\bbold\b|\b[6-9]00\b/.test(font);
  return measurer
    .font(bold ? fonts.bold : fonts.regular)
    .fontSize(size)
    .widthOfString(text);
}

let installed = false;

/** Makes ECharts (in this process) measure text with DejaVu's metrics instead of its rough estimate. */
export function useExportTextMetrics(): void {
  if (installed) return;
  installed = true;
  echarts.setPlatformAPI({ measureText: (text, font) => ({ width: measureTextWidth(text, font) }) });
}
