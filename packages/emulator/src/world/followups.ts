// Follow-up questions (one for negative, one for positive answers per survey) and their options.
import { SURVEYS } from './catalog.ts';
import { FOLLOWUP_SETS, GENERAL_FOLLOWUPS, type LocalisedText } from './contentCatalog.ts';
import { type Rng } from './prng.ts';
import type { FollowupOption, FollowupQuestion, Survey } from './types.ts';

export interface Followups {
  followupQuestions: FollowupQuestion[];
  followupOptions: FollowupOption[];
  followupsBySurvey: [number, number][];
}

function localised(
  texts: LocalisedText,
  defaultLocale: string,
): { text: string; localizations: { locale: string; text: string }[] } {
  const localizations = Object.entries(texts).map(([locale, text]) => ({ locale, text }));
  const text = texts[defaultLocale] ?? localizations[0]?.text ?? '';
  return { text, localizations };
}

export function generateFollowups(rng: Rng, surveys: Survey[]): Followups {
  const followupQuestions: FollowupQuestion[] = [];
  const followupOptions: FollowupOption[] = [];
  const followupsBySurvey: [number, number][] = [];
  let questionId = 900 + Math.floor(rng() * 40);
  let optionId = 20_000 + Math.floor(rng() * 400);
  for (const survey of surveys) {
    const set = FOLLOWUP_SETS[SURVEYS[survey.index]?.key ?? ''] ?? GENERAL_FOLLOWUPS;
    const pair: number[] = [];
    for (const positive of [false, true]) {
      const side = positive ? set.positive : set.negative;
      const q: FollowupQuestion = {
        index: followupQuestions.length,
        id: questionId,
        surveyIndex: survey.index,
        positive,
        defaultLocale: survey.defaultLocale,
        ...localised(side.question, survey.defaultLocale),
        optionIndexes: [],
      };
      questionId += 1 + Math.floor(rng() * 3);
      followupQuestions.push(q);
      for (const option of side.options) {
        q.optionIndexes.push(followupOptions.length);
        followupOptions.push({
          index: followupOptions.length,
          id: optionId,
          questionIndex: q.index,
          ...localised(option, survey.defaultLocale),
        });
        optionId += 1 + Math.floor(rng() * 5);
      }
      pair.push(q.index);
    }
    followupsBySurvey.push([pair[0] ?? 0, pair[1] ?? 0]);
  }
  return { followupQuestions, followupOptions, followupsBySurvey };
}
