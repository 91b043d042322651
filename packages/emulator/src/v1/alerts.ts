// v1 folders/:key/alerts: alerts open at any time in a UTC or local range, of a folder (and its children), cursor-paged.
import { type Reply, badRequest } from '../http/reply.ts';
import { type Alert, type AlertSpecification, worldAlerts } from '../world/alerts.ts';
import type { TreeNode } from '../world/types.ts';
import type { V1Survey } from './company.ts';
import { type V1Context, cursorReply } from './context.ts';
import { ZoneFormatter, localTimestampParam, timestampParam, toLocal } from './timestamps.ts';

interface AlertRange {
  /** Compare wall-clock times in each survey's zone (local_date_*) instead of instants. */
  local: boolean;
  start: number | undefined;
  end: number | undefined;
}

function alertRange(ctx: V1Context): AlertRange {
  const { params } = ctx;
  const start = timestampParam(params, 'date_start');
  const end = timestampParam(params, 'date_end');
  const localStart = localTimestampParam(params, 'local_date_start');
  const localEnd = localTimestampParam(params, 'local_date_end');
  const utc = start !== undefined || end !== undefined;
  const local = localStart !== undefined || localEnd !== undefined;
  if (utc && local)
    throw badRequest(
      "Parameters 'date_start'/'date_end' and 'local_date_start'/'local_date_end' are alternatives and must not be mixed",
    );
  const range: AlertRange = local
    ? { local: true, start: localStart, end: localEnd }
    : { local: false, start, end };
  if (range.start !== undefined && range.end !== undefined && range.end < range.start)
    throw badRequest(
      local
        ? "Parameter 'local_date_end' is before 'local_date_start'"
        : "Parameter 'date_end' is before 'date_start'",
    );
  return range;
}

/** Open at any time in the range: endTime >= start (or still open), and beginTime < end. */
function inRange(range: AlertRange, s: V1Survey, a: Alert): boolean {
  const begin = range.local ? toLocal(s.zone, a.begin) : a.begin;
  const end = a.end === null ? null : range.local ? toLocal(s.zone, a.end) : a.end;
  if (range.start !== undefined && end !== null && end < range.start) return false;
  return range.end === undefined || begin < range.end;
}

function alertJson(
  ctx: V1Context,
  s: V1Survey,
  spec: AlertSpecification,
  a: Alert,
  fmt: ZoneFormatter,
): string {
  const { company } = ctx;
  return JSON.stringify({
    key: a.id + company.offset,
    alertType: spec.type,
    // DECISIONS.md: exactly key, question, folder and timezone (lower-case z).
    survey: {
      key: s.key,
      question: company.questionJson(s.question),
      folder: company.folderRef(s.node),
      timezone: s.ep.zone,
    },
    alertSpecification: { key: spec.id + company.offset },
    beginTime: fmt.format(a.begin),
    ...(a.end !== null && { endTime: fmt.format(a.end) }),
    parameters: { ...spec.params, ...a.calculated },
  });
}

/**
 * GET /v1/folders/:key/alerts. Alerts of the folder's own surveys (child_folders=true: of every survey
 * below it too), earliest beginTime first; a page is cut only between two beginTimes.
 */
export function folderAlerts(ctx: V1Context, node: TreeNode): Reply {
  const { company } = ctx;
  const childFolders = ctx.params.bool('child_folders') ?? false;
  const range = alertRange(ctx);
  const surveys = childFolders ? company.surveysUnder(node) : company.surveysAt(node);
  const inScope = new Set(surveys.map((s) => s.assignment.index));
  const all = worldAlerts(company.world);
  const formatters = new Map<V1Survey, ZoneFormatter>();
  let out = '';
  let n = 0;
  let lastBegin = NaN;
  let more: string | undefined;
  for (const a of all.alerts) {
    const spec = all.specifications[a.specIndex];
    if (!spec || !inScope.has(spec.assignmentIndex)) continue;
    const s = company.surveyOfAssignment(spec.assignmentIndex);
    if (!s || !inRange(range, s, a)) continue;
    let fmt = formatters.get(s);
    if (!fmt) formatters.set(s, (fmt = new ZoneFormatter(s.zone)));
    if (n >= ctx.pageSizes.alerts && a.begin !== lastBegin) {
      more = fmt.format(a.begin);
      break;
    }
    out += `${n === 0 ? '' : ','}${alertJson(ctx, s, spec, a, fmt)}`;
    n++;
    lastBegin = a.begin;
  }
  return cursorReply(out, more);
}
