// The filters as an export's caption names them, one field each (subtree, period, comparison, scale, survey, misuse).
import type { FilterWords } from '#shared/contract.ts';
import type { WordsInput } from '../filters/filterWords.ts';
import type { Format } from '../i18n/format.ts';

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** Same words as the line above every chart (FilterWords.vue), but by field, so the file's caption can label them. */
export function captionFilters(input: WordsInput, t: Translate, fmt: Format): FilterWords {
  const { filters, range, comparison, pointNames } = input;
  const subtree =
    pointNames.length === 0
      ? t('filters.words.everything')
      : pointNames.length <= 3
        ? pointNames.join(', ')
        : t('filters.words.morePoints', {
            names: pointNames.slice(0, 2).join(', '),
            count: pointNames.length - 2,
          });
  const preset = t(`filters.presets.${filters.period}`);
  const dates = range
    ? t('filters.words.range', { first: fmt.day(range.first), last: fmt.day(range.last) })
    : '';
  const period = range ? (filters.period === 'custom' ? dates : `${preset} (${dates})`) : preset;
  return {
    subtree,
    period,
    ...(comparison
      ? {
          comparison: `${t(`filters.compareModes.${filters.compare}`)} (${t('filters.words.range', {
            first: fmt.day(comparison.first),
            last: fmt.day(comparison.last),
          })})`,
        }
      : {}),
    ...(input.scaleLabel ? { scale: input.scaleLabel } : {}),
    ...(input.surveyName ? { survey: input.surveyName } : {}),
    misuse: t(filters.misuse ? 'filters.words.misuseIn' : 'filters.words.misuseOut'),
  };
}
