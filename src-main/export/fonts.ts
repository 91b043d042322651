// The fonts every exported file is drawn with: DejaVu Sans from the `dejavu-fonts-ttf` package, never the system's.
import { createRequire } from 'node:module';

const requireFrom = createRequire(import.meta.url); // not `require`: electron-vite's ESM shim declares that name in the built chunk

/** The family name SVG text asks for; the PNG and PDF renderers map every family to these files. */
export const exportFontFamily = 'DejaVu Sans';

export interface ExportFonts {
  regular: string;
  bold: string;
}

let fonts: ExportFonts | null = null;

/** Paths of the shipped TrueType files (resolved once). */
export function exportFonts(): ExportFonts {
  fonts ??= {
    regular: requireFrom.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
    bold: requireFrom.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  };
  return fonts;
}
