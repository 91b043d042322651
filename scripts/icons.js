// Renders resources/icon.svg into the packaged app's icons: PNGs (16–1024 px, and icons/ for Linux), icon.ico
// (Windows: PNG-compressed entries) and icon.icns (macOS: PNG chunks). The outputs are committed; run again after
// changing the SVG: `node scripts/icons.js`.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resources = path.join(root, 'resources');
const svg = readFileSync(path.join(resources, 'icon.svg'), 'utf8');

const png = (size) => Buffer.from(new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng());
const sizes = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
const pngs = new Map(sizes.map((s) => [s, png(s)]));

// electron-builder: resources/icon.png (512+) for Linux/defaults, resources/icons/<size>x<size>.png for Linux.
writeFileSync(path.join(resources, 'icon.png'), pngs.get(1024));
mkdirSync(path.join(resources, 'icons'), { recursive: true });
for (const s of [16, 32, 48, 64, 128, 256, 512])
  writeFileSync(path.join(resources, 'icons', `${s}x${s}.png`), pngs.get(s));

/** ICO: a 6-byte header, one 16-byte entry per image, then the PNGs (Vista+ reads PNG entries). */
function ico(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(([size, data]) => {
    const e = Buffer.alloc(16);
    e.writeUInt8(size >= 256 ? 0 : size, 0);
    e.writeUInt8(size >= 256 ? 0 : size, 1);
    e.writeUInt16LE(1, 4); // colour planes
    e.writeUInt16LE(32, 6); // bits per pixel
    e.writeUInt32LE(data.length, 8);
    e.writeUInt32LE(offset, 12);
    offset += data.length;
    return e;
  });
  return Buffer.concat([header, ...entries, ...images.map(([, data]) => data)]);
}
writeFileSync(
  path.join(resources, 'icon.ico'),
  ico([16, 24, 32, 48, 64, 128, 256].map((s) => [s, pngs.get(s)])),
);

/** ICNS: 'icns' + total length, then chunks of OSType + length + PNG. */
function icns(chunks) {
  const parts = chunks.map(([type, data]) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(data.length + 8, 4);
    return Buffer.concat([head, data]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(8 + parts.reduce((n, p) => n + p.length, 0), 4);
  return Buffer.concat([head, ...parts]);
}
writeFileSync(
  path.join(resources, 'icon.icns'),
  icns([
    ['icp4', pngs.get(16)],
    ['icp5', pngs.get(32)],
    ['icp6', pngs.get(64)],
    ['ic07', pngs.get(128)],
    ['ic08', pngs.get(256)],
    ['ic09', pngs.get(512)],
    ['ic10', pngs.get(1024)],
    ['ic11', pngs.get(32)],
    ['ic12', pngs.get(64)],
    ['ic13', pngs.get(256)],
    ['ic14', pngs.get(512)],
  ]),
);
console.log(`icons: resources/icon.png, icons/*.png, icon.ico, icon.icns from icon.svg`);
