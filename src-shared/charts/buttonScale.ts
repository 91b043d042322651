// The button scales as the charts show them: the selector's name, and each button's label and colour.
// DECISIONS.md ("Button index by scale"): four 0..3, five 0..4, nps 0..10; a higher index is always more positive.
import { buttonCount, type ScaleGroup } from '../metrics/scales.ts';

export interface ButtonScale {
  group: ScaleGroup;
  /** The selector's label: "4 faces", "5 faces", "NPS 0–10". */
  name: string;
  /** Number of buttons: 4, 5 or 11. */
  size: number;
  labels: string[];
  colors: string[];
}

const red = '#d64541';
const green = '#2e9a55';

/** Very negative red → very positive green. */
const fourColors = [red, '#f29c38', '#93c655', green];
/** Red → green around a neutral grey middle face. */
const fiveColors = [red, '#f29c38', '#b7bcc6', '#93c655', green];
/**
 * NPS by its three groups (metrics/buttonMetrics.ts): detractors 0–6 in red shades (darkest at 0), passives 7–8
 * in amber, promoters 9–10 in green.
 */
const npsColors = [
  '#7f1d17',
  '#98231b',
  '#b02c20',
  '#c63a2c',
  red,
  '#e06b5c',
  '#ea8d7f',
  '#dba22b',
  '#ecc55e',
  '#77bf63',
  green,
];

const scales: Record<ScaleGroup, ButtonScale> = {
  four: {
    group: 'four',
    name: '4 faces',
    size: buttonCount.four,
    labels: ['Very negative', 'Negative', 'Positive', 'Very positive'],
    colors: fourColors,
  },
  five: {
    group: 'five',
    name: '5 faces',
    size: buttonCount.five,
    labels: ['Very negative', 'Negative', 'Neutral', 'Positive', 'Very positive'],
    colors: fiveColors,
  },
  nps: {
    group: 'nps',
    name: 'NPS 0–10',
    size: buttonCount.nps,
    labels: Array.from({ length: buttonCount.nps }, (_, i) => `Score ${i}`),
    colors: npsColors,
  },
};

export function buttonScale(group: ScaleGroup): ButtonScale {
  return scales[group];
}
