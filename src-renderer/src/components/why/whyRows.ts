// The "why it changed" panel's data: the explain request from the filters, the waterfall's steps, the rows as a table.
import type {
  ExplainArgs,
  ExplainBy,
  Explanation,
  ExplainRow,
  ExportTable,
  FeedbackScale,
} from '#shared/contract.ts';
import type { WaterfallStep } from '#shared/charts/waterfall.ts';
import type { CompareMode } from '../../filters/filters.ts';
import type { BaseQueryFilter } from '../../stores/filterStore.ts';

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** The request for the filters in effect; null without a bounded period, a comparison or a scale. */
export function explainRequest(
  base: BaseQueryFilter,
  scales: readonly FeedbackScale[] | undefined,
  compare: CompareMode,
  by: ExplainBy,
): ExplainArgs | null {
  if (!base.from || !base.to || compare === 'off' || !scales?.length) return null;
  return {
    filter: { ...base, from: base.from, to: base.to },
    scales: [...scales],
    measure: scales[0] === 'nps' ? 'nps' : 'happyIndex',
    by,
    comparison: compare === 'previous' ? 'previousPeriod' : 'lastYear',
  };
}

/** How many parts the waterfall shows; the rest are one bar. */
export const shownParts = 8;

/** The waterfall's steps: the largest parts first (the answer's order), the rest added up into one bar. */
export function whySteps(
  e: Explanation,
  t: Translate,
  write: (n: number | null) => string,
  writeChange: (n: number) => string,
  writeCount: (n: number) => string = String,
): { steps: WaterfallStep[]; rows: (ExplainRow | null)[] } {
  const shown = e.rows.slice(0, shownParts);
  const rest = e.rows.slice(shownParts);
  const steps = shown.map((r) => ({
    name: r.name,
    value: r.contribution,
    detail: [
      `${write(r.previousValue)} → ${write(r.value)} · ${writeCount(r.previousPresses)} → ${writeCount(r.presses)}`,
      `${t('why.rate')}: ${writeChange(r.rateEffect)}`,
      `${t('why.mix')}: ${writeChange(r.mixEffect)}`,
      r.z !== null && Math.abs(r.z) >= 1.96 ? t('noise.change') : t('noise.noise'),
    ],
  }));
  if (!rest.length) return { steps, rows: shown };
  return {
    steps: [
      ...steps,
      { name: t('why.others', { n: rest.length }), value: rest.reduce((s, r) => s + r.contribution, 0) },
    ],
    rows: [...shown, null],
  };
}

/** Every part as a table row: id, name, presses, scores, rate, mix, contribution, z. */
export function explainTable(e: Explanation, title: string, t: Translate): ExportTable {
  const id = e.by === 'point' ? 'experiencePointId' : 'surveyId';
  const number = (key: string, label: string) => ({ key, label, type: 'number' as const });
  return {
    title,
    columns: [
      number(id, id === 'surveyId' ? t('data.columns.surveyId') : t('data.columns.pointId')),
      { key: 'name', label: t('why.column.name'), type: 'text' },
      number('presses', t('why.column.presses')),
      number('previousPresses', t('why.column.previousPresses')),
      number('value', t('why.column.value')),
      number('previousValue', t('why.column.previousValue')),
      number('rateEffect', t('why.column.rateEffect')),
      number('mixEffect', t('why.column.mixEffect')),
      number('contribution', t('why.column.contribution')),
      number('z', t('noise.z', { name: t('why.column.value') })),
    ],
    rows: e.rows.map((r) => [
      r.experiencePointId ?? r.surveyId ?? null,
      r.name,
      r.presses,
      r.previousPresses,
      r.value,
      r.previousValue,
      r.rateEffect,
      r.mixEffect,
      r.contribution,
      r.z,
    ]),
  };
}
