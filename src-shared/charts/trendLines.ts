// Query rows made chart lines: buckets of the grain as the axis, one line per answer, the comparison's line.
import type { Measure, QueryRow, TimeGrain } from '#shared/contract.ts';

export interface Lines {
  labels: string[];
  lines: {
    name: string;
    values: (number | null)[];
    comparison?: boolean;
    /** The 95% interval per bucket, when the rows carry it. */
    low?: (number | null)[];
    high?: (number | null)[];
    /** On a comparison: the z of the change per bucket. */
    z?: (number | null)[];
  }[];
}

const capital = (m: string): string => `${m[0]?.toUpperCase()}${m.slice(1)}`;
/** A number key of a row, or null. */
const numberAt = (row: QueryRow | undefined, key: string): number | null => {
  const v: unknown = row ? Reflect.get(row, key) : undefined;
  return typeof v === 'number' ? v : null;
};
/** The interval of `measure` (or of its previous value) per label, when any row carries it. */
function intervalOf(
  rows: readonly QueryRow[],
  at: (label: string) => QueryRow | undefined,
  labels: readonly string[],
  measure: Measure,
): { low?: (number | null)[]; high?: (number | null)[] } {
  if (!rows.some((r) => `${measure}Low` in r)) return {};
  return {
    low: labels.map((l) => numberAt(at(l), `${measure}Low`)),
    high: labels.map((l) => numberAt(at(l), `${measure}High`)),
  };
}
/** The change's z per label, when the rows carry it. */
function zOf(
  rows: readonly QueryRow[],
  at: (label: string) => QueryRow | undefined,
  labels: readonly string[],
  measure: Measure,
) {
  const key = `z${capital(measure)}`;
  return rows.some((r) => key in r) ? { z: labels.map((l) => numberAt(at(l), key)) } : {};
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
    const at = (l: string) => byKey.get(l);
    return {
      name: a.name,
      values: labels.map((l) => measureOf(at(l), measure)),
      ...intervalOf(a.rows, at, labels, measure),
    };
  });
  const first = answers[0];
  if (previousName && first) {
    const byKey = new Map(first.rows.map((r) => [bucketKey(r, grain), r]));
    const at = (l: string) => byKey.get(l);
    lines.push({
      name: previousName,
      comparison: true,
      values: labels.map((l) => measureOf(at(l), measure, true)),
      ...zOf(first.rows, at, labels, measure),
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
  const now = new Map(current.map((r) => [bucketKey(r, grain), r]));
  const lines: Lines['lines'] = [
    {
      name: currentName,
      values: current.map((r) => measureOf(r, measure)),
      ...intervalOf(current, (l) => now.get(l), labels, measure),
    },
  ];
  for (const e of earlier) {
    const byKey = new Map(e.rows.map((r) => [bucketKey(r, grain), r]));
    const at = (l: string) => byKey.get(l);
    lines.push({
      name: e.name,
      comparison: true,
      values: labels.map((l) => measureOf(at(l), measure, true)),
      ...zOf(e.rows, at, labels, measure),
    });
  }
  return { labels, lines };
}
