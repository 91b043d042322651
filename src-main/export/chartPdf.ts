// One chart as a one-page PDF: the caption as real (searchable) text, the chart as vectors from ECharts' SVG.
import type { ChartOptionJson } from '#shared/contract.ts';
import { captionLines, type Caption } from './caption.ts';
import { layoutCaption, renderChartSvg } from './chartSvg.ts';
import { boldFont, drawSvg, openPdf, ptPerPx, regularFont } from './pdfDocument.ts';

/** A page of width × height CSS pixels (in points ×0.75), laid out like the SVG and PNG of the same chart. */
export async function chartToPdf(
  option: ChartOptionJson,
  caption: Caption,
  width: number,
  height: number,
): Promise<Buffer> {
  const layout = layoutCaption(caption, width, height);
  const lines = captionLines(caption);
  const pdf = openPdf({ width: width * ptPerPx, height: height * ptPerPx }, caption.title, caption.app.name);
  const { doc } = pdf;
  const pt = (px: number): number => px * ptPerPx;
  // PDFKit places text by its top; the SVG layout gives baselines, so move up by about one font size.
  const textAt = (font: string, size: number, baseline: number, text: string, color: string): void => {
    doc
      .font(font)
      .fontSize(pt(size))
      .fillColor(color)
      .text(text, pt(layout.padding), pt(baseline - size), {
        width: pt(width - 2 * layout.padding),
        lineBreak: false,
        ellipsis: true,
      });
  };
  textAt(boldFont, layout.titleSize, layout.titleY, lines.title, '#1f2430');
  layout.filterLines.forEach((line, i) =>
    textAt(regularFont, layout.filterSize, layout.filterY[i] ?? 0, line, '#3c4452'),
  );
  const chartHeight = Math.round(layout.chartHeight);
  drawSvg(
    doc,
    renderChartSvg(option, width, chartHeight),
    0,
    pt(layout.chartTop),
    pt(width),
    pt(chartHeight),
  );
  textAt(regularFont, layout.footerSize, layout.footerY, lines.footer, '#6b7280');
  return pdf.finish();
}
