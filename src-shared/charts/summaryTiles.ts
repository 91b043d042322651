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

/** The tiles' words; the app passes its messages, the CLI and tests the English defaults. */
export interface TileWords {
  all: string;
  days(n: number): string;
  nps: string;
  npsDetail(promoters: string, detractors: string): string;
  detractors: string;
  passives: string;
  promoters: string;
  positive: string;
  ofTotal(part: string, total: string): string;
  /** A button's label (the table's series name unless the app says otherwise). */
  answer?(buttonIndex: number, name: string): string;
}

/** How the tiles write numbers (the app: the user's locale). */
export interface TileFormat {
  count(n: number): string;
  /** part of whole as a percentage ('–' when whole is 0). */
  percent(part: number, whole: number): string;
}

export const englishTileWords: TileWords = {
  all: 'All presses',
  days: (n) => `${n.toLocaleString('en-US')} days`,
  nps: 'NPS',
  npsDetail: (p, d) => `${p} promoters − ${d} detractors`,
  detractors: 'Detractors 0–6',
  passives: 'Passives 7–8',
  promoters: 'Promoters 9–10',
  positive: 'Positive answers',
  ofTotal: (part, total) => `${part} of ${total}`,
};

export const englishTileFormat: TileFormat = {
  count: (n) => n.toLocaleString('en-US'),
  percent: (part, whole) => (whole > 0 ? `${((part / whole) * 100).toFixed(1)} %` : '–'),
};
/** NPS as usually written: a whole number with its sign (+23, −7, 0). */
export const formatNps = (score: number | null): string => {
  if (score === null) return '–';
  const rounded = Math.round(score);
  return rounded > 0 ? `+${rounded}` : rounded < 0 ? `−${-rounded}` : '0';
};

/** Tiles for a table of one scale group: all presses, the headline metric, then the answers. */
export function summaryTiles(
  table: DailyButtonTable,
  words: TileWords = englishTileWords,
  format: TileFormat = englishTileFormat,
): SummaryTile[] {
  const { count, percent } = format;
  const totals = buttonTotals(table);
  const all: SummaryTile = {
    key: 'all',
    label: words.all,
    value: count(table.total),
    detail: words.days(table.days.length),
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
        label: words.nps,
        value: formatNps(nps.score),
        detail: words.npsDetail(percent(nps.promoters, nps.total), percent(nps.detractors, nps.total)),
        headline: true,
      },
      part('detractors', words.detractors, nps.detractors, scale.colors[3] ?? '#c63a2c'),
      part('passives', words.passives, nps.passives, scale.colors[7] ?? '#dba22b'),
      part('promoters', words.promoters, nps.promoters, scale.colors[10] ?? '#2e9a55'),
    ];
  }
  const positive = positiveShare(table.group, totals);
  return [
    all,
    {
      key: 'positive',
      label: words.positive,
      value: positive.share === null ? '–' : percent(positive.positive, positive.total),
      detail: words.ofTotal(count(positive.positive), count(positive.total)),
      headline: true,
    },
    ...table.series.map((s, i) => ({
      key: `button-${s.buttonIndex}`,
      label: words.answer ? words.answer(s.buttonIndex, s.name) : s.name,
      value: count(totals[i] ?? 0),
      detail: percent(totals[i] ?? 0, table.total),
      color: s.color,
    })),
  ];
}
