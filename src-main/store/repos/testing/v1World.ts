// A small v1-only store for the v1 node rollup tests: a folder tree, five surveys, presses on awkward days, summed results.
import type { V1TreeFolder } from '../../../core/records/v1.ts';
import type { V1RawResult, V1ResultBucket } from '../../../core/records/v1.ts';
import type { Store } from '../../db.ts';

const msPerDay = 86_400_000;
const dayOf = (date: string): number => Date.parse(`${date}T00:00:00Z`) / msPerDay;

/** Surveys and their folders: 1 → 2 → 21 (210, 211), 22 (220); 1 → 3 (300); 1 → 4 → 41 (410). */
export const v1Surveys: Record<number, number> = { 210: 21, 211: 21, 220: 22, 300: 3, 410: 41 };

const survey = (key: number): V1TreeFolder['surveys'][number] => ({
  key,
  question: { key: 1, name: 'How was it?', locale: 'en' },
  folder: null,
  timeZone: 'Europe/Berlin',
  activePeriods: [],
  surveyType: 'TERMINAL',
});

/** The folder tree with `folderOf` (survey → folder) and `parentOf` (folder → parent) overriding the defaults. */
export function v1Folders(
  folderOf: Record<number, number> = v1Surveys,
  parentOf: Record<number, number> = {},
): V1TreeFolder[] {
  const folders: [number, string, number | null][] = [
    [1, 'Company', null],
    [2, 'North', 1],
    [21, 'Store A', 2],
    [22, 'Store B', 2],
    [3, 'Web', 1],
    [4, 'South', 1],
    [41, 'Store C', 4],
  ];
  return folders.map(([key, name, parent]) => ({
    key,
    name,
    parentKey: parentOf[key] ?? parent,
    depth: 0,
    surveys: Object.entries(folderOf)
      .filter(([, folder]) => folder === key)
      .map(([s]) => survey(Number(s))),
  }));
}

/** Local days with presses: ordinary days, ISO week 2020-W53 across the year end, 29 February, a year end. */
const dates = [
  '2024-05-01',
  '2024-05-02',
  '2024-05-03',
  '2020-12-31',
  '2021-01-03',
  '2024-02-29',
  '2023-12-31',
];
/** Berlin's 23-hour and 25-hour days: presses at 02:xx local with either offset. */
const dst = ['2024-03-31', '2024-10-27'];

/** Deterministic presses (single and hourly-sum items) of one survey; `onlyMay`: 1–2 May only. */
export function v1Sample(n: number, seed: number, onlyMay = false): V1RawResult[] {
  let s = seed;
  const r = (k: number): number => ((s = (s * 48271) % 2147483647), s % k);
  const two = (k: number): string => String(k).padStart(2, '0');
  const time = (): string =>
    onlyMay
      ? `2024-05-0${1 + r(2)}T${two(r(24))}:${two(r(60))}:00.000+02:00`
      : r(5) === 0
        ? `${dst[r(2)]}T02:${two(r(60))}:00.000+0${1 + r(2)}:00`
        : `${dates[r(dates.length)]}T${two(r(24))}:${two(r(60))}:00.000+0${1 + r(2)}:00`;
  return Array.from({ length: n }, (): V1RawResult => {
    const ts = time();
    return r(6) === 0
      ? { kind: 'hourly', ts: ts.replace(/:\d\d:00\.000/, ':00:00.000'), counts: [r(3), r(2), 0, r(4)] }
      : { kind: 'press', ts, r: r(4), followUp: null, text: null };
  });
}

/** Summed results per local day of the sample: its presses per button, minus some (misuse) or plus one. */
export function v1Summed(items: readonly V1RawResult[], seed: number): V1ResultBucket[] {
  const days = new Map<string, number[]>();
  for (const item of items) {
    if (item.kind === 'text') continue;
    const day = item.ts.slice(0, 10);
    const counts = days.get(day) ?? [0, 0, 0, 0];
    if (item.kind === 'press') counts[item.r] = (counts[item.r] ?? 0) + 1;
    else item.counts.forEach((n, b) => (counts[b] = (counts[b] ?? 0) + n));
    days.set(day, counts);
  }
  let s = seed;
  const r = (k: number): number => ((s = (s * 48271) % 2147483647), s % k);
  return [...days].map(([day, counts]) => ({
    ts: `${day}T00:00:00.000+01:00`,
    data: counts.map((n) => Math.max(0, n - r(3) + (r(5) === 0 ? 1 : 0))),
  }));
}

/** Replaces a survey's window of local days `[from, to)` (UTC midnights ± a day: every offset fits) with `items`. */
export function v1Replace(
  store: Store,
  surveyKey: number,
  from: string,
  to: string,
  items: readonly V1RawResult[],
  summed: readonly V1ResultBucket[],
): void {
  store.v1.presses.stageRawResults(items);
  store.v1.presses.replaceWindow(
    {
      surveyKey,
      folderKey: v1Surveys[surveyKey] ?? 0,
      fromUtc: Date.parse(`${from}T00:00:00Z`) - 2 * 3_600_000,
      toUtc: Date.parse(`${to}T00:00:00Z`) - 2 * 3_600_000,
      fromDay: dayOf(from),
      toDay: dayOf(to),
    },
    summed,
    { stream: `v1:survey:${surveyKey}`, cursor: {} },
  );
}

/** The tree and every survey's presses from 2020-12-01 to 2025-01-01. */
export function fillV1World(store: Store, pressesPerSurvey = 300): void {
  store.v1.structure.replaceStructure(v1Folders(), []);
  for (const key of Object.keys(v1Surveys).map(Number)) {
    const items = v1Sample(pressesPerSurvey, key);
    v1Replace(store, key, '2020-12-01', '2025-01-01', items, v1Summed(items, key));
  }
}
