// A chart's ECharts option → one SVG (ECharts' server-side SVG renderer) framed by its caption: the shared first step
// of every chart export (PNG and PDF are drawn from this SVG), so the app and the command line give the same pixels.
import * as echarts from 'echarts';
import { liveOption } from '#shared/charts/chartFormat.ts';
import type { ChartOptionJson } from '#shared/contract.ts';
import { captionLines, escapeXml, wrapText, type Caption } from './caption.ts';
import { exportFontFamily } from './fonts.ts';
import { useExportTextMetrics } from './textMetrics.ts';

export interface CaptionLayout {
  titleSize: number;
  filterSize: number;
  footerSize: number;
  padding: number;
  titleY: number;
  filterLines: string[];
  filterY: number[];
  /** Where the chart starts and how tall it is. */
  chartTop: number;
  chartHeight: number;
  footerY: number;
}

const lineGap = 1.35;

/** Where the caption's lines go on a page of `width` × `height` (shared by the SVG and the PDF). */
export function layoutCaption(caption: Caption, width: number, height: number): CaptionLayout {
  const scale = Math.min(1.6, Math.max(0.8, width / 1000));
  const titleSize = Math.round(20 * scale);
  const filterSize = Math.round(12 * scale);
  const footerSize = Math.round(11 * scale);
  const padding = Math.round(16 * scale);
  const lines = captionLines(caption);
  const filterLines = wrapText(lines.filters, filterSize, width - 2 * padding, 3);
  const titleY = padding + titleSize;
  const filterY = filterLines.map((_, i) => titleY + Math.round(filterSize * lineGap * (i + 1)) + 4);
  const chartTop = (filterY[filterY.length - 1] ?? titleY) + padding;
  const footerY = height - padding;
  const chartHeight = Math.max(80, footerY - footerSize * lineGap - chartTop);
  return {
    titleSize,
    filterSize,
    footerSize,
    padding,
    titleY,
    filterLines,
    filterY,
    chartTop,
    chartHeight,
    footerY,
  };
}

/**
 * The chart alone, drawn by ECharts in Node (no DOM, no canvas). Formatter descriptors become the app's formatters
 * again (numbers written as the app writes them). Animation is off; images are removed, so an option can never make
 * a renderer open a file or an address.
 */
export function renderChartSvg(option: ChartOptionJson, width: number, height: number): string {
  useExportTextMetrics();
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption({ ...liveOption(option), animation: false, textStyle: { fontFamily: exportFontFamily } });
    return stripImages(chart.renderToSVGString());
  } finally {
    chart.dispose();
  }
}

export function stripImages(svg: string): string {
  return svg.replace(/<image\b[^>]*\/>/gi, '').replace(/<image\b[^>]*>[\s\S]*?<\/image>/gi, '');
}

/** The whole exported picture: white page, caption on top, the chart, and the footer line. */
export function captionedChartSvg(
  option: ChartOptionJson,
  caption: Caption,
  width: number,
  height: number,
): string {
  const layout = layoutCaption(caption, width, height);
  const lines = captionLines(caption);
  const chart = renderChartSvg(option, width, Math.round(layout.chartHeight)).replace(
    /^<svg /,
    `<svg x="0" y="${layout.chartTop}" `,
  );
  const text = (y: number, size: number, content: string, extra = ''): string =>
    `<text x="${layout.padding}" y="${y}" font-family="${exportFontFamily}" font-size="${size}"${extra}>${escapeXml(content)}</text>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>`,
    text(layout.titleY, layout.titleSize, lines.title, ' font-weight="bold" fill="#1f2430"'),
    ...layout.filterLines.map((l, i) =>
      text(layout.filterY[i] ?? 0, layout.filterSize, l, ' fill="#3c4452"'),
    ),
    chart,
    text(layout.footerY, layout.footerSize, lines.footer, ' fill="#6b7280"'),
    '</svg>',
  ].join('\n');
}
