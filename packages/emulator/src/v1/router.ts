// The v1 route table: authenticate (Basic or header pair), pick the caller's company, dispatch by path.
import {
  DEFAULT_V1_CLIENT_ID,
  DEFAULT_V1_TOKEN,
  OTHER_V1_CLIENT_ID,
  OTHER_V1_TOKEN,
} from '../http/identities.ts';
import { Params } from '../http/params.ts';
import { HttpError, type Reply } from '../http/reply.ts';
import type { RouteRequest, Router } from '../http/server.ts';
import { hash32 } from '../world/prng.ts';
import type { World } from '../world/types.ts';
import { generateWorld } from '../world/world.ts';
import { folderAlerts } from './alerts.ts';
import { type V1Identity, authenticateV1 } from './auth.ts';
import { V1Company } from './company.ts';
import { DEFAULT_PAGE_SIZES, type PageSizes, type V1Context, pathKey } from './context.ts';
import { followUps, openFeedback } from './feedbackViews.ts';
import { rawResults } from './rawResults.ts';
import { summedResults } from './results.ts';
import {
  findFolder,
  findSurvey,
  folderByKey,
  folderChildren,
  questionByKey,
  questionList,
  questionSurveys,
  rootFolder,
  surveyByKey,
} from './structure.ts';

/** Keys of the second company are shifted by this, far above any key of a generated world. */
export const OTHER_COMPANY_KEY_OFFSET = 9_000_000;
export const OTHER_COMPANY_NAME = 'Südwind Gastronomie & Co. KG';

export interface V1RouterOptions {
  /** Smaller cursor pages (tests of continuation); default the documented sizes. */
  pageSizes?: Partial<PageSizes>;
}

/**
 * The offset that keeps the two companies' keys apart: every key of the served world stays below it (a fixture
 * world with keys of a million or more gets a larger one), and every shifted key of the other lies above it.
 */
export function otherKeyOffset(world: World): number {
  const largest = Math.max(
    0,
    ...world.nodes.map((n) => n.id),
    ...world.assignments.map((a) => a.key),
    ...world.questions.map((q) => q.id),
  );
  let offset = OTHER_COMPANY_KEY_OFFSET;
  while (offset <= largest) offset *= 10;
  return offset;
}

/** The second, disjoint company: a tiny world from a seed derived from the main one, same present. */
function otherCompany(world: World): V1Company {
  const other = generateWorld({ seed: hash32(world.seed, 0x0c0e), size: 'tiny', now: new Date(world.now) });
  return new V1Company(other, { keyOffset: otherKeyOffset(world), rootName: OTHER_COMPANY_NAME });
}

type Handler = (ctx: V1Context, key: number) => Reply;

const SURVEY_VIEWS: Record<string, Handler> = {
  results: (ctx, key) => summedResults(ctx, findSurvey(ctx, key)),
  openfeedback: (ctx, key) => openFeedback(ctx, findSurvey(ctx, key)),
  followup: (ctx, key) => followUps(ctx, findSurvey(ctx, key)),
  rawresults: (ctx, key) => rawResults(ctx, findSurvey(ctx, key)),
};

const FOLDER_VIEWS: Record<string, Handler> = {
  children: folderChildren,
  alerts: (ctx, key) => folderAlerts(ctx, findFolder(ctx, key)),
};

// eslint-disable-next-line complexity -- the v1 URL space as one decision (collection, key, view), a line each
function dispatch(ctx: V1Context, pathname: string): Reply {
  const parts = pathname.split('/').slice(2); // '', 'v1', …
  const [collection, keyText, view] = parts;
  if (parts.length > 3 || !['folders', 'surveys', 'questions'].includes(collection ?? '') || keyText === '')
    throw new HttpError(404, `No such v1 operation: ${pathname}`);
  const key = keyText === undefined ? undefined : pathKey(keyText, 'key');
  const table: Record<string, Handler> | undefined =
    collection === 'folders' ? FOLDER_VIEWS : collection === 'surveys' ? SURVEY_VIEWS : undefined;
  if (collection === 'folders' && key === undefined) return rootFolder(ctx);
  if (collection === 'questions' && key === undefined) return questionList(ctx);
  if (key !== undefined && view === undefined) {
    if (collection === 'folders') return folderByKey(ctx, key);
    if (collection === 'surveys') return surveyByKey(ctx, key);
    if (collection === 'questions') return questionByKey(ctx, key);
  }
  if (key !== undefined && view !== undefined) {
    if (collection === 'questions' && view === 'surveys') return questionSurveys(ctx, key);
    const handler = table && Object.hasOwn(table, view) ? table[view] : undefined;
    if (handler) return handler(ctx, key);
  }
  throw new HttpError(404, `No such v1 operation: ${pathname}`);
}

export function createV1Router(world: World, options: V1RouterOptions = {}): Router {
  const demo = new V1Company(world, { keyOffset: 0 });
  let other: V1Company | undefined;
  const identities = new Map<string, V1Identity>([
    [DEFAULT_V1_CLIENT_ID, { clientId: DEFAULT_V1_CLIENT_ID, token: DEFAULT_V1_TOKEN, company: () => demo }],
    [
      OTHER_V1_CLIENT_ID,
      { clientId: OTHER_V1_CLIENT_ID, token: OTHER_V1_TOKEN, company: () => (other ??= otherCompany(world)) },
    ],
  ]);
  const pageSizes: PageSizes = { ...DEFAULT_PAGE_SIZES, ...options.pageSizes };
  return (req: RouteRequest) => {
    const identity = authenticateV1(identities, req.headers);
    const ctx: V1Context = {
      company: identity.company(),
      params: new Params(req.url.searchParams),
      pageSizes,
    };
    return dispatch(ctx, req.url.pathname);
  };
}
