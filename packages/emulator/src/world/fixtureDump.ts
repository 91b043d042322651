// Writes a world as fixture JSON: the documented format the loader (fixture.ts) reads back.
import { formatDay } from './calendar.ts';
import type { World } from './types.ts';

export const FIXTURE_FORMAT = 'feedback-desk-world';
export const FIXTURE_VERSION = 1;

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** The world as plain JSON (see README.md, "World fixtures"); presses are columnar. */
// eslint-disable-next-line max-lines-per-function -- a data literal: the world as fixture JSON, section by section (worldFromFixture's mirror)
export function worldToFixture(world: World): Record<string, unknown> {
  const ep = (i: number) => world.experiencePoints[i];
  return {
    format: FIXTURE_FORMAT,
    version: FIXTURE_VERSION,
    seed: world.seed,
    size: world.size,
    now: iso(world.now),
    tree: world.nodes.map((n) => {
      const e = ep(n.epIndex);
      return {
        id: n.id,
        name: n.name,
        parentId: n.parentId,
        type: n.type,
        ...(e && {
          experiencePoint: {
            zone: e.zone,
            kind: e.kind,
            country: e.country,
            quality: e.quality,
            traffic: e.traffic,
            openMinute: e.openMinute,
            closeMinute: e.closeMinute,
          },
        }),
      };
    }),
    questions: world.questions.map((q) => ({
      id: q.id,
      defaultLocale: q.defaultLocale,
      localizations: q.localizations,
    })),
    surveys: world.surveys.map((s) => ({
      id: s.id,
      questionId: world.questions[s.questionIndex]?.id,
      surveyType: s.surveyType,
      scale: s.scale,
      buttons: s.buttons,
      indexType: s.indexType,
      periods: s.periods.map((p) => ({ startDate: formatDay(p.startDay), endDate: formatDay(p.endDay) })),
    })),
    assignments: world.assignments.map((a) => ({
      key: a.key,
      experiencePointId: ep(a.epIndex)?.id,
      surveyId: world.surveys[a.surveyIndex]?.id,
      kind: a.kind,
      weight: a.weight,
    })),
    smileys: world.smileys.map((s) => ({
      id: s.id,
      name: s.name,
      serialNumber: s.serialNumber,
      token: s.token,
      type: s.type,
      ui: s.ui,
      assignmentKey: world.assignments[s.assignmentIndex]?.key,
      hourlySums: s.hourlySums,
    })),
    followupQuestions: world.followupQuestions.map((q) => ({
      id: q.id,
      surveyId: world.surveys[q.surveyIndex]?.id,
      positive: q.positive,
      defaultLocale: q.defaultLocale,
      localizations: q.localizations,
      options: q.optionIndexes.map((o) => ({
        id: world.followupOptions[o]?.id,
        localizations: world.followupOptions[o]?.localizations,
      })),
    })),
    users: world.users.map((u) => ({
      id: u.id,
      email: u.email,
      firstName: u.firstName,
      lastName: u.lastName,
      rootExperiencePointId: world.nodes[u.rootNodeIndex]?.id,
      role: u.role,
      locale: u.locale,
      loginAllowed: u.loginAllowed,
      loginMethod: u.loginMethod,
      lastLogin: iso(u.lastLogin),
      created: iso(u.created),
    })),
    customDataFields: world.customDataFields,
    customDataValues: world.customDataValues.map((v) => ({
      experiencePointId: ep(v.epIndex)?.id,
      fieldId: world.customDataFields[v.fieldIndex]?.id,
      value: v.value,
    })),
    ...(world.commentTexts ? { commentTexts: world.commentTexts } : {}),
    presses: {
      time: Array.from(world.presses.ts),
      smileyId: Array.from(world.presses.smiley, (s) => world.smileys[s]?.id ?? 0),
      button: Array.from(world.presses.button),
      flags: Array.from(world.presses.flags),
    },
  };
}
