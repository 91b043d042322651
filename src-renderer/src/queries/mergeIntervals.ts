// The 95% intervals of rows asked once per feedback scale (five and five_reversed), made one: exact pooling.
import type { QueryRow } from '#shared/contract.ts';
import {
  changeZ,
  pooledEstimate,
  seOfInterval,
  shareEstimate,
  type Estimate,
} from '#shared/metrics/intervals.ts';

const means = ['happyIndex', 'nps', 'average'] as const;
type Scored = (typeof means)[number] | 'share';
const cap = (m: string): string => `${m[0]?.toUpperCase()}${m.slice(1)}`;
const read = (r: QueryRow, key: string): number | null => {
  const v: unknown = Reflect.get(r, key);
  return typeof v === 'number' ? v : null;
};

/** One part's estimate of a mean measure from its row: value, SE from the interval's half-width, presses. */
function part(r: QueryRow, m: string, previous: boolean): { value: number; se: number; n: number } | null {
  const prefix = previous ? `previous${cap(m)}` : m;
  const value = read(r, prefix);
  const low = read(r, `${prefix}Low`);
  const high = read(r, `${prefix}High`);
  const n = read(r, previous ? 'previousPresses' : 'presses');
  return value === null || low === null || high === null || n === null || n <= 0
    ? null
    : { value, se: seOfInterval(low, high), n };
}

function pooled(rows: readonly QueryRow[], m: Scored, previous: boolean): Estimate | null {
  if (m === 'share') {
    const count = rows.reduce((s, r) => s + (read(r, previous ? 'previousCount' : 'count') ?? 0), 0);
    const presses = rows.reduce((s, r) => s + (read(r, previous ? 'previousPresses' : 'presses') ?? 0), 0);
    return shareEstimate(count, presses);
  }
  return pooledEstimate(rows.flatMap((r) => part(r, m, previous) ?? []));
}

/**
 * Writes the merged rows' `<m>Low`/`High` (and `previous…`, `z…`) where the parts carried them. A mean's parts are
 * pooled exactly (intervals.ts pooledEstimate: the SE comes back from each symmetric interval); a share is Wilson's
 * interval of the added count over the added presses (so a share asked with an interval must be asked with presses).
 */
export function mergeIntervals(rows: readonly QueryRow[], out: QueryRow): void {
  const target = out as Record<string, number | null>;
  for (const m of [...means, 'share'] as const) {
    if (!rows.some((r) => `${m}Low` in r)) continue;
    const now = pooled(rows, m, false);
    target[`${m}Low`] = now?.low ?? null;
    target[`${m}High`] = now?.high ?? null;
    if (!rows.some((r) => `previous${cap(m)}Low` in r)) continue;
    const before = pooled(rows, m, true);
    target[`previous${cap(m)}Low`] = before?.low ?? null;
    target[`previous${cap(m)}High`] = before?.high ?? null;
    target[`z${cap(m)}`] = changeZ(now, before);
  }
}
