// Text in an exported PNG: the pixels of its top band (where the export draws the caption, the chart's title) that
// differ clearly from that band's most common colour, its background. Without fonts (resvg cannot read them inside
// app.asar, issue 18) the band is background only.
import { readFileSync } from 'node:fs';
import { PNG } from 'pngjs';

export function captionInk(file: string): { ink: number; width: number; height: number } {
  const image = PNG.sync.read(readFileSync(file));
  const end = Math.round(image.height * 0.08) * image.width * 4;
  const colour = (i: number): number =>
    ((image.data[i] ?? 0) << 16) | ((image.data[i + 1] ?? 0) << 8) | (image.data[i + 2] ?? 0);
  const counts = new Map<number, number>();
  for (let i = 0; i < end; i += 4) counts.set(colour(i), (counts.get(colour(i)) ?? 0) + 1);
  const background = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
  const channel = (c: number, shift: number): number => (c >> shift) & 255;
  let ink = 0;
  for (let i = 0; i < end; i += 4) {
    const c = colour(i);
    if (Math.max(...[16, 8, 0].map((s) => Math.abs(channel(c, s) - channel(background, s)))) > 96) ink++;
  }
  return { ink, width: image.width, height: image.height };
}
