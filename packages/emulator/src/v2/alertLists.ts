// v2 alert-specifications, alerts and alert-comments, read from the alerts evaluated over the press stream.
import { authorisedNode, authorisedRange } from '../http/identities.ts';
import type { Reply } from '../http/reply.ts';
import { parseDateSpec, resolveWindow } from '../http/timeWindow.ts';
import { type Alert, parametersText, worldAlerts } from '../world/alerts.ts';
import { formatTimestamp } from '../world/calendar.ts';
import type { World } from '../world/types.ts';
import { type V2Context, epMask, pagingHeaders } from './context.ts';
import { RECORD_COLUMNS as C } from './recordColumns.ts';
import { tableReply } from './table.ts';

/** A timestamp in the zone of an experience point (by index). */
function localTs(world: World, epIndex: number, ms: number | null): string | null {
  if (ms === null) return null;
  const zone = world.zones[world.experiencePoints[epIndex]?.zoneIndex ?? 0];
  return formatTimestamp(ms, zone ? zone.offsetAt(ms) : 0);
}

export function alertSpecificationsList(ctx: V2Context): Reply {
  const { world } = ctx;
  const [lo, hi] = authorisedRange(ctx.identity);
  const eps = epMask(world, lo, hi);
  const rows = worldAlerts(world)
    .specifications.filter((s) => eps[s.epIndex])
    .map((s) => ({
      alertSpecificationId: s.id,
      surveyId: world.surveys[s.surveyIndex]?.id ?? null,
      experiencePointId: world.experiencePoints[s.epIndex]?.id ?? null,
      alertSpecificationType: s.type,
      parameters: parametersText(s.params),
    }));
  return tableReply(ctx, C.alertSpecification, rows);
}

interface AlertFilter {
  eps: Uint8Array;
  surveyIndex: number;
  /** Per zone, flat [start, end, …] UTC ms. */
  intervals: Float64Array[];
  offset: number;
  limit: number;
}

/** surveyId, experiencePointId (subtree), period/startDate/endDate, offset and limit, as for feedback lists. */
function alertFilter(ctx: V2Context): AlertFilter {
  const { world, identity, params } = ctx;
  const surveyId = params.int('surveyId');
  const epId = params.int('experiencePointId');
  const spec = parseDateSpec(params);
  const offset = params.offset();
  const limit = params.limit();
  const window = resolveWindow(world, spec);
  let [lo, hi] = authorisedRange(identity);
  if (epId !== undefined) {
    const node = authorisedNode(world, identity, epId, 'experiencePointId');
    [lo, hi] = [node.index, node.subtreeEnd];
  }
  const surveyIndex = surveyId === undefined ? -1 : (world.surveyById.get(surveyId)?.index ?? -2);
  return { eps: epMask(world, lo, hi), surveyIndex, intervals: window.zoneIntervals, offset, limit };
}

function overlaps(iv: Float64Array | undefined, start: number, end: number): boolean {
  if (!iv) return false;
  for (let k = 0; k < iv.length; k += 2) if (start < (iv[k + 1] ?? 0) && end > (iv[k] ?? 0)) return true;
  return false;
}

function page<T>(
  ctx: V2Context,
  f: AlertFilter,
  matches: T[],
): { rows: T[]; headers: Record<string, string> } {
  const rows = matches.slice(f.offset, f.offset + f.limit);
  const more = matches.length > f.offset + f.limit;
  return { rows, headers: pagingHeaders(ctx, more, f.offset, f.limit) };
}

function alertMatches(world: World, f: AlertFilter, a: Alert, spanStart: number, spanEnd: number): boolean {
  const spec = worldAlerts(world).specifications[a.specIndex];
  if (!spec || !f.eps[spec.epIndex]) return false;
  if (f.surveyIndex !== -1 && spec.surveyIndex !== f.surveyIndex) return false;
  const zone = world.experiencePoints[spec.epIndex]?.zoneIndex ?? 0;
  return overlaps(f.intervals[zone], spanStart, spanEnd);
}

/** Alerts open at any time inside the window (opened before it or closed after it included), by beginTime. */
export function alertsList(ctx: V2Context): Reply {
  const { world } = ctx;
  const f = alertFilter(ctx);
  const all = worldAlerts(world);
  const matches = all.alerts.filter((a) => alertMatches(world, f, a, a.begin, a.end ?? Infinity));
  const { rows, headers } = page(ctx, f, matches);
  const records = rows.map((a) => {
    const spec = all.specifications[a.specIndex];
    const ep = spec?.epIndex ?? 0;
    return {
      alertId: a.id,
      alertSpecificationId: spec?.id ?? null,
      surveyId: world.surveys[spec?.surveyIndex ?? 0]?.id ?? null,
      experiencePointId: world.experiencePoints[ep]?.id ?? null,
      beginTime: localTs(world, ep, a.begin),
      endTime: localTs(world, ep, a.end),
      alertSpecificationType: spec?.type ?? null,
      parameters: parametersText({ ...(spec?.params ?? {}), ...a.calculated }),
      acknowledged: a.acknowledged,
      acknowledgedByUserId:
        a.acknowledgedByUserIndex === null ? null : (world.users[a.acknowledgedByUserIndex]?.id ?? null),
      acknowledgedTime: localTs(world, ep, a.acknowledgedTime),
    };
  });
  return tableReply(ctx, C.alert, records, headers);
}

/** Comments written inside the window on alerts that pass the survey and experience point filters, by time. */
export function alertCommentsList(ctx: V2Context): Reply {
  const { world } = ctx;
  const f = alertFilter(ctx);
  const all = worldAlerts(world);
  const matches = all.comments.filter((c) => {
    const a = all.alerts[c.alertIndex];
    return a !== undefined && alertMatches(world, f, a, c.time, c.time + 1);
  });
  const { rows, headers } = page(ctx, f, matches);
  const records = rows.map((c) => {
    const ep = all.specifications[all.alerts[c.alertIndex]?.specIndex ?? 0]?.epIndex ?? 0;
    return {
      alertCommentId: c.id,
      alertId: all.alerts[c.alertIndex]?.id ?? null,
      userId: world.users[c.userIndex]?.id ?? null,
      time: localTs(world, ep, c.time),
      comment: c.comment,
    };
  });
  return tableReply(ctx, C.alertComment, records, headers);
}
