// A page of button feedbacks read from the answer's bytes straight into columns (issue 24: on the sync's main thread,
// the page's text, JSON.parse's objects, the records made of them and their collection by V8's helper threads were
// most of the CPU of the presses' history). Only the plain shape is read here: anything else (an escape or a byte
// outside ASCII in a field it keeps, a number with a fraction or an exponent, a field missing, twice or of another
// type, JSON that does not parse) gives null, and the page goes the general way (text, JSON.parse,
// parseButtonFeedback, pageColumns), which accepts it or says what is wrong exactly as before.
import { localTimestampInto } from '../core/localTime.ts';
import { createPagePool } from '../store/repos/batchPool.ts';
import type { BatchPool, BufferSet } from '../store/repos/batchPool.ts';
import { columnsOver, noPosition, noUi, uuidBytesInto } from '../store/repos/feedbackBatch.ts';
import type { PageColumns } from '../store/repos/feedbackBatch.ts';

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const COLON = 58;
const MINUS = 45;
const DOT = 46;
const OPEN_LIST = 91;
const CLOSE_LIST = 93;
const OPEN_OBJECT = 123;
const CLOSE_OBJECT = 125;

/** The fields read, as bits (`seen`); every other field is skipped (validated as JSON only). */
const fieldNames = [
  'feedbackId',
  'smileyId',
  'localTime',
  'surveyId',
  'experiencePointId',
  'buttonIndex',
  'misuse',
  'smileyType',
  'position',
  'ui',
] as const;
const FEEDBACK_ID = 0;
const SMILEY_ID = 1;
const LOCAL_TIME = 2;
const SURVEY_ID = 3;
const EXPERIENCE_POINT_ID = 4;
const BUTTON_INDEX = 5;
const MISUSE = 6;
const SMILEY_TYPE = 7;
const POSITION = 8;
const UI = 9;
const fieldBytes = fieldNames.map((name) => Uint8Array.from(name, (c) => c.charCodeAt(0)));
/** The fields parseButtonFeedback requires (position and ui may be absent or null). */
const required = (1 << 8) - 1;

/** The page being read (one at a time: the reading is synchronous). */
const none = new Uint8Array(0);
let b: Uint8Array = none;
let p = 0;
let end = 0;

/** Thrown inside the reader when the page is not of the plain shape; caught at its top (null). */
const notPlain = new Error('not a plain page');

// The loops below keep the page and the position in locals (the module's variables live in a context V8 reloads and
// stores on every step: the plain string loop took 4× as long that way).
function ws(): void {
  const bytes = b;
  let i = p;
  while (i < end) {
    const c = bytes[i];
    if (c === 32 || c === 10 || c === 13 || c === 9) i++;
    else break;
  }
  p = i;
}

function expect(c: number): void {
  if (b[p] !== c) throw notPlain;
  p++;
}

/** After a member or an element: true when a comma says another follows, false when `close` ends the list. */
function another(close: number): boolean {
  ws();
  if (b[p] === COMMA) {
    p++;
    ws();
    return true;
  }
  expect(close);
  return false;
}

/** A string without escapes, control characters or bytes outside ASCII: its end (the closing quote's index). */
function plainString(): number {
  const bytes = b;
  let i = p;
  if (bytes[i] !== QUOTE) throw notPlain;
  i++;
  while (i < end) {
    const c = bytes[i] ?? 0;
    if (c === QUOTE) {
      p = i + 1;
      return i;
    }
    if (c === BACKSLASH || c < 32 || c > 127) break;
    i++;
  }
  throw notPlain;
}

const isHex = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);

/** Any JSON string (escapes checked, other bytes as they are: the text is decoded leniently the general way). */
function skipString(): void {
  expect(QUOTE);
  while (p < end) {
    const c = b[p++] ?? 0;
    if (c === QUOTE) return;
    if (c < 32) throw notPlain;
    if (c !== BACKSLASH) continue;
    const e = b[p++] ?? 0;
    if (e === 117) {
      for (let k = 0; k < 4; k++) if (!isHex(b[p++] ?? 0)) throw notPlain;
    } else if (!'"\\/bfnrt'.includes(String.fromCharCode(e))) throw notPlain;
  }
  throw notPlain;
}

function skipDigits(): number {
  const bytes = b;
  const start = p;
  let i = start;
  while (i < end && (bytes[i] ?? 0) >= 48 && (bytes[i] ?? 0) <= 57) i++;
  p = i;
  return i - start;
}

/** Any JSON number. */
function skipNumber(): void {
  if (b[p] === MINUS) p++;
  const first = b[p];
  const n = skipDigits();
  if (n === 0 || (first === 48 && n > 1)) throw notPlain;
  if (b[p] === DOT) {
    p++;
    if (skipDigits() === 0) throw notPlain;
  }
  if (b[p] === 101 || b[p] === 69) {
    p++;
    if (b[p] === 43 || b[p] === MINUS) p++;
    if (skipDigits() === 0) throw notPlain;
  }
}

