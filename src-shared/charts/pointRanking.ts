// Option builder for the ranking of experience points by the scale's headline metric (NPS or positive share).
import type { BarSeriesOption } from 'echarts/charts';
import type { GridComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import type { QueryRow } from '../contract.ts';
import { npsBreakdown, positiveShare } from '../metrics/buttonMetrics.ts';
import { buttonCount, type ScaleGroup } from '../metrics/scales.ts';

export type PointRankingOption = ComposeOption<BarSeriesOption | GridComponentOption>;

export interface RankedPoint {
  experiencePointId: number;
  name: string;
  presses: number;
  /** NPS −100..100, or the positive share in percent 0..100. */
  score: number;
}

/** Rows grouped by experiencePointId and buttonIndex (one scale group) → points by score, best first. */
export function rankPoints(
  rows: readonly QueryRow[],
  group: ScaleGroup,
  name: (id: number) => string | undefined,
  limit = 20,
): RankedPoint[] {
  const counts = new Map<number, number[]>();
  for (const r of rows) {
    if (r.experiencePointId === undefined || r.buttonIndex === undefined) continue;
    if (r.buttonIndex >= buttonCount[group]) continue;
    const c = counts.get(r.experiencePointId) ?? Array.from({ length: buttonCount[group] }, () => 0);
    c[r.buttonIndex] = (c[r.buttonIndex] ?? 0) + (r.count ?? 0);
    counts.set(r.experiencePointId, c);
  }
  const ranked: RankedPoint[] = [];
  for (const [id, c] of counts) {
    const presses = c.reduce((a, b) => a + b, 0);
    const score = group === 'nps' ? npsBreakdown(c).score : positiveShare(group, c).share;
    if (score === null) continue;
    ranked.push({
      experiencePointId: id,
      name: name(id) ?? `#${id}`,
      presses,
      score: group === 'nps' ? score : score * 100,
    });
  }
  ranked.sort(
    (a, b) => b.score - a.score || b.presses - a.presses || a.experiencePointId - b.experiencePointId,
  );
  return ranked.slice(0, limit);
}

export function buildPointRankingOption(
  points: readonly RankedPoint[],
  group: ScaleGroup,
): PointRankingOption {
  const nps = group === 'nps';
  return {
    animation: false,
    grid: { left: 200, right: 96, top: 16, bottom: 32 },
    xAxis: { type: 'value', min: nps ? -100 : 0, max: 100, name: nps ? 'NPS' : 'Positive %' },
    yAxis: {
      type: 'category',
      inverse: true,
      data: points.map((p) => p.name),
      axisLabel: { width: 180, overflow: 'truncate' },
    },
    series: [
      {
        type: 'bar',
        name: nps ? 'NPS' : 'Positive share',
        data: points.map((p) => Math.round(p.score * 10) / 10),
        itemStyle: { color: '#2f6fb0' },
        label: { show: true, position: 'right', formatter: nps ? '{c}' : '{c} %' },
      },
    ],
  };
}
