// Button feedbacks as columns (typed arrays, transferable to a writer thread), grouped by experience point; their
// hourly rollup buckets, counted by the writer as it appends them.
import { localHourKey, parseLocalTimestamp } from '../../core/localTime.ts';
import type { ButtonFeedbackV2 } from '../../core/records/v2Feedback.ts';
import type { BatchPool } from './batchPool.ts';

/** `position` absent. */
export const noPosition = -2147483648;
/** `ui` absent. */
export const noUi = 255;
/** Numbers per hourly bucket (`hourlyBuckets`): point, local hour, survey, misuse, n0..n10. */
export const bucketWidth = 15;

/** Several pages' rows as columns, grouped by experience point (time order kept within a point). */
export type FeedbackBatch = PageColumns;

/** The transferable buffers of a batch (for postMessage): its columns' (pageBuffers order). */
export function batchBuffers(b: FeedbackBatch): ArrayBuffer[] {
  return pageBuffers(b);
}

const hex = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i++) {
  hex['0123456789abcdef'.charCodeAt(i)] = i;
  hex['0123456789ABCDEF'.charCodeAt(i)] = i;
}

/**
 * Writes the 16 bytes of the UUID written in [start, end) of `b` (ASCII: 36 characters, dashes at 8, 13, 18 and 23)
 * at `at` of `out`; false (nothing trustworthy written) when the text is not a UUID.
 */
export function uuidBytesInto(
  b: Uint8Array,
  start: number,
  end: number,
  out: Uint8Array,
  at: number,
): boolean {
  if (end - start !== 36) return false;
  let k = at;
  for (let i = start; i < end;) {
    const offset = i - start;
    if (offset === 8 || offset === 13 || offset === 18 || offset === 23) {
      if (b[i] !== 45) return false;
      i++;
      continue;
    }
    const high = hex[b[i] ?? 0] ?? -1;
    const low = hex[b[i + 1] ?? 0] ?? -1;
    if (high < 0 || low < 0) return false;
    out[k++] = (high << 4) | low;
    i += 2;
  }
  return true;
}

const idBytes = new Uint8Array(36);

/** Writes a UUID's 16 bytes at `at`; false (nothing trustworthy written) when the text is not a UUID. */
export function uuidInto(id: string, out: Uint8Array, at: number): boolean {
  if (id.length !== 36) return false;
  for (let i = 0; i < 36; i++) {
    const c = id.charCodeAt(i);
    if (c > 127) return false; // a UUID is ASCII
    idBytes[i] = c;
  }
  return uuidBytesInto(idBytes, 0, 36, out, at);
}

/** Columns for `n` rows, all zero. */
export function emptyColumns(n: number): PageColumns {
  return {
    n,
    point: new Int32Array(n),
    localMs: new Float64Array(n),
    offsetMin: new Int16Array(n),
    survey: new Int32Array(n),
    smiley: new Int32Array(n),
    button: new Uint8Array(n),
    misuse: new Uint8Array(n),
    position: new Int32Array(n),
    ui: new Uint8Array(n),
    uiNames: [],
    ids: new Uint8Array(n * 16),
    textIds: new Map(),
    smileys: [],
  };
}

/** Columns for `n` rows over a set of buffers (`pageBuffers` order, each large enough), with no ui names, devices or text ids yet. */
export function columnsOver(buffers: readonly ArrayBuffer[], n: number): PageColumns {
  const [point, localMs, offsetMin, survey, smiley, button, misuse, position, ui, ids] =
    buffers as ArrayBuffer[];
  return {
    n,
    ...{
      point: new Int32Array(point as ArrayBuffer, 0, n),
      localMs: new Float64Array(localMs as ArrayBuffer, 0, n),
    },
    ...{
      offsetMin: new Int16Array(offsetMin as ArrayBuffer, 0, n),
      survey: new Int32Array(survey as ArrayBuffer, 0, n),
    },
    ...{
      smiley: new Int32Array(smiley as ArrayBuffer, 0, n),
      button: new Uint8Array(button as ArrayBuffer, 0, n),
    },
    ...{
      misuse: new Uint8Array(misuse as ArrayBuffer, 0, n),
      position: new Int32Array(position as ArrayBuffer, 0, n),
    },
    ...{ ui: new Uint8Array(ui as ArrayBuffer, 0, n), ids: new Uint8Array(ids as ArrayBuffer, 0, n * 16) },
    ...{ uiNames: [], textIds: new Map(), smileys: [] },
  };
}

/** One page's rows as columns (made as soon as the page arrives, so its objects die young; transferable). */
export interface PageColumns {
  n: number;
  point: Int32Array;
  /** Local wall-clock ms (see localTime.ts). */
  localMs: Float64Array;
  offsetMin: Int16Array;
  survey: Int32Array;
  smiley: Int32Array;
  button: Uint8Array;
  misuse: Uint8Array;
  position: Int32Array;
  /** Index into this page's `uiNames`, or noUi. */
  ui: Uint8Array;
  uiNames: string[];
  /** 16 bytes per row: the UUID's bytes (rows in `textIds` leave theirs zero). */
  ids: Uint8Array;
  /** Rows whose feedbackId is not a UUID, stored as text: row → id. */
  textIds: Map<number, string>;
  /** Distinct devices seen: [smileyId, smileyType]. */
  smileys: [number, string][];
}

/** The transferable buffers of a page (for postMessage). */
export function pageBuffers(c: PageColumns): ArrayBuffer[] {
  return [
    c.point,
    c.localMs,
    c.offsetMin,
    c.survey,
    c.smiley,
    c.button,
    c.misuse,
    c.position,
    c.ui,
    c.ids,
  ].map((a) => a.buffer as ArrayBuffer);
}