/** `word` (true, false, null) at p: true, and p after it; false, p unmoved. */
function literal(word: Uint8Array): boolean {
  for (let k = 0; k < word.length; k++) if (b[p + k] !== word[k]) return false;
  p += word.length;
  return true;
}
const TRUE = Uint8Array.of(116, 114, 117, 101);
const FALSE = Uint8Array.of(102, 97, 108, 115, 101);
const NULL = Uint8Array.of(110, 117, 108, 108);

/** Any JSON value (a field this reader does not keep), nested at most 64 deep. */
function skipValue(depth: number): void {
  const c = b[p];
  if (c === QUOTE) return skipString();
  if (c === OPEN_LIST || c === OPEN_OBJECT) return skipNested(c === OPEN_OBJECT, depth);
  if (literal(TRUE) || literal(FALSE) || literal(NULL)) return;
  skipNumber();
}

function skipNested(object: boolean, depth: number): void {
  if (depth > 64) throw notPlain;
  p++;
  ws();
  const close = object ? CLOSE_OBJECT : CLOSE_LIST;
  if (b[p] === close) {
    p++;
    return;
  }
  for (;;) {
    if (object) {
      skipString();
      ws();
      expect(COLON);
      ws();
    }
    skipValue(depth + 1);
    if (!another(close)) return;
  }
}

/**
 * A plain JSON integer (no fraction, no exponent, at most 15 digits: a safe integer), or null for `null` when
 * `nullable`.
 */
function integer(nullable: boolean): number | null {
  if (nullable && literal(NULL)) return null;
  const bytes = b;
  let i = p;
  const negative = bytes[i] === MINUS;
  if (negative) i++;
  const start = i;
  let v = 0;
  while (i < end) {
    const c = (bytes[i] ?? 0) - 48;
    if (c < 0 || c > 9) break;
    v = v * 10 + c;
    i++;
  }
  const n = i - start;
  if (n === 0 || n > 15 || (bytes[start] === 48 && n > 1)) throw notPlain;
  const next = bytes[i];
  if (next === DOT || next === 101 || next === 69) throw notPlain; // 1.0, 1e2: the general way decides
  p = i;
  return negative ? -v : v;
}

/** Which kept field the key [start, keyEnd) names, or -1. */
function fieldOf(start: number, keyEnd: number): number {
  const length = keyEnd - start;
  for (let f = 0; f < fieldBytes.length; f++) {
    const name = fieldBytes[f] as Uint8Array;
    if (name.length !== length || name[0] !== b[start]) continue;
    let k = 1;
    while (k < length && name[k] === b[start + k]) k++;
    if (k === length) return f;
  }
  return -1;
}

/** Whether the bytes [start, stop) spell `text` (ASCII). */
function spells(text: string, start: number, stop: number): boolean {
  if (text.length !== stop - start) return false;
  for (let k = 0; k < text.length; k++) if (text.charCodeAt(k) !== b[start + k]) return false;
  return true;
}

const ascii = new TextDecoder();
const textOf = (start: number, stop: number): string => ascii.decode(b.subarray(start, stop));

/** What one page collects besides the columns. */
interface PageState {
  c: PageColumns;
  smileys: Map<number, string>;
  /** Where each kept string of the current item lies: [start, end) per field (−1: absent or null). */
  at: Int32Array;
  time: Float64Array;
}

/** One item: its fields read in place, every unexpected byte a throw to the general way. */
function item(s: PageState, row: number): void {
  expect(OPEN_OBJECT);
  ws();
  let seen = 0;
  s.c.position[row] = noPosition;
  s.at.fill(-1);
  for (;;) {
    const keyStart = p + 1;
    const field = fieldOf(keyStart, plainString());
    ws();
    expect(COLON);
    ws();
    if (field < 0) skipValue(0);
    else {
      if (seen & (1 << field)) throw notPlain; // a field twice: the general way takes the last, as JSON.parse does
      seen |= 1 << field;
      keptField(s, row, field);
    }
    if (!another(CLOSE_OBJECT)) break;
  }
  if ((seen & required) !== required) throw notPlain;
  strings(s, row);
}

