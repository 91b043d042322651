// Whether a shown change is more than noise: the one rule every view colours changes by (src-shared intervals).
import type { TrendWords } from '#shared/charts/trendChart.ts';
import { isRealChange } from '#shared/metrics/intervals.ts';

/** `change`: |z| ≥ 1.96, coloured up or down; `noise`: muted, said "within noise"; `unknown`: too little to tell. */
export type ChangeState = 'change' | 'noise' | 'unknown';

export function changeState(z: number | null | undefined): ChangeState {
  if (typeof z !== 'number') return 'unknown';
  return isRealChange(z) ? 'change' : 'noise';
}

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** The hover text of a change: why it is coloured or muted, with its |z|. */
export function changeTitle(z: number | null | undefined, t: Translate): string {
  const state = changeState(z);
  if (state === 'unknown' || typeof z !== 'number') return t('noise.unknownTitle');
  const shown = Math.abs(z).toFixed(2);
  return state === 'change' ? t('noise.changeTitle', { z: shown }) : t('noise.noiseTitle', { z: shown });
}

/** The trend chart's words for intervals and changes. */
export function noiseWords(t: Translate): TrendWords {
  return {
    interval: t('noise.interval'),
    change: t('noise.change'),
    noise: t('noise.noise'),
    low: t('noise.lowEdge'),
    high: t('noise.highEdge'),
  };
}
