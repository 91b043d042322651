// v2 results/aggregated-feedbacks.json: counts per button by local time bucket and grouping (misuse excluded).
import { asArray, asObject, invalid, reqString } from '../validate.ts';
import type { Where } from '../validate.ts';
import type { V2Client } from './client.ts';
import { reqIntArray, reqStringArray } from './fields.ts';

export const aggregatedFeedbacksEndpoint = 'results/aggregated-feedbacks.json';

export type AggregatePrecision = '15-minutes' | 'hour' | 'day' | 'week' | 'month' | 'year' | 'none';
export type AggregateDimension = 'experience_point' | 'survey' | 'hour_of_day' | 'day_of_week';

export interface AggregateRowV2 {
  /** Bucket start on the local wall clock, `yyyy-MM-ddTHH:mm:ss.SSS` (no zone). */
  time: string;
  /** The grouping values as strings, in the order the grouping names them. */
  groupKeys: string[];
  /** One count per button index of the survey's scale (4, 5 or 11 entries). */
  feedbacks: number[];
}

export interface AggregateQuery {
  precision: AggregatePrecision;
  /** Empty: `none`. */
  grouping: readonly AggregateDimension[];
  /** Subtrees; all must be inside the token's authorised set (else 403). */
  experiencePointIds?: readonly number[];
  surveyId?: number;
  /** Local dates: start inclusive, end exclusive, at most a year apart. */
  startDate: string;
  endDate: string;
}

const localBucket = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?$/;

export function parseAggregateRow(value: unknown, where: Where): AggregateRowV2 {
  const o = asObject(value, where);
  const time = reqString(o, 'time', where);
  if (!localBucket.test(time))
    throw invalid(
      where,
      `field 'time' should be a local time like 2024-03-31T00:00:00.000 but is '${time.slice(0, 40)}'`,
    );
  const feedbacks = reqIntArray(o, 'feedbacks', where);
  if (feedbacks.length > 11 || feedbacks.some((n) => n < 0))
    throw invalid(where, `field 'feedbacks' should hold at most 11 counts, none negative`);
  return { time, groupKeys: reqStringArray(o, 'groupKeys', where), feedbacks };
}

/** One request (the service answers the whole window at once; it is not paged). */
export async function fetchAggregates(
  client: V2Client,
  q: AggregateQuery,
  signal?: AbortSignal,
): Promise<AggregateRowV2[]> {
  const endpoint = aggregatedFeedbacksEndpoint;
  const response = await client.get(
    endpoint,
    {
      precision: q.precision,
      grouping: q.grouping.length ? q.grouping.join(',') : 'none',
      experiencePointIds: q.experiencePointIds?.length ? q.experiencePointIds.join(',') : undefined,
      surveyId: q.surveyId,
      startDate: q.startDate,
      endDate: q.endDate,
    },
    signal ? { signal } : {},
  );
  return asArray(response.body, { endpoint }).map((v, index) => parseAggregateRow(v, { endpoint, index }));
}
