// The tiles above the daily chart: totals, the scale's headline metric and its answers, as plain text per tile.
import { npsBreakdown, positiveShare } from '../metrics/buttonMetrics.ts';
import { buttonScale } from './buttonScale.ts';
import { buttonTotals, type DailyButtonTable } from './dailyButtonCounts.ts';

export interface SummaryTile {
  key: string;
  label: string;
  /** The big figure. */
  value: string;
  /** The line under it. */
  detail: string;
  /** A swatch in the label (a button's or a group's colour). */
  color?: string;
  /** The scale's headline metric (NPS or positive share). */
  headline?: boolean;
}

const count = (n: number): string => n.toLocaleString('en-US');
const percent = (part: number, whole: number): string =>
  whole > 0 ? `${((part / whole) * 100).toFixed(1)} %` : '–';
/** NPS as usually written: a whole number with its sign (+23, −7, 0). */
export const formatNps = (score: number | null): string => {
  if (score === null) return '–';
  const rounded = Math.round(score);
  return rounded > 0 ? `+${rounded}` : rounded < 0 ? `−${-rounded}` : '0';
};

/** Tiles for a table of one scale group: all presses, the headline metric, then the answers. */
export function summaryTiles(table: DailyButtonTable): SummaryTile[] {
  const totals = buttonTotals(table);
  const all: SummaryTile = {
    key: 'all',
    label: 'All presses',
    value: count(table.total),
    detail: `${table.days.length.toLocaleString('en-US')} days`,
  };
  const scale = buttonScale(table.group);
  if (table.group === 'nps') {
    const nps = npsBreakdown(totals);
    const part = (key: string, label: string, n: number, color: string): SummaryTile => ({
      key,
      label,
      value: count(n),
      detail: percent(n, nps.total),
      color,
    });
    return [
      all,
      {
        key: 'nps',
        label: 'NPS',
        value: formatNps(nps.score),
        detail: `${percent(nps.promoters, nps.total)} promoters − ${percent(nps.detractors, nps.total)} detractors`,
        headline: true,
      },
      part('detractors', 'Detractors 0–6', nps.detractors, scale.colors[3] ?? '#c63a2c'),
      part('passives', 'Passives 7–8', nps.passives, scale.colors[7] ?? '#dba22b'),
      part('promoters', 'Promoters 9–10', nps.promoters, scale.colors[10] ?? '#2e9a55'),
    ];
  }
  const positive = positiveShare(table.group, totals);
  return [
    all,
    {
      key: 'positive',
      label: 'Positive answers',
      value: positive.share === null ? '–' : percent(positive.positive, positive.total),
      detail: `${count(positive.positive)} of ${count(positive.total)}`,
      headline: true,
    },
    ...table.series.map((s, i) => ({
      key: `button-${s.buttonIndex}`,
      label: s.name,
      value: count(totals[i] ?? 0),
      detail: percent(totals[i] ?? 0, table.total),
      color: s.color,
    })),
  ];
}