/** A kept field's value: numbers into the row's columns, strings' places into `at` (read once the item is). */
function keptField(s: PageState, row: number, field: number): void {
  const { c, at } = s;
  switch (field) {
    case SMILEY_ID:
      c.smiley[row] = integer(false) ?? 0;
      return;
    case SURVEY_ID:
      c.survey[row] = integer(false) ?? 0;
      return;
    case EXPERIENCE_POINT_ID:
      c.point[row] = integer(false) ?? 0;
      return;
    case BUTTON_INDEX: {
      const button = integer(false) ?? -1;
      if (button < 0 || button > 10) throw notPlain;
      c.button[row] = button;
      return;
    }
    case POSITION:
      c.position[row] = integer(true) ?? noPosition;
      return;
    case MISUSE:
      if (literal(TRUE)) c.misuse[row] = 1;
      else if (literal(FALSE)) c.misuse[row] = 0;
      else throw notPlain;
      return;
    default: // the strings: feedbackId, localTime, smileyType, ui (which may be null)
      if (field === UI && literal(NULL)) return;
      at[2 * field] = p + 1;
      at[2 * field + 1] = plainString();
  }
}

/** The item's strings, once all its fields are read (the device's type goes with its id, wherever each came). */
function strings(s: PageState, row: number): void {
  const { c, at, time } = s;
  const smiley = c.smiley[row] ?? 0;
  const [idStart, idEnd] = [at[2 * FEEDBACK_ID] ?? 0, at[2 * FEEDBACK_ID + 1] ?? 0];
  if (!uuidBytesInto(b, idStart, idEnd, c.ids, row * 16)) {
    c.ids.fill(0, row * 16, row * 16 + 16);
    c.textIds.set(row, textOf(idStart, idEnd));
  }
  if (!localTimestampInto(b, at[2 * LOCAL_TIME] ?? 0, at[2 * LOCAL_TIME + 1] ?? 0, time)) throw notPlain;
  c.localMs[row] = time[0] ?? 0;
  c.offsetMin[row] = time[1] ?? 0;
  const [typeStart, typeEnd] = [at[2 * SMILEY_TYPE] ?? 0, at[2 * SMILEY_TYPE + 1] ?? 0];
  const known = s.smileys.get(smiley);
  if (known === undefined || !spells(known, typeStart, typeEnd))
    s.smileys.set(smiley, textOf(typeStart, typeEnd));
  c.ui[row] = uiIndex(c, at[2 * UI] ?? -1, at[2 * UI + 1] ?? -1);
}

/** The page's index of the ui value [start, stop), added when new; noUi when absent or null. */
function uiIndex(c: PageColumns, start: number, stop: number): number {
  if (start < 0) return noUi;
  for (let u = 0; u < c.uiNames.length; u++) if (spells(c.uiNames[u] ?? '', start, stop)) return u;
  if (c.uiNames.length >= noUi) throw notPlain; // the general way says there are too many
  c.uiNames.push(textOf(start, stop));
  return c.uiNames.length - 1;
}

/** A set of buffers for twice the rows of `set`, its first `rows` rows copied (the page holds more than expected). */
function grown(pool: BatchPool, set: BufferSet, rows: number): BufferSet {
  const bigger = pool.take(set.rows * 2);
  set.columns.forEach((column, k) => {
    const filled = (column.byteLength / set.rows) * rows; // a column holds the same bytes for each row of the set
    new Uint8Array(bigger.columns[k] as ArrayBuffer).set(new Uint8Array(column, 0, filled));
  });
  pool.give(set.columns);
  return bigger;
}

/**
 * The page in `bytes` (a JSON list of button feedbacks, a UTF-8 BOM allowed) as columns over a set of `pool`'s
 * buffers (`rowsHint`: the rows expected, the page's limit), or null when it is not of the plain shape (then the set
 * goes back to the pool and the caller reads the page the general way).
 */
export function pageColumnsFromBytes(
  bytes: Uint8Array,
  pool: BatchPool | null,
  rowsHint: number,
): PageColumns | null {
  const sets = pool ?? createPagePool(); // none given: new buffers, left to the GC
  b = bytes;
  end = bytes.length;
  p = b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? 3 : 0;
  let set = sets.take(Math.max(1, rowsHint));
  const state: PageState = {
    c: columnsOver(set.columns, set.rows),
    smileys: new Map(),
    at: new Int32Array(2 * fieldNames.length),
    time: new Float64Array(2),
  };
  let n = 0;
  try {
    ws();
    expect(OPEN_LIST);
    ws();
    if (b[p] === CLOSE_LIST) p++;
    else
      for (;;) {
        if (n === set.rows) {
          set = grown(sets, set, n);
          state.c = {
            ...columnsOver(set.columns, set.rows),
            uiNames: state.c.uiNames,
            textIds: state.c.textIds,
          };
        }
        item(state, n++);
        if (!another(CLOSE_LIST)) break;
      }
    ws();
    if (p !== end) throw notPlain;
  } catch (error) {
    if (error !== notPlain) throw error;
    sets.give(set.columns);
    return null;
  } finally {
    b = none; // the page's bytes are not kept here
  }
  const columns = columnsOver(set.columns, n);
  return { ...columns, uiNames: state.c.uiNames, textIds: state.c.textIds, smileys: [...state.smileys] };
}
