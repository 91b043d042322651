// SVG → PNG with resvg (no browser), at 1×, 2× or 3×: the PNG measures width × ratio by height × ratio.
import { Resvg } from '@resvg/resvg-js';
import type { PixelRatio } from '#shared/contract.ts';
import { exportFontFamily, exportFonts } from './fonts.ts';

export function svgToPng(svg: string, pixelRatio: PixelRatio): Buffer {
  const fonts = exportFonts();
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: pixelRatio },
    background: '#ffffff',
    font: {
      // Only the shipped files: the same glyphs on every machine, and nothing read from the system.
      loadSystemFonts: false,
      fontFiles: [fonts.regular, fonts.bold],
      defaultFontFamily: exportFontFamily,
      sansSerifFamily: exportFontFamily,
      serifFamily: exportFontFamily,
      monospaceFamily: exportFontFamily,
    },
  });
  return resvg.render().asPng();
}
