// Building blocks of the argument checks each domain makes at the process boundary (IPC, web bridge, CLI).
// A check returns a fresh copy (no extra fields, getters or prototypes reach a handler), or says what is wrong.

/** The checked arguments, or why not (one phrase, naming the field). */
export type Parsed<T> = { ok: true; args: T } | { ok: false; message: string };

/** One argument check per command of a domain (a command map: name → `{ args; result }`). */
export type ArgParsers<C extends { [K in keyof C]: { args: unknown } }> = {
  [K in keyof C]: (value: unknown) => Parsed<C[K]['args']>;
};

export const localDatePattern = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** Generous bound on id lists: a whole tree of a large customer, not an unbounded array. */
export const maxIds = 10_000;

export const bad = (message: string): { ok: false; message: string } => ({ ok: false, message });

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export function unknownKey(value: Record<string, unknown>, allowed: readonly string[]): string | undefined {
  return Object.keys(value).find((k) => !allowed.includes(k));
}

export function parseIds(value: unknown, name: string): Parsed<number[] | undefined> {
  if (value === undefined) return { ok: true, args: undefined };
  if (!Array.isArray(value)) return bad(`${name} must be a list of ids`);
  if (value.length > maxIds) return bad(`${name} holds more than ${maxIds} ids`);
  const ids = value.filter((v): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0);
  return ids.length === value.length
    ? { ok: true, args: ids }
    : bad(`${name} must hold whole, non-negative numbers`);
}

/** One of a fixed set of strings, or why not. */
export function parseOneOf<T extends string>(
  value: unknown,
  allowed: readonly T[],
  name: string,
): Parsed<T | undefined> {
  if (value === undefined) return { ok: true, args: undefined };
  const known = allowed.find((a) => a === value);
  return known === undefined
    ? bad(`${name} must be one of ${allowed.join(', ')}`)
    : { ok: true, args: known };
}
