import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exportFontModules, exportFonts, unpackedPath } from './fonts.ts';

describe('unpackedPath', () => {
  it('maps a path inside app.asar to app.asar.unpacked, with either separator', () => {
    expect(
      unpackedPath('/opt/Feedback Desk/resources/app.asar/node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
    ).toBe('/opt/Feedback Desk/resources/app.asar.unpacked/node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
    expect(unpackedPath('C:\\Program Files\\Feedback Desk\\resources\\app.asar\\node_modules\\x.ttf')).toBe(
      'C:\\Program Files\\Feedback Desk\\resources\\app.asar.unpacked\\node_modules\\x.ttf',
    );
  });

  it('leaves every other path alone: the source tree, an unpacked path, a name that only starts with app.asar', () => {
    for (const path of [
      '/work/project/node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
      '/opt/App/resources/app.asar.unpacked/node_modules/x.ttf',
      '/home/me/app.asarx/x.ttf',
      '/home/me/my-app.asar/x.ttf',
      '/home/me/app.asar',
    ])
      expect(unpackedPath(path)).toBe(path);
  });
});

describe('exportFonts', () => {
  it('resolves the two TrueType files of the package (read from disk: they begin with the TrueType tag)', () => {
    const fonts = exportFonts();
    for (const [key, path] of Object.entries(fonts)) {
      expect(path.replaceAll('\\', '/')).toContain(exportFontModules[key as keyof typeof exportFontModules]);
      expect(existsSync(path)).toBe(true);
      expect(readFileSync(path).subarray(0, 4)).toEqual(Buffer.from([0, 1, 0, 0]));
    }
  });
});
