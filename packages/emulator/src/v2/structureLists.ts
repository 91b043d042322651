// v2 definition lists: surveys (and their experience points), questions, follow-ups, localisations, smileys.
import { HttpError, type Reply } from '../http/reply.ts';
import type { V2Context } from './context.ts';
import { RECORD_COLUMNS as C } from './recordColumns.ts';
import { tableReply } from './table.ts';
import { visibleTo } from './visibility.ts';

export function surveysList(ctx: V2Context): Reply {
  const { world } = ctx;
  const v = visibleTo(ctx);
  const rows = world.surveys
    .filter((s) => v.surveys[s.index])
    .map((s) => ({
      surveyId: s.id,
      questionId: world.questions[s.questionIndex]?.id ?? null,
      defaultLocale: s.defaultLocale,
      questionTextInDefaultLocale: world.questions[s.questionIndex]?.text ?? null,
      surveyType: s.surveyType,
      feedbackScale: s.scale,
      indexType: s.indexType,
      state: s.state,
    }));
  return tableReply(ctx, C.survey, rows);
}

/** surveys/{surveyId}/experience-points: ids of authorised experience points running the survey, else 404. */
export function surveyExperiencePoints(ctx: V2Context, surveyIdText: string): Reply {
  const { world } = ctx;
  if (!/^-?\d{1,16}$/.test(surveyIdText))
    throw new HttpError(400, `Path parameter 'surveyId' must be an integer, not '${surveyIdText}'`);
  const survey = world.surveyById.get(Number(surveyIdText));
  if (!survey) throw new HttpError(404, `Survey ${surveyIdText} not found`);
  const v = visibleTo(ctx);
  const ids = new Set<number>();
  for (const a of world.assignments)
    if (a.surveyIndex === survey.index && v.eps[a.epIndex])
      ids.add(world.experiencePoints[a.epIndex]?.id ?? 0);
  if (ids.size === 0)
    throw new HttpError(
      404,
      `Survey ${surveyIdText} has no experience point within the token's authorised set`,
    );
  return {
    status: 200,
    headers: {},
    body: JSON.stringify([...ids]),
    contentType: 'application/json; charset=utf-8',
  };
}

export function questionsList(ctx: V2Context): Reply {
  const v = visibleTo(ctx);
  const rows = ctx.world.questions
    .filter((q) => v.questions[q.index])
    .map((q) => ({ questionId: q.id, defaultLocale: q.defaultLocale, questionTextInDefaultLocale: q.text }));
  return tableReply(ctx, C.question, rows);
}

export function questionLocalizations(ctx: V2Context): Reply {
  const v = visibleTo(ctx);
  const only = ctx.params.int('questionId');
  const rows = ctx.world.questions
    .filter((q) => v.questions[q.index] && (only === undefined || q.id === only))
    .flatMap((q) => q.localizations.map((l) => ({ questionId: q.id, locale: l.locale, text: l.text })));
  return tableReply(ctx, C.questionLocalization, rows);
}

export function followupQuestionsList(ctx: V2Context): Reply {
  const { world } = ctx;
  const v = visibleTo(ctx);
  const rows = world.followupQuestions
    .filter((q) => v.followupQuestions[q.index])
    .map((q) => ({
      followupQuestionId: q.id,
      surveyId: world.surveys[q.surveyIndex]?.id ?? null,
      positive: q.positive,
      questionTextInDefaultLocale: q.text,
    }));
  return tableReply(ctx, C.followupQuestion, rows);
}

export function followupQuestionLocalizations(ctx: V2Context): Reply {
  const v = visibleTo(ctx);
  const only = ctx.params.int('followupQuestionId');
  const rows = ctx.world.followupQuestions
    .filter((q) => v.followupQuestions[q.index] && (only === undefined || q.id === only))
    .flatMap((q) =>
      q.localizations.map((l) => ({ followupQuestionId: q.id, locale: l.locale, text: l.text })),
    );
  return tableReply(ctx, C.followupQuestionLocalization, rows);
}

export function followupOptionsList(ctx: V2Context): Reply {
  const { world } = ctx;
  const v = visibleTo(ctx);
  const rows = world.followupOptions
    .filter((o) => v.followupQuestions[o.questionIndex])
    .map((o) => ({
      followupOptionId: o.id,
      followupQuestionId: world.followupQuestions[o.questionIndex]?.id ?? null,
      optionTextInDefaultLocale: o.text,
    }));
  return tableReply(ctx, C.followupOption, rows);
}

export function followupOptionLocalizations(ctx: V2Context): Reply {
  const v = visibleTo(ctx);
  const only = ctx.params.int('followupOptionId');
  const rows = ctx.world.followupOptions
    .filter((o) => v.followupQuestions[o.questionIndex] && (only === undefined || o.id === only))
    .flatMap((o) => o.localizations.map((l) => ({ followupOptionId: o.id, locale: l.locale, text: l.text })));
  return tableReply(ctx, C.followupOptionLocalization, rows);
}

export function smileysList(ctx: V2Context): Reply {
  const v = visibleTo(ctx);
  const rows = ctx.world.smileys
    .filter((s) => v.eps[s.epIndex])
    .map((s) => ({
      smileyId: s.id,
      name: s.name,
      serialNumber: s.serialNumber,
      token: s.token,
      smileyType: s.type,
    }));
  return tableReply(ctx, C.smiley, rows);
}
