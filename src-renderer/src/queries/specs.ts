// The QuerySpecs the views ask, built in one place from the filters (the engine's contract: src-shared/contract).
import type { Comparison, FeedbackScale, Measure, QuerySpec, TimeGrain } from '#shared/contract.ts';
import type { ScaleGroup } from '#shared/metrics/scales.ts';
import type { CompareMode } from '../filters/filters.ts';
import type { BaseQueryFilter } from '../stores/filterStore.ts';

/** The score of a scale group: NPS on the 0–10 question, the Happy Index on faces. */
export function scoreMeasure(group: ScaleGroup): 'nps' | 'happyIndex' {
  return group === 'nps' ? 'nps' : 'happyIndex';
}

/** The engine's comparison for the filter bar's choice; none without a bounded period. */
export function comparisonOf(mode: CompareMode, base: BaseQueryFilter): Comparison | undefined {
  if (mode === 'off' || !base.from || !base.to) return undefined;
  return mode === 'previous' ? { kind: 'previousPeriod' } : { kind: 'lastYear' };
}

const withComparison = (spec: QuerySpec, comparison: Comparison | undefined): QuerySpec =>
  comparison ? { ...spec, comparison } : spec;

/** Every day with presses, misuse included: the data's first and last day. */
export function dataDaysSpec(): QuerySpec {
  return { measures: ['count'], groupBy: ['day'], filter: { includeMisuse: true } };
}

/** Presses per day and button on one feedback scale (the daily buttons chart). */
export function dailyButtonsSpec(base: BaseQueryFilter, scale: FeedbackScale): QuerySpec {
  return { measures: ['count'], groupBy: ['day', 'buttonIndex'], filter: { ...base, scale } };
}

/** One row: presses and the score with its 95% interval, with the comparison's (and the change's z). */
export function totalsSpec(
  base: BaseQueryFilter,
  scale: FeedbackScale,
  score: Measure,
  comparison?: Comparison,
): QuerySpec {
  return withComparison(
    { measures: ['presses', score], groupBy: [], filter: { ...base, scale }, interval: true },
    comparison,
  );
}

/** Presses per button (for the share of positive answers), with the comparison's. */
export function buttonsSpec(base: BaseQueryFilter, scale: FeedbackScale, comparison?: Comparison): QuerySpec {
  return withComparison(
    { measures: ['count'], groupBy: ['buttonIndex'], filter: { ...base, scale } },
    comparison,
  );
}

/** A measure per time bucket with its 95% interval, with the comparison's (and the change's z). */
export function trendSpec(
  base: BaseQueryFilter,
  scale: FeedbackScale,
  grain: TimeGrain,
  measures: Measure[],
  comparison?: Comparison,
): QuerySpec {
  return withComparison(
    { measures, groupBy: [grain], filter: { ...base, scale }, interval: true },
    comparison,
  );
}

/** A measure per local weekday and hour of the day. */
export function patternSpec(base: BaseQueryFilter, scale: FeedbackScale, measures: Measure[]): QuerySpec {
  return { measures, groupBy: ['weekday', 'hourOfDay'], filter: { ...base, scale } };
}
