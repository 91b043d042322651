// Query rows made chart lines: buckets of the grain as the axis, one line per answer, the comparison's line.
import type { Measure, QueryRow, TimeGrain } from '#shared/contract.ts';

export interface Lines {
  labels: string[];
  lines: { name: string; values: (number | null)[]; comparison?: boolean }[];
}

/** The row's value of a measure (`count` and `presses` are numbers, scores may be null). */
export function measureOf(row: QueryRow | undefined, measure: Measure, previous = false): number | null {
  if (!row) return null;
  const key = previous ? (`previous${measure[0]?.toUpperCase()}${measure.slice(1)}` as const) : measure;
  const v: unknown = Reflect.get(row, key);
  return typeof v === 'number' ? v : null;
}

export function bucketKey(row: QueryRow, grain: TimeGrain): string | null {
  const v = row[grain];
  return v === undefined ? null : String(v);
}

/** Lines over the union of buckets (sorted); `previousName` adds the comparison of the first answer. */
export function trendLines(
  answers: { name: string; rows: readonly QueryRow[] }[],
  grain: TimeGrain,
  measure: Measure,
  previousName: string | null,
): Lines {
  const labels = [
    ...new Set(answers.flatMap((a) => a.rows.flatMap((r) => bucketKey(r, grain) ?? []))),
  ].sort();
  const lines: Lines['lines'] = answers.map((a) => {
    const byKey = new Map(a.rows.map((r) => [bucketKey(r, grain), r]));
    return { name: a.name, values: labels.map((l) => measureOf(byKey.get(l), measure)) };
  });
  const first = answers[0];
  if (previousName && first) {
    const byKey = new Map(first.rows.map((r) => [bucketKey(r, grain), r]));
    lines.push({
      name: previousName,
      comparison: true,
      values: labels.map((l) => measureOf(byKey.get(l), measure, true)),
    });
  }
  return { labels, lines };
}

/**
 * The same selection over several periods: answer i asked with `periodsAgo` i, so each row carries the bucket i
 * periods back as its `previous…`; the axis is the current period's buckets.
 */
export function periodLines(
  current: readonly QueryRow[],
  earlier: { name: string; rows: readonly QueryRow[] }[],
  grain: TimeGrain,
  measure: Measure,
  currentName: string,
): Lines {
  const labels = current.flatMap((r) => bucketKey(r, grain) ?? []);
  const lines: Lines['lines'] = [{ name: currentName, values: current.map((r) => measureOf(r, measure)) }];
  for (const e of earlier) {
    const byKey = new Map(e.rows.map((r) => [bucketKey(r, grain), r]));
    lines.push({
      name: e.name,
      comparison: true,
      values: labels.map((l) => measureOf(byKey.get(l), measure, true)),
    });
  }
  return { labels, lines };
}
