// Match ranges from FTS5's highlight() output, and a short snippet as text segments (never HTML).
import type { TextSegment } from '#shared/contract.ts';

/**
 * [start, end) ranges (UTF-16 units of `text`) between the markers of `highlighted`. When the text itself holds a
 * marker character, or the highlighted text without its markers is not the text, no range is trusted: [].
 */
export function highlightSegments(
  text: string,
  highlighted: string | null,
  open: string,
  close: string,
): [number, number][] {
  if (highlighted === null || text.includes(open) || text.includes(close)) return [];
  const ranges: [number, number][] = [];
  let plain = '';
  let start = -1;
  for (const ch of highlighted) {
    if (ch === open) start = plain.length;
    else if (ch === close) {
      if (start >= 0 && plain.length > start) ranges.push([start, plain.length]);
      start = -1;
    } else plain += ch;
  }
  return plain === text ? ranges : [];
}

/** The text cut into segments by the ranges. */
export function segmentsOf(text: string, ranges: readonly [number, number][]): TextSegment[] {
  const out: TextSegment[] = [];
  let at = 0;
  for (const [s, e] of ranges) {
    if (s > at) out.push({ text: text.slice(at, s), match: false });
    out.push({ text: text.slice(s, e), match: true });
    at = e;
  }
  if (at < text.length) out.push({ text: text.slice(at), match: false });
  return out;
}

/**
 * About `width` characters around the first match (the start without one), widened to word boundaries, with `…`
 * where text was left out; the whole text when it is short.
 */
export function snippetOf(text: string, ranges: readonly [number, number][], width = 160): TextSegment[] {
  if (text.length <= width) return segmentsOf(text, ranges);
  const first = ranges[0]?.[0] ?? 0;
  let from = Math.max(0, first - Math.floor(width / 3));
  let to = Math.min(text.length, from + width);
  from = Math.max(0, Math.min(from, to - width));
  // Move the cuts to whitespace (within 20 characters), never inside a surrogate pair.
  const back = text.lastIndexOf(' ', from);
  if (from > 0 && back >= 0 && from - back <= 20) from = back + 1;
  const fwd = text.indexOf(' ', to);
  if (to < text.length && fwd >= 0 && fwd - to <= 20) to = fwd;
  if (/[\uDC00-\uDFFF]/.test(text.charAt(from))) from -= 1;
  if (/[\uD800-\uDBFF]/.test(text.charAt(to - 1))) to += 1;
  const inner = ranges
    .filter(([s, e]) => e > from && s < to)
    .map(([s, e]): [number, number] => [Math.max(s, from) - from, Math.min(e, to) - from]);
  const segments = segmentsOf(text.slice(from, to), inner);
  if (from > 0) segments.unshift({ text: '…', match: false });
  if (to < text.length) segments.push({ text: '…', match: false });
  return segments;
}
