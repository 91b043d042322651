// Field readers the v2 resource parsers need beyond validate.ts: timestamps, numbers, arrays of strings or ints.
import { parseLocalTimestamp } from '../../core/localTime.ts';
import { invalid, reqString } from '../validate.ts';
import type { Where } from '../validate.ts';

/** A `yyyy-MM-ddTHH:mm:ss.SSS±HH:MM` timestamp (the form every v2 `ts` field has), kept as sent. */
export function reqTimestamp(o: Record<string, unknown>, field: string, where: Where): string {
  const text = reqString(o, field, where);
  if (parseLocalTimestamp(text) === null)
    throw invalid(
      where,
      `field '${field}' should be a timestamp like 2024-03-31T09:15:00.000+02:00 but is '${text.slice(0, 40)}'`,
    );
  return text;
}

export function optTimestamp(o: Record<string, unknown>, field: string, where: Where): string | null {
  const v = o[field];
  return v === undefined || v === null ? null : reqTimestamp(o, field, where);
}

/** Any finite JSON number (the contact `phoneNumber` is documented as a number, not an integer). */
export function optNumber(o: Record<string, unknown>, field: string, where: Where): number | null {
  const v = o[field];
  if (v === undefined || v === null) return null;
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  throw invalid(
    where,
    `field '${field}' should be a number but is ${typeof v === 'string' ? 'a string' : kind(v)}`,
  );
}

export function reqStringArray(o: Record<string, unknown>, field: string, where: Where): string[] {
  const v = o[field];
  if (!Array.isArray(v))
    throw invalid(
      where,
      v === undefined ? `field '${field}' is missing` : `field '${field}' should be a list but is ${kind(v)}`,
    );
  v.forEach((x, i) => {
    if (typeof x !== 'string')
      throw invalid(where, `field '${field}' item ${i} should be a string but is ${kind(x)}`);
  });
  return v as string[];
}

export function reqIntArray(o: Record<string, unknown>, field: string, where: Where): number[] {
  const v = o[field];
  if (!Array.isArray(v))
    throw invalid(
      where,
      v === undefined ? `field '${field}' is missing` : `field '${field}' should be a list but is ${kind(v)}`,
    );
  v.forEach((x, i) => {
    if (typeof x !== 'number' || !Number.isSafeInteger(x))
      throw invalid(where, `field '${field}' item ${i} should be an integer but is ${kind(x)}`);
  });
  return v as number[];
}

function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a number';
  return `a ${typeof value}`;
}