/** A page of validated records as columns (over a set of buffers from `pool`, when given: see createPagePool). */
export function pageColumns(items: readonly ButtonFeedbackV2[], pool: BatchPool | null = null): PageColumns {
  const n = items.length;
  const c = pool && n > 0 ? columnsOver(pool.take(n).columns, n) : emptyColumns(n);
  const uiIndex = new Map<string, number>();
  const smileys = new Map<number, string>();
  for (let i = 0; i < n; i++) {
    const f = items[i] as ButtonFeedbackV2;
    const t = parseLocalTimestamp(f.localTime);
    if (!t) throw new Error(`unreadable localTime '${f.localTime}' reached the store`); // the client validates first
    c.point[i] = f.experiencePointId;
    c.localMs[i] = t.localMs;
    c.offsetMin[i] = t.offsetMinutes;
    c.survey[i] = f.surveyId;
    c.smiley[i] = f.smileyId;
    c.button[i] = f.buttonIndex;
    c.misuse[i] = f.misuse ? 1 : 0;
    c.position[i] = f.position ?? noPosition;
    if (f.ui === null) c.ui[i] = noUi;
    else {
      let u = uiIndex.get(f.ui);
      if (u === undefined) {
        if (uiIndex.size >= noUi) throw new Error('more than 254 distinct ui values in one page');
        u = uiIndex.size;
        uiIndex.set(f.ui, u);
        c.uiNames.push(f.ui);
      }
      c.ui[i] = u;
    }
    if (!uuidInto(f.feedbackId, c.ids, i * 16)) {
      c.ids.fill(0, i * 16, i * 16 + 16);
      c.textIds.set(i, f.feedbackId);
    }
    if (smileys.get(f.smileyId) !== f.smileyType) smileys.set(f.smileyId, f.smileyType);
  }
  c.smileys = [...smileys];
  return c;
}

/**
 * The hourly buckets of the batch's rows (of the rows `only` marks, when given). Rows must be grouped by point. With
 * `into` (the writer's buffer, kept from batch to batch), they are counted in it (or, when it fills, in a larger copy
 * of it) and returned as a view of its first buckets; without it, in a new array of their size.
 */
export function hourlyBuckets(
  b: FeedbackBatch,
  only: Uint8Array | null,
  into: ArrayBuffer | null = null,
): Int32Array {
  // At most one bucket per row, usually a few rows a bucket: a typed array (off the JS heap, no boxed numbers; every
  // number of a bucket is a 32-bit integer) that starts at a quarter of the rows and doubles when full, so a big
  // batch does not reserve 60 B a row for a while.
  const start = Math.max(16, Math.ceil(b.n / 4)) * bucketWidth;
  let out = into && into.byteLength >= 64 * bucketWidth ? new Int32Array(into) : new Int32Array(start);
  let used = 0;
  const surveySlot = new Map<number, number>();
  // Within one point's run of rows: (local hour, survey slot, misuse) as one safe integer → bucket offset in `out`.
  let run = new Map<number, number>();
  let runPoint = Number.NaN;
  for (let i = 0; i < b.n; i++) {
    if (only && only[i] === 0) continue;
    const point = b.point[i] ?? 0;
    if (point !== runPoint) {
      run = new Map();
      runPoint = point;
    }
    const hour = localHourKey(b.localMs[i] ?? 0);
    const survey = b.survey[i] ?? 0;
    const misuse = b.misuse[i] ?? 0;
    let slot = surveySlot.get(survey);
    if (slot === undefined) surveySlot.set(survey, (slot = surveySlot.size));
    const key = (hour * 2097152 + slot) * 2 + misuse;
    let at = run.get(key);
    if (at === undefined) {
      if (used === out.length) {
        const grown = new Int32Array(Math.min(out.length * 2, b.n * bucketWidth));
        grown.set(out);
        out = grown;
      }
      at = used;
      used += bucketWidth;
      run.set(key, at);
      out[at] = point;
      out[at + 1] = hour;
      out[at + 2] = survey;
      out[at + 3] = misuse;
      out.fill(0, at + 4, at + bucketWidth); // a pooled buffer holds an earlier batch's counts
    }
    const k = at + 4 + (b.button[i] ?? 0);
    out[k] = (out[k] ?? 0) + 1;
  }
  return into ? out.subarray(0, used) : out.slice(0, used);
}

/** The rows of a batch that `keep` marks, as a batch of their own (same order). */
export function selectRows(b: FeedbackBatch, keep: (row: number) => boolean): FeedbackBatch {
  const rows: number[] = [];
  for (let i = 0; i < b.n; i++) if (keep(i)) rows.push(i);
  const n = rows.length;
  const out: FeedbackBatch = {
    ...emptyColumns(n),
    uiNames: b.uiNames,
    smileys: b.smileys,
  };
  rows.forEach((i, j) => copyRow(b, i, out, j, b.ui[i] ?? noUi));
  return out;
}

/** Copies row `i` of `from` to row `j` of `to`, with `ui` already mapped to `to`'s ui names. */
export function copyRow(from: PageColumns, i: number, to: PageColumns, j: number, ui: number): void {
  to.point[j] = from.point[i] ?? 0;
  to.localMs[j] = from.localMs[i] ?? 0;
  to.offsetMin[j] = from.offsetMin[i] ?? 0;
  to.survey[j] = from.survey[i] ?? 0;
  to.smiley[j] = from.smiley[i] ?? 0;
  to.button[j] = from.button[i] ?? 0;
  to.misuse[j] = from.misuse[i] ?? 0;
  to.position[j] = from.position[i] ?? noPosition;
  to.ui[j] = ui;
  to.ids.set(from.ids.subarray(i * 16, i * 16 + 16), j * 16);
  const text = from.textIds.get(i);
  if (text !== undefined) to.textIds.set(j, text);
}
