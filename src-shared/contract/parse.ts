// What an argument check answers at the process boundary (IPC, web bridge, CLI), and the few plain tests the
// schemas of schema.ts build on. A check returns a fresh copy (no extra fields, getters or prototypes reach a
// handler), or says what is wrong.

/** The checked arguments, or why not (one phrase, naming the field). */
export type Parsed<T> = { ok: true; args: T } | { ok: false; message: string };

/** One argument check per command of a domain (a command map: name → `{ args; result }`). */
export type ArgParsers<C extends { [K in keyof C]: { args: unknown } }> = {
  [K in keyof C]: (value: unknown) => Parsed<C[K]['args']>;
};

export const localDatePattern = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** Generous bound on id lists: a whole tree of a large customer, not an unbounded array. */
export const maxIds = 10_000;

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export function unknownKey(value: Record<string, unknown>, allowed: readonly string[]): string | undefined {
  return Object.keys(value).find((k) => !allowed.includes(k));
}
