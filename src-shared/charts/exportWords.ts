// What an export says about its selection: the filters in words for the caption, and a meaningful file name.
import type { Comparison, FeedbackScale, FilterWords, QueryFilter } from '../contract.ts';

/** Names the words need; ids without a name are written as "#id". Names are untrusted text (kept as text). */
export interface ExportNames {
  experiencePoint(id: number): string | undefined;
  survey(id: number): string | undefined;
}

const scaleWords: Record<FeedbackScale, string> = {
  four: '4 faces',
  five: '5 faces',
  five_reversed: '5 faces (reversed)',
  nps: 'NPS 0–10',
};

/** The day before a local date yyyy-MM-dd (the last day of a range whose `to` is exclusive). */
export function dayBefore(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** "2026-10-01 to 2026-10-31" (both days included), "from …", "until …" or "all dates". */
export function periodWords(filter: Pick<QueryFilter, 'from' | 'to'>): string {
  const { from, to } = filter;
  const last = to === undefined ? undefined : dayBefore(to);
  if (from !== undefined && last !== undefined) return `${from} to ${last}`;
  if (from !== undefined) return `from ${from}`;
  if (last !== undefined) return `until ${last}`;
  return 'all dates';
}

function listNames(ids: readonly number[], name: (id: number) => string | undefined): string {
  const shown = ids.slice(0, 6).map((id) => name(id) ?? `#${id}`);
  return ids.length > shown.length
    ? `${shown.join(', ')} and ${ids.length - shown.length} more`
    : shown.join(', ');
}

/** A QuerySpec's comparison in words, as the caption's "Comparison" line says it. */
export function comparisonWords(comparison: Comparison): string {
  if (comparison.kind === 'previousPeriod') return 'previous period';
  if (comparison.kind === 'periodsAgo') return `${comparison.periods} periods ago`;
  if (comparison.kind === 'lastYear') return 'same dates last year';
  return 'same weekday last year';
}

/** The filters of a query in words, as every export's caption prints them. */
export function describeFilters(
  filter: QueryFilter,
  names: ExportNames,
  extra: { comparison?: string } = {},
): FilterWords {
  const points = filter.experiencePointIds ?? [];
  const surveys = filter.surveyIds ?? [];
  return {
    subtree: points.length === 0 ? 'the whole tree' : listNames(points, (id) => names.experiencePoint(id)),
    period: periodWords(filter),
    ...(extra.comparison !== undefined ? { comparison: extra.comparison } : {}),
    ...(filter.scale !== undefined ? { scale: scaleWords[filter.scale] } : {}),
    ...(surveys.length > 0 ? { survey: listNames(surveys, (id) => names.survey(id)) } : {}),
    misuse: filter.includeMisuse === true ? 'misuse included' : 'misuse left out',
  };
}

/** Lower-case ASCII words joined by hyphens: "Happy Index" → happy-index, "Zürich Süd" → zurich-sud. */
export function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

/**
 * `happy-index_deutschland_2026-10-01_2026-10-31.png`: what, where, the first and last day shown (the range's
 * `to` is exclusive, the name shows the last day included). Parts that are unknown are left out.
 */
export function exportFileName(
  parts: { title: string; subtree?: string; from?: string; to?: string },
  extension: string,
): string {
  const words = [
    slug(parts.title) || 'export',
    parts.subtree === undefined ? '' : slug(parts.subtree),
    parts.from ?? '',
    parts.to === undefined ? '' : dayBefore(parts.to),
  ].filter((w) => w !== '');
  return `${words.join('_')}.${extension}`;
}
