// The QuerySpecs the views ask, built in one place from the filters (the engine's contract: src-shared/contract).
import type { FeedbackScale, QuerySpec } from '../../../src-shared/contract.ts';
import type { BaseQueryFilter } from '../stores/filterStore.ts';

/** Every day with presses, misuse included: the data's first and last day. */
export function dataDaysSpec(): QuerySpec {
  return { measures: ['count'], groupBy: ['day'], filter: { includeMisuse: true } };
}

/** Presses per day and button on one feedback scale (the daily buttons chart). */
export function dailyButtonsSpec(base: BaseQueryFilter, scale: FeedbackScale): QuerySpec {
  return { measures: ['count'], groupBy: ['day', 'buttonIndex'], filter: { ...base, scale } };
}
