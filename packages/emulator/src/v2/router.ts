// The v2 route table: path → scope, formats and handler; token authentication and scope checks.
import type { IncomingHttpHeaders } from 'node:http';
import { type V2Identity, type V2Scope, authenticateV2, requireScope } from '../http/identities.ts';
import { Params } from '../http/params.ts';
import { HttpError, JSON_TYPE, type Reply } from '../http/reply.ts';
import type { World } from '../world/types.ts';
import { aggregatedFeedbacks } from './aggregates.ts';
import { alertCommentsList, alertSpecificationsList, alertsList } from './alertLists.ts';
import { buttonFeedbacks } from './buttonFeedbacks.ts';
import { customDataFields, customDataValues, tokenIntrospection, usersList } from './companyLists.ts';
import type { Format, V2Context } from './context.ts';
import { experiencePointsList } from './experiencePoints.ts';
import { openApiDocument } from './openapi.ts';
import { FEEDBACK_LISTS, feedbackList } from './feedbackLists.ts';
import type { CursorCache } from './feedbackScan.ts';
import {
  followupOptionLocalizations,
  followupOptionsList,
  followupQuestionLocalizations,
  followupQuestionsList,
  questionLocalizations,
  questionsList,
  smileysList,
  surveyExperiencePoints,
  surveysList,
} from './structureLists.ts';

interface V2Route {
  scope: V2Scope | null;
  /** Formats served through the path suffix; null for a path without suffix (always JSON). */
  formats: readonly Format[] | null;
  handle(ctx: V2Context): Reply;
}

/** Path stems under /v2/ (DECISIONS.md's table); later operations are added here. */
const BOTH = ['json', 'csv'] as const;
const list = (scope: V2Scope, handle: (ctx: V2Context) => Reply): V2Route => ({
  scope,
  formats: BOTH,
  handle,
});
const lists = (spec: keyof typeof FEEDBACK_LISTS): V2Route => {
  const s = FEEDBACK_LISTS[spec];
  if (!s) throw new Error(`no feedback list ${spec}`);
  return list('feedback:read', feedbackList(s));
};

let openApiText: string | undefined;

export const V2_ROUTES = new Map<string, V2Route>([
  ['token/introspect', { scope: null, formats: null, handle: tokenIntrospection }],
  ['results/button-feedbacks', list('feedback:read', buttonFeedbacks)],
  ['results/follow-up-feedbacks', lists('followup')],
  ['results/text-feedbacks', lists('text')],
  ['results/demographics', lists('demographics')],
  ['results/contact-details', lists('contact')],
  ['results/metadata', lists('metadata')],
  [
    'results/aggregated-feedbacks',
    { scope: 'feedback:read', formats: ['json'], handle: aggregatedFeedbacks },
  ],
  ['experience-points', list('structure:read', experiencePointsList)],
  ['experience-point-custom-data', list('structure:read', customDataValues)],
  ['company-custom-data', list('structure:read', customDataFields)],
  ['surveys', list('structure:read', surveysList)],
  ['questions', list('structure:read', questionsList)],
  ['question-localizations', list('structure:read', questionLocalizations)],
  ['follow-up-questions', list('structure:read', followupQuestionsList)],
  ['follow-up-question-localizations', list('structure:read', followupQuestionLocalizations)],
  ['follow-up-options', list('structure:read', followupOptionsList)],
  ['follow-up-option-localizations', list('structure:read', followupOptionLocalizations)],
  ['alert-specifications', list('alerts:read', alertSpecificationsList)],
  ['alerts', list('alerts:read', alertsList)],
  ['alert-comments', list('alerts:read', alertCommentsList)],
  ['users', list('users:read', usersList)],
  ['smileys', list('devices:read', smileysList)],
]);

/** surveys/{surveyId}/experience-points (JSON array of ids, no suffix). */
const SURVEY_POINTS = /^surveys\/([^/]+)\/experience-points$/;

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
  const rest = req.url.pathname.slice(Math.min(req.url.pathname.length, '/v2/'.length));
  if (rest === '' || rest === 'openapi.json') {
    // The description is public, like the service's downloadable one.
    openApiText ??= JSON.stringify(openApiDocument());
    return { status: 200, headers: {}, body: openApiText, contentType: JSON_TYPE };
  }
  const dot = rest.lastIndexOf('.');
  const surveyPoints = SURVEY_POINTS.exec(rest);
  let route = surveyPoints
    ? ({
        scope: 'structure:read',
        formats: null,
        handle: (ctx) => surveyExperiencePoints(ctx, decodeURIComponent(surveyPoints[1] ?? '')),
      } satisfies V2Route)
    : V2_ROUTES.get(rest);
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
