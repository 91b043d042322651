// The button scale as the charts show it: how many buttons, their labels and their red → green colours.
// DECISIONS.md ("Button index by scale"): four 0..3, five 0..4, nps 0..10; a higher index is always more positive.

export interface ButtonScale {
  /** Number of buttons shown: 4, 5 or 11. */
  size: number;
  labels: string[];
  colors: string[];
}

const fourColors = ['#d64541', '#f29c38', '#93c655', '#2e9a55'];
const fiveColors = ['#d64541', '#f29c38', '#f2cf4a', '#93c655', '#2e9a55'];
const fourLabels = ['Very negative', 'Negative', 'Positive', 'Very positive'];
const fiveLabels = ['Very negative', 'Negative', 'Neutral', 'Positive', 'Very positive'];

/**
 * The smallest known scale that holds `maxIndex`. A query grouped by button index alone cannot tell
 * which scale a row came from; when scales are mixed, the widest one present decides (its labels are generic
 * enough to stay true: position 0 is always the most negative answer).
 */
export function buttonScaleFor(maxIndex: number): ButtonScale {
  if (maxIndex <= 3) return { size: 4, labels: fourLabels, colors: fourColors };
  if (maxIndex === 4) return { size: 5, labels: fiveLabels, colors: fiveColors };
  const size = 11;
  return {
    size,
    labels: Array.from({ length: size }, (_, i) => `Score ${i}`),
    colors: Array.from({ length: size }, (_, i) => rampColor(i / (size - 1))),
  };
}

/** Red (0) → amber (0.5) → green (1), interpolated in RGB. */
export function rampColor(t: number): string {
  const stops: Array<[number, number, number]> = [
    [0xd6, 0x45, 0x41],
    [0xf2, 0xc1, 0x4a],
    [0x2e, 0x9a, 0x55],
  ];
  const x = Math.min(1, Math.max(0, t)) * (stops.length - 1);
  const i = Math.min(stops.length - 2, Math.floor(x));
  const f = x - i;
  const [a, b] = [stops[i], stops[i + 1]];
  if (!a || !b) return '#888888';
  const channel = (k: 0 | 1 | 2): string =>
    Math.round(a[k] + (b[k] - a[k]) * f)
      .toString(16)
      .padStart(2, '0');
  return `#${channel(0)}${channel(1)}${channel(2)}`;
}
