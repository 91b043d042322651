// The v2 route table: path → scope, formats and handler; token authentication and scope checks.
import type { IncomingHttpHeaders } from 'node:http';
import { type V2Identity, type V2Scope, authenticateV2, requireScope } from '../http/identities.ts';
import { Params } from '../http/params.ts';
import { HttpError, type Reply } from '../http/reply.ts';
import type { World } from '../world/types.ts';
import { buttonFeedbacks } from './buttonFeedbacks.ts';
import type { Format, V2Context } from './context.ts';
import { experiencePointsList } from './experiencePoints.ts';
import type { CursorCache } from './feedbackScan.ts';

interface V2Route {
  scope: V2Scope | null;
  /** Formats served through the path suffix; null for a path without suffix (always JSON). */
  formats: readonly Format[] | null;
  handle(ctx: V2Context): Reply;
}

/** Path stems under /v2/ (DECISIONS.md's table); later operations are added here. */
export const V2_ROUTES = new Map<string, V2Route>([
  ['experience-points', { scope: 'structure:read', formats: ['json', 'csv'], handle: experiencePointsList }],
  ['results/button-feedbacks', { scope: 'feedback:read', formats: ['json', 'csv'], handle: buttonFeedbacks }],
]);

export interface V2Request {
  world: World;
  identities: Map<string, V2Identity>;
  cursors: CursorCache;
  headers: IncomingHttpHeaders;
  url: URL;
  origin: string;
}

/** Serves one request whose path starts with /v2/; throws HttpError for every refusal. */
export function routeV2(req: V2Request): Reply {
  const rest = req.url.pathname.slice('/v2/'.length);
  const dot = rest.lastIndexOf('.');
  let route = V2_ROUTES.get(rest);
  let format: Format = 'json';
  if (!route && dot > 0) {
    route = V2_ROUTES.get(rest.slice(0, dot));
    if (route) {
      const suffix = rest.slice(dot + 1);
      const f = route.formats?.find((x) => x === suffix);
      if (!f)
        throw new HttpError(
          400,
          `Format '${suffix}' is not available here; use ${route.formats?.join(' or ') ?? 'json'}`,
        );
      format = f;
    }
  } else if (route?.formats) {
    route = undefined; // a list path needs its .json or .csv suffix
  }
  if (!route) throw new HttpError(404, `No such v2 operation: ${req.url.pathname}`);
  const identity = authenticateV2(req.identities, req.headers['x-svc-api-token'], req.url.searchParams);
  requireScope(identity, route.scope);
  const params = new Params(req.url.searchParams);
  const ctx: V2Context = {
    world: req.world,
    identity,
    params,
    url: req.url,
    origin: req.origin,
    format,
    separator: params.csvSeparator(),
    cursors: req.cursors,
  };
  return route.handle(ctx);
}
