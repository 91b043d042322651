// The fonts every exported file is drawn with: DejaVu Sans from the `dejavu-fonts-ttf` package, never the system's.
import { createRequire } from 'node:module';

const requireFrom = createRequire(import.meta.url); // not `require`: electron-vite's ESM shim declares that name in the built chunk

/** The family name SVG text asks for; the PNG and PDF renderers map every family to these files. */
export const exportFontFamily = 'DejaVu Sans';

export interface ExportFonts {
  regular: string;
  bold: string;
}

/** The package files the fonts are resolved from (electron-builder.yml unpacks them: packaging.test.ts checks). */
export const exportFontModules = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
} as const;

/**
 * Inside a packaged app the resolved path lies in `…/resources/app.asar/node_modules/…`. Electron's fs reads there
 * (pdfkit is fine), but resvg's native code opens the path itself and finds nothing, so every PNG lost its text.
 * electron-builder puts the fonts beside the archive (`asarUnpack`), in `app.asar.unpacked`: hand that path out.
 * Only a whole `app.asar` path segment is mapped, with either separator; outside a packaged app nothing changes.
 */
export function unpackedPath(path: string): string {
  return path.replace(/([\\/])app\.asar(?=[\\/])/, '$1app.asar.unpacked');
}

let fonts: ExportFonts | null = null;

/** Paths of the shipped TrueType files (resolved once), readable by native code too. */
export function exportFonts(): ExportFonts {
  fonts ??= {
    regular: unpackedPath(requireFrom.resolve(exportFontModules.regular)),
    bold: unpackedPath(requireFrom.resolve(exportFontModules.bold)),
  };
  return fonts;
}
