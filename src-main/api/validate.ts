// Boundary validation of service answers: typed field readers that name the endpoint, the item and the field.
import { ApiError } from './errors.ts';

/** Where a value sits in an answer, for messages: `results/button-feedbacks.json, item 17`. */
export interface Where {
  endpoint: string;
  index?: number;
}

export function invalid(where: Where, problem: string): ApiError {
  const at = where.index === undefined ? where.endpoint : `${where.endpoint}, item ${where.index}`;
  return new ApiError(
    'invalid',
    `The service sent data Feedback Desk does not understand (${at}: ${problem}). Check that the base URL points at the feedback service, or update Feedback Desk.`,
    { endpoint: where.endpoint },
  );
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a number';
  return `a ${typeof value}`;
}

export function asArray(body: unknown, where: Where): unknown[] {
  if (!Array.isArray(body)) throw invalid(where, `expected a list, got ${kindOf(body)}`);
  return body;
}

export function asObject(value: unknown, where: Where): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw invalid(where, `expected an object, got ${kindOf(value)}`);
  return value as Record<string, unknown>;
}

// The readers below take the record and the field name so a failure can say which field; extra fields are ignored.

export function reqInt(o: Record<string, unknown>, field: string, where: Where): number {
  const v = o[field];
  if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
  throw invalid(
    where,
    v === undefined
      ? `field '${field}' is missing`
      : `field '${field}' should be an integer but is ${kindOf(v)}`,
  );
}

export function optInt(o: Record<string, unknown>, field: string, where: Where): number | null {
  const v = o[field];
  if (v === undefined || v === null) return null;
  return reqInt(o, field, where);
}

export function reqString(o: Record<string, unknown>, field: string, where: Where): string {
  const v = o[field];
  if (typeof v === 'string') return v;
  throw invalid(
    where,
    v === undefined
      ? `field '${field}' is missing`
      : `field '${field}' should be a string but is ${kindOf(v)}`,
  );
}

export function optString(o: Record<string, unknown>, field: string, where: Where): string | null {
  const v = o[field];
  if (v === undefined || v === null) return null;
  return reqString(o, field, where);
}

export function reqBool(o: Record<string, unknown>, field: string, where: Where): boolean {
  const v = o[field];
  if (typeof v === 'boolean') return v;
  throw invalid(
    where,
    v === undefined
      ? `field '${field}' is missing`
      : `field '${field}' should be true or false but is ${kindOf(v)}`,
  );
}

export function reqOneOf<T extends string>(
  o: Record<string, unknown>,
  field: string,
  allowed: readonly T[],
  where: Where,
): T {
  const v = reqString(o, field, where);
  if ((allowed as readonly string[]).includes(v)) return v as T;
  throw invalid(where, `field '${field}' should be one of ${allowed.join(', ')} but is '${v.slice(0, 40)}'`);
}
