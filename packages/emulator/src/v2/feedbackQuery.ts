// The common feedback parameters of section 4.2 turned into a scan over the press columns.
import { authorisedNode, authorisedRange } from '../http/identities.ts';
import { parseDateSpec, resolveWindow } from '../http/timeWindow.ts';
import { type V2Context, epMask } from './context.ts';
import { type ScanPage, type ScanQuery, scanFeedback } from './feedbackScan.ts';

export interface FeedbackRequest {
  page: ScanPage;
  offset: number;
  limit: number;
}

/**
 * Parses surveyId, experiencePointId (the feedback's experience point lies in that node's subtree),
 * period/startDate/endDate, includeMisuse, offset, limit and order, then scans one page.
 */
export function runFeedbackQuery(
  ctx: V2Context,
  kind: string,
  requireFlags: number,
  excludeFlags: number,
  recordsOf?: (pressIndex: number) => number,
): FeedbackRequest {
  const { world, identity, params } = ctx;
  const surveyId = params.int('surveyId');
  const epId = params.int('experiencePointId');
  const spec = parseDateSpec(params);
  const includeMisuse = params.bool('includeMisuse') ?? false;
  const offset = params.offset();
  const limit = params.limit();
  const order = params.oneOf('order', ['asc', 'desc'] as const) ?? 'asc';
  const window = resolveWindow(world, spec);
  let [lo, hi] = authorisedRange(identity);
  if (epId !== undefined) {
    const node = authorisedNode(world, identity, epId, 'experiencePointId');
    lo = node.index;
    hi = node.subtreeEnd;
  }
  const surveyIndex = surveyId === undefined ? -1 : (world.surveyById.get(surveyId)?.index ?? -2);
  const query: ScanQuery = {
    epAllowed: epMask(world, lo, hi),
    surveyIndex,
    window,
    includeMisuse,
    requireFlags,
    excludeFlags,
    descending: order === 'desc',
    offset,
    limit,
    cacheKey: [kind, lo, hi, surveyIndex, window.key, includeMisuse, requireFlags, excludeFlags, order].join(
      '|',
    ),
  };
  if (recordsOf) query.recordsOf = recordsOf;
  return { page: scanFeedback(world, query, ctx.cursors), offset, limit };
}
