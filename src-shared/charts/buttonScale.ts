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

/** Indexes 4..10 when NPS is present: a blue → violet ramp, apart from the four-button red → green. */
const highIndexColors = ['#5aa9e6', '#4a90d9', '#3f78c9', '#4a63b8', '#5b51a6', '#6a4196', '#773385'];

/**
 * The button scale to draw for rows whose highest button index is `maxIndex`. A query grouped by button index
 * alone cannot tell which scale a row came from, and the same index means different answers on different scales
 * (index 3 is "very positive" on four buttons, a low score on NPS). So: up to index 3 the four-button scale, at 4
 * the five-button scale; beyond that (NPS present, usually mixed with four-button surveys, which dominate) indexes
 * 0..3 keep the four-button colours and the higher ones get their own blue → violet ramp, labelled by index only.
 */
export function buttonScaleFor(maxIndex: number): ButtonScale {
  if (maxIndex <= 3) return { size: 4, labels: fourLabels, colors: fourColors };
  if (maxIndex === 4) return { size: 5, labels: fiveLabels, colors: fiveColors };
  const size = 11;
  return {
    size,
    labels: Array.from({ length: size }, (_, i) => `Index ${i}`),
    colors: [...fourColors, ...highIndexColors],
  };
}
