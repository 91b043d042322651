// The Daily buttons view's words from the messages: answer labels, tile words, tooltip words, in the user's locale.
import type { DailyButtonTable, TooltipWords } from '#shared/charts/dailyButtonCounts.ts';
import type { TileFormat, TileWords } from '#shared/charts/summaryTiles.ts';
import type { ScaleGroup } from '#shared/metrics/scales.ts';
import type { Format } from './format.ts';

type Translate = (key: string, values?: Record<string, unknown> | number, plural?: number) => string;

const faces: Record<Exclude<ScaleGroup, 'nps'>, string[]> = {
  four: ['veryNegative', 'negative', 'positive', 'veryPositive'],
  five: ['veryNegative', 'negative', 'neutral', 'positive', 'veryPositive'],
};

/** A button's label: a face's meaning, or "Score n" on NPS. */
export function answerLabel(group: ScaleGroup, buttonIndex: number, t: Translate): string {
  if (group === 'nps') return t('answers.score', { n: buttonIndex });
  const key = faces[group][buttonIndex];
  return key ? t(`answers.${key}`) : t('comments.button', { index: buttonIndex });
}

/** The table with its series named in the user's language (the data is unchanged). */
export function localTable(table: DailyButtonTable, t: Translate): DailyButtonTable {
  return {
    ...table,
    series: table.series.map((s) => ({ ...s, name: answerLabel(table.group, s.buttonIndex, t) })),
  };
}

export function tileWords(t: Translate, fmt: Format): TileWords {
  return {
    all: t('tiles.all'),
    days: (n) => t('tiles.days', { n: fmt.count(n) }, n),
    nps: t('tiles.nps'),
    npsDetail: (promoters, detractors) => t('tiles.npsDetail', { promoters, detractors }),
    detractors: t('tiles.detractors'),
    passives: t('tiles.passives'),
    promoters: t('tiles.promoters'),
    positive: t('tiles.positive'),
    ofTotal: (part, total) => t('tiles.ofTotal', { part, total }),
  };
}

export function tileFormat(fmt: Format): TileFormat {
  return { count: fmt.count, percent: (part, whole) => (whole > 0 ? fmt.percent(part / whole) : '–') };
}

export function tooltipWords(t: Translate, fmt: Format): TooltipWords {
  return { total: t('explore.total'), count: fmt.count, day: fmt.day };
}
