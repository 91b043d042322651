// A PDFKit document with the shipped DejaVu fonts embedded, SVG drawn as vectors (svg-to-pdfkit), collected to bytes.
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import { exportFonts } from './fonts.ts';

export const regularFont = 'DejaVu';
export const boldFont = 'DejaVu-Bold';
/** CSS pixels (96 per inch) → PDF points (72 per inch). */
export const ptPerPx = 0.75;

export interface PdfPage {
  width: number;
  height: number;
}

export interface OpenPdf {
  doc: PDFKit.PDFDocument;
  /** Ends the document and resolves with its bytes. */
  finish(): Promise<Buffer>;
}

export function openPdf(firstPage: PdfPage, title: string, author: string): OpenPdf {
  const fonts = exportFonts();
  const doc = new PDFDocument({
    size: [firstPage.width, firstPage.height],
    margin: 0,
    autoFirstPage: true,
    bufferPages: true,
    font: fonts.regular,
    info: { Title: title, Creator: author, Producer: author },
  });
  doc.registerFont(regularFont, fonts.regular);
  doc.registerFont(boldFont, fonts.bold);
  doc.font(regularFont);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return {
    doc,
    finish() {
      doc.end();
      return done;
    },
  };
}

/** svg-to-pdfkit's own typing takes the PDFKit class, not a document; this is its documented call shape. */
type DrawSvg = (
  doc: PDFKit.PDFDocument,
  svg: string,
  x: number,
  y: number,
  options: SVGtoPDF.Options,
) => void;
const drawSvgWith = SVGtoPDF as unknown as DrawSvg;

/**
 * Draws an SVG (sized in CSS pixels) at x, y (points) scaled to `width` × `height` points, as vectors. Every
 * font maps to the embedded DejaVu; images are never opened (exported charts carry none).
 */
export function drawSvg(
  doc: PDFKit.PDFDocument,
  svg: string,
  x: number,
  y: number,
  width: number,
  height: number,
) {
  drawSvgWith(doc, svg, x, y, {
    width,
    height,
    preserveAspectRatio: 'xMidYMid meet',
    fontCallback: (_family, bold) => (bold ? boldFont : regularFont),
    imageCallback: () => '',
    documentCallback: () => [],
    warningCallback: () => undefined,
  });
}
