// The filters said in words, above every chart: which points, which dates against which, scale, survey, misuse.
import type { Format } from '../i18n/format.ts';
import type { Filters } from './filters.ts';
import type { DayRange } from './periods.ts';

export interface WordsInput {
  filters: Filters;
  range: DayRange | null;
  comparison: DayRange | null;
  /** Names of the selected points, in selection order (untrusted text: rendered as text). */
  pointNames: string[];
  scaleLabel: string | null;
  surveyName: string | null;
}

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** The phrases, in reading order; the component joins them with separators. */
export function filterWords(input: WordsInput, t: Translate, fmt: Format): string[] {
  const { filters, range, comparison, pointNames } = input;
  const words: string[] = [];
  if (pointNames.length === 0) words.push(t('filters.words.everything'));
  else if (pointNames.length <= 3) words.push(pointNames.join(', '));
  else
    words.push(
      t('filters.words.morePoints', {
        names: pointNames.slice(0, 2).join(', '),
        count: pointNames.length - 2,
      }),
    );
  const preset = t(`filters.presets.${filters.period}`);
  if (range) {
    const dates = t('filters.words.range', { first: fmt.day(range.first), last: fmt.day(range.last) });
    words.push(filters.period === 'custom' ? dates : `${preset} (${dates})`);
  } else words.push(preset);
  if (comparison)
    words.push(
      t('filters.words.versus', { first: fmt.day(comparison.first), last: fmt.day(comparison.last) }),
    );
  if (input.scaleLabel) words.push(input.scaleLabel);
  if (input.surveyName) words.push(t('filters.words.survey', { name: input.surveyName }));
  words.push(t(filters.misuse ? 'filters.words.misuseIn' : 'filters.words.misuseOut'));
  return words;
}
