// A comment cut into text segments at the query's match ranges, for <mark> elements Vue builds (never HTML).
import type { TextSegment } from './types.ts';

/**
 * `matches` are [start, end) ranges in UTF-16 code units, as the search answers them; overlapping, unordered or
 * out-of-range ones are tolerated (merged, sorted, clipped), so a bad range can never lose or repeat text.
 */
export function segmentsFromMatches(
  text: string,
  matches: readonly (readonly [number, number])[],
): TextSegment[] {
  const ranges = matches
    .map(([a, b]): [number, number] => [
      Math.max(0, Math.min(a, text.length)),
      Math.max(0, Math.min(b, text.length)),
    ])
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  const out: TextSegment[] = [];
  let at = 0;
  for (const [a, b] of ranges) {
    const start = Math.max(a, at);
    if (b <= start) continue;
    if (start > at) out.push({ text: text.slice(at, start), match: false });
    out.push({ text: text.slice(start, b), match: true });
    at = b;
  }
  if (at < text.length || out.length === 0) out.push({ text: text.slice(at), match: false });
  return out;
}
