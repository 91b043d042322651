// Digests of button-feedback rows per (experience point, local day) — the row count and two independent 32-bit sums of
// row hashes — so a re-fetched window can be compared with what is stored without writing it (rollupRecount.ts).
import type Database from 'better-sqlite3';
import { prepared } from '../statements.ts';
import { noPosition, noUi } from './feedbackBatch.ts';
import type { FeedbackBatch } from './feedbackBatch.ts';
import type { SwapSpec } from './swapSpec.ts';
import { uiOf } from './uiCode.ts';

const msPerDay = 86_400_000;
const two32 = 4_294_967_296;

/** Rows of one point on one local day: how many, and the sums (mod 2³²) of their two row hashes. */
export interface DayDigest {
  n: number;
  a: number;
  b: number;
}

/** Digests by point, then by local day (days since 1970-01-01 of the local wall clock). */
export type PointDigests = Map<number, Map<number, DayDigest>>;

// One row's two hashes are built word by word (MurmurHash3's 32-bit body and finaliser, two seeds), in these two
// variables: a row is many words, and a closure-free loop keeps the hot path free of allocations.
let ha = 0;
let hb = 0;

function mix(h: number, word: number): number {
  let k = Math.imul(word, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  h ^= Math.imul(k, 0x1b873593);
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

function word(w: number): void {
  ha = mix(ha, w);
  hb = mix(hb, w ^ 0x5bd1e995);
}

function text(s: string): void {
  word(s.length);
  for (let i = 0; i < s.length; i++) word(s.charCodeAt(i));
}

/**
 * Hashes one row, given as the stored columns (a UUID id as its 16 bytes, position and ui null when absent), and adds
 * it to the point's digest of its local day.
 */
function addRow(
  days: Map<number, DayDigest>,
  localMs: number,
  id: Uint8Array | string,
  idAt: number,
  offsetMin: number,
  survey: number,
  smiley: number,
  button: number,
  misuse: number,
  position: number | null,
  ui: string | null,
): void {
  ha = 0x9747b28c;
  hb = 0x3c6ef372;
  word(localMs >>> 0);
  word(Math.floor(localMs / two32) | 0);
  if (typeof id === 'string') {
    word(2);
    text(id);
  } else {
    word(1);
    for (let k = idAt; k < idAt + 16; k += 4)
      word((id[k] ?? 0) | ((id[k + 1] ?? 0) << 8) | ((id[k + 2] ?? 0) << 16) | ((id[k + 3] ?? 0) << 24));
  }
  word(offsetMin);
  word(survey);
  word(smiley);
  word(button);
  word(misuse);
  if (position === null) word(0);
  else {
    word(1);
    word(position);
  }
  if (ui === null) word(0);
  else {
    word(1);
    text(ui);
  }
  const day = Math.floor(localMs / msPerDay);
  const d = days.get(day);
  const a = fmix(ha);
  const b = fmix(hb);
  if (d) {
    d.n++;
    d.a = (d.a + a) >>> 0;
    d.b = (d.b + b) >>> 0;
  } else days.set(day, { n: 1, a, b });
}

function daysOf(digests: PointDigests, point: number): Map<number, DayDigest> {
  let days = digests.get(point);
  if (!days) digests.set(point, (days = new Map()));
  return days;
}

/** Adds a batch's rows inside `[fromMs, toMs)` to `digests`; points with a row outside it go to `outside`. */
function addBatch(
  digests: PointDigests,
  outside: Set<number>,
  b: FeedbackBatch,
  fromMs: number,
  toMs: number,
): void {
  let point = Number.NaN;
  let days = new Map<number, DayDigest>();
  for (let i = 0; i < b.n; i++) {
    const p = b.point[i] ?? 0;
    const t = b.localMs[i] ?? 0;
    if (t < fromMs || t >= toMs) {
      outside.add(p);
      continue;
    }
    if (p !== point) days = daysOf(digests, (point = p));
    const pos = b.position[i] ?? noPosition;
    const ui = b.ui[i] ?? noUi;
    addRow(
      days,
      t,
      b.textIds.get(i) ?? b.ids,
      i * 16,
      b.offsetMin[i] ?? 0,
      b.survey[i] ?? 0,
      b.smiley[i] ?? 0,
      b.button[i] ?? 0,
      b.misuse[i] ?? 0,
      pos === noPosition ? null : pos,
      ui === noUi ? null : (b.uiNames[ui] ?? null),
    );
  }
}

/** Reads a point's stored rows of `[fromMs, toMs)` and digests them by local day. */
function storedDigests(
  db: Database.Database,
): (point: number, fromMs: number, toMs: number) => Map<number, DayDigest> {
  const rows = prepared(
    db,
    'feedbackDigest.rows',
    `SELECT local_time, feedback_id, utc_offset_min, survey_id, smiley_id, button_index, misuse, position,
       ${uiOf('ui')} AS ui
       FROM v2_button_feedback WHERE experience_point_id = ? AND local_time >= ? AND local_time < ?`,
  ).raw(true);
  return (point, fromMs, toMs) => {
    const days = new Map<number, DayDigest>();
    for (const r of rows.all(point, fromMs, toMs) as [
      number,
      Uint8Array | string,
      number,
      number,
      number,
      number,
      number,
      number | null,
      string | null,
    ][])
      addRow(days, r[0], r[1], 0, r[2], r[3], r[4], r[5], r[6], r[7], r[8]);
    return days;
  };
}

/** True when two points' day digests hold the same rows (same days, counts and hash sums). */
function sameDays(x: Map<number, DayDigest> | undefined, y: Map<number, DayDigest> | undefined): boolean {
  if ((x?.size ?? 0) !== (y?.size ?? 0)) return false;
  for (const [day, d] of x ?? []) {
    const e = y?.get(day);
    if (!e || e.n !== d.n || e.a !== d.a || e.b !== d.b) return false;
  }
  return true;
}

/** A window being re-fetched, compared with what is stored as its batches arrive. */
export interface WindowComparison {
  add(batch: FeedbackBatch): void;
  /**
   * The points whose rows of the window differ from the stored ones (a row new, gone or changed) and the points
   * with rows outside the window. Equal digests stand for equal rows: a change escapes only if it keeps the day's
   * count and both 32-bit hash sums.
   */
  differing(): Set<number>;
}

/**
 * Starts comparing a window: the stored rows of `scopePoints` (the points with stored rows in the window) are digested
 * now, while the window is still being fetched; the writer that calls this is the only one writing the facts (the
 * sync lock), so they stay as read until the window's swap.
 */
export function createWindowComparison(
  db: Database.Database,
  scopePoints: (spec: SwapSpec) => number[],
): (spec: SwapSpec) => WindowComparison {
  const stored = storedDigests(db);
  return (spec) => {
    const before: PointDigests = new Map();
    for (const p of new Set(scopePoints(spec))) before.set(p, stored(p, spec.fromMs, spec.toMs));
    const fetched: PointDigests = new Map();
    const outside = new Set<number>();
    return {
      add: (b) => addBatch(fetched, outside, b, spec.fromMs, spec.toMs),
      differing() {
        const differing = new Set(outside);
        for (const p of new Set([...before.keys(), ...fetched.keys()]))
          if (
            !differing.has(p) &&
            !sameDays(fetched.get(p), before.get(p) ?? stored(p, spec.fromMs, spec.toMs))
          )
            differing.add(p);
        return differing;
      },
    };
  };
}
