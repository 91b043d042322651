// v1 folders (two levels per call), folder children, single surveys, questions and question surveys.
import { HttpError, type Reply, jsonReply } from '../http/reply.ts';
import type { TreeNode } from '../world/types.ts';
import { SURVEY_STATES, type SurveyStateV1, type V1Survey } from './company.ts';
import { type V1Context, offsetPage } from './context.ts';

/** Levels of sub-folders shown below the requested folder (api-v1.md §8). */
const FOLDER_LEVELS = 2;

interface SurveyFilter {
  surveys: boolean;
  state: SurveyStateV1 | undefined;
}

function surveyFilter(ctx: V1Context): SurveyFilter {
  return {
    surveys: ctx.params.bool('surveys') ?? false,
    state: ctx.params.oneOf('state', SURVEY_STATES),
  };
}

/**
 * A Folder: key, name, `folders` down to `levels` more levels (omitted when there are none, and at the
 * depth cut), `surveys` when asked for and the folder has some (in the state asked for).
 */
function folderJson(
  ctx: V1Context,
  node: TreeNode,
  levels: number,
  f: SurveyFilter,
): Record<string, unknown> {
  const { company } = ctx;
  const out: Record<string, unknown> = { key: company.folderKey(node), name: company.folderName(node) };
  const children = levels > 0 ? company.childrenOf(node) : [];
  if (children.length > 0) out.folders = children.map((c) => folderJson(ctx, c, levels - 1, f));
  if (f.surveys) {
    const list = company.surveysAt(node).filter((s) => f.state === undefined || company.state(s) === f.state);
    if (list.length > 0) out.surveys = list.map((s) => company.surveyJson(s, false, true));
  }
  return out;
}

function folderOr404(ctx: V1Context, key: number): TreeNode {
  const node = ctx.company.folder(key);
  if (!node) throw new HttpError(404, `No folder with key ${key}`);
  return node;
}

function surveyOr404(ctx: V1Context, key: number): V1Survey {
  const s = ctx.company.survey(key);
  if (!s) throw new HttpError(404, `No survey with key ${key}`);
  return s;
}

/** GET /v1/folders: the company root and two levels below it. */
export function rootFolder(ctx: V1Context): Reply {
  const f = surveyFilter(ctx);
  return jsonReply(folderJson(ctx, ctx.company.root, FOLDER_LEVELS, f));
}

/** GET /v1/folders/:key */
export function folderByKey(ctx: V1Context, key: number): Reply {
  const node = folderOr404(ctx, key);
  return jsonReply(folderJson(ctx, node, FOLDER_LEVELS, surveyFilter(ctx)));
}

/** GET /v1/folders/:key/children: each child with its own sub-folders (two levels below the key, paged on the first). */
export function folderChildren(ctx: V1Context, key: number): Reply {
  const node = folderOr404(ctx, key);
  const f = surveyFilter(ctx);
  return offsetPage(ctx.params, ctx.company.childrenOf(node), (c) =>
    folderJson(ctx, c, FOLDER_LEVELS - 1, f),
  );
}

/** GET /v1/surveys/:key (with folder and surveyType). */
export function surveyByKey(ctx: V1Context, key: number): Reply {
  return jsonReply(ctx.company.surveyJson(surveyOr404(ctx, key), true, true));
}

export function findSurvey(ctx: V1Context, key: number): V1Survey {
  return surveyOr404(ctx, key);
}

export function findFolder(ctx: V1Context, key: number): TreeNode {
  return folderOr404(ctx, key);
}

/** GET /v1/questions */
export function questionList(ctx: V1Context): Reply {
  const { company } = ctx;
  return offsetPage(ctx.params, company.questions(), (q) => company.questionJson(q));
}

/** GET /v1/questions/:key */
export function questionByKey(ctx: V1Context, key: number): Reply {
  const q = ctx.company.question(key);
  if (!q) throw new HttpError(404, `No question with key ${key}`);
  return jsonReply(ctx.company.questionJson(q));
}

/** GET /v1/questions/:key/surveys: surveys asking the question (with folder, without surveyType), by key. */
export function questionSurveys(ctx: V1Context, key: number): Reply {
  const { company } = ctx;
  const q = company.question(key);
  if (!q) throw new HttpError(404, `No question with key ${key}`);
  const state = ctx.params.oneOf('state', SURVEY_STATES);
  const list = company.surveys.filter(
    (s) => s.question === q && (state === undefined || company.state(s) === state),
  );
  return offsetPage(ctx.params, list, (s) => company.surveyJson(s, true, false));
}
