// Field readers for v1 answers: nested paths in messages (`surveys[2].question.key`), unknown properties ignored.
import { parseLocalTimestamp } from '../../core/localTime.ts';
import { invalid } from '../validate.ts';
import type { Where } from '../validate.ts';

/** Where a value sits: the endpoint, the item of a list, and the path of the object being read. */
export interface At extends Where {
  /** Prefix of field names inside the item, e.g. `survey.` or `folders[3].`; '' at the top. */
  path: string;
}

export type Obj = Record<string, unknown>;

export function at(endpoint: string, index?: number): At {
  return index === undefined ? { endpoint, path: '' } : { endpoint, index, path: '' };
}

/** The same place, one object deeper. */
export function inside(a: At, field: string): At {
  return { ...a, path: `${a.path}${field}.` };
}

export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a number';
  return `a ${typeof value}`;
}

function bad(a: At, field: string, expected: string, value: unknown): never {
  const name = `${a.path}${field}`;
  throw invalid(
    a,
    value === undefined
      ? `field '${name}' is missing`
      : `field '${name}' should be ${expected} but is ${kindOf(value)}`,
  );
}

export function object(value: unknown, a: At, what = 'an object'): Obj {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    const name = a.path.replace(/\.$/, '');
    throw invalid(a, `${name ? `field '${name}'` : 'the answer'} should be ${what} but is ${kindOf(value)}`);
  }
  return value as Obj;
}

export function objectField(o: Obj, field: string, a: At): Obj {
  if (o[field] === undefined) bad(a, field, 'an object', undefined);
  return object(o[field], inside(a, field));
}

export function int(o: Obj, field: string, a: At): number {
  const v = o[field];
  if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
  return bad(a, field, 'an integer', v);
}

export function optIntField(o: Obj, field: string, a: At): number | null {
  return o[field] === undefined || o[field] === null ? null : int(o, field, a);
}

/** An integer in [min, max]. */
export function intIn(o: Obj, field: string, min: number, max: number, a: At): number {
  const v = int(o, field, a);
  if (v < min || v > max) throw invalid(a, `field '${a.path}${field}' should be ${min}..${max} but is ${v}`);
  return v;
}

export function num(o: Obj, field: string, a: At): number {
  const v = o[field];
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  return bad(a, field, 'a number', v);
}

export function optNum(o: Obj, field: string, a: At): number | null {
  return o[field] === undefined || o[field] === null ? null : num(o, field, a);
}

export function str(o: Obj, field: string, a: At): string {
  const v = o[field];
  if (typeof v === 'string') return v;
  return bad(a, field, 'a string', v);
}

export function optBool(o: Obj, field: string, a: At): boolean | null {
  const v = o[field];
  if (v === undefined || v === null) return null;
  if (typeof v === 'boolean') return v;
  return bad(a, field, 'true or false', v);
}

export function oneOf<T extends string>(o: Obj, field: string, allowed: readonly T[], a: At): T {
  const v = str(o, field, a);
  if ((allowed as readonly string[]).includes(v)) return v as T;
  throw invalid(
    a,
    `field '${a.path}${field}' should be one of ${allowed.join(', ')} but is '${v.slice(0, 40)}'`,
  );
}

/** A timestamp with a zone (`…+02:00`, `…+0200`, `…Z`), kept as the service wrote it. */
export function timestamp(o: Obj, field: string, a: At): string {
  const v = str(o, field, a);
  if (parseLocalTimestamp(v) === null)
    throw invalid(
      a,
      `field '${a.path}${field}' should be a timestamp like 2024-03-31T09:15:00.000+02:00 but is '${v.slice(0, 40)}'`,
    );
  return v;
}

export function optTimestamp(o: Obj, field: string, a: At): string | null {
  return o[field] === undefined || o[field] === null ? null : timestamp(o, field, a);
}

export function array(o: Obj, field: string, a: At): unknown[] {
  const v = o[field];
  if (Array.isArray(v)) return v;
  return bad(a, field, 'a list', v);
}

/** An optional list: absent (or null) is null. */
export function optArray(o: Obj, field: string, a: At): unknown[] | null {
  return o[field] === undefined || o[field] === null ? null : array(o, field, a);
}

/** Counts per button index 0..3 (v1 knows four buttons; a device may report fewer). */
export function counts(o: Obj, field: string, a: At): number[] {
  const list = array(o, field, a);
  if (list.length === 0 || list.length > 4)
    throw invalid(a, `field '${a.path}${field}' should hold 1 to 4 counts but holds ${list.length}`);
  return list.map((v, i) => {
    if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return v;
    throw invalid(
      a,
      `field '${a.path}${field}[${i}]' should be a count (an integer >= 0) but is ${typeof v === 'number' ? v : kindOf(v)}`,
    );
  });
}

export function numbers(o: Obj, field: string, a: At): number[] {
  return array(o, field, a).map((v, i) => {
    if (typeof v === 'number' && Number.isFinite(v)) return v;
    throw invalid(a, `field '${a.path}${field}[${i}]' should be a number but is ${kindOf(v)}`);
  });
}
