// Valibot building blocks of the argument checks: one declaration per command gives both its check and its type
// (`v.InferOutput`). Each block says in the contract's own words what is wrong; the first problem found wins.
// Valibot compiles nothing at run time (no eval, no new Function), so it runs under the renderer's CSP and in the
// sandboxed preload.
import * as v from 'valibot';
import { isPlainObject, localDatePattern, maxIds, unknownKey, type Parsed } from './parse.ts';

/** A check of some value: unknown in, `T` out. */
export type Schema<T> = v.GenericSchema<unknown, T>;

/** A command's argument check as the contract runs it: the checked copy, or the first problem in one phrase. */
export function parserOf<T>(schema: Schema<T>): (value: unknown) => Parsed<T> {
  return (value) => {
    const result = v.safeParse(schema, value, { abortEarly: true });
    if (result.success) return { ok: true, args: result.output };
    return { ok: false, message: result.issues[0]?.message ?? 'arguments are not valid' };
  };
}

/** The object's fields without those that are undefined (an absent field stays absent in the copy). */
function defined<T extends object>(value: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) if (field !== undefined) out[key] = field;
  return out as T;
}

/** What a field that must be given says when it is absent: its own check's words for `undefined`. */
function missing(entries: v.ObjectEntries, key: unknown): string {
  const entry = typeof key === 'string' ? entries[key] : undefined;
  if (entry === undefined) return 'arguments are not valid';
  const result = v.safeParse(entry, undefined, { abortEarly: true });
  return result.issues?.[0]?.message ?? `${key} is required`;
}

/** A plain object with only `entries`' fields: `notObject` when it is none, `unexpected(key)` for a foreign field. */
export function fields<const E extends v.ObjectEntries>(
  entries: E,
  notObject: string,
  unexpected: (key: string) => string,
) {
  const keys = Object.keys(entries);
  return v.pipe(
    v.custom<Record<string, unknown>>(isPlainObject, notObject),
    v.check(
      (input) => unknownKey(input, keys) === undefined,
      (issue) => unexpected(unknownKey(issue.input, keys) ?? ''),
    ),
    v.object(entries, (issue) => missing(entries, issue.path?.at(-1)?.key)),
    v.transform(defined),
  );
}

/** An object whose other fields are ignored (left out of the copy); a field that must be given says so itself. */
export function loose<const E extends v.ObjectEntries>(entries: E) {
  return v.object(entries, (issue) => missing(entries, issue.path?.at(-1)?.key));
}

/** A list whose elements are checked by `at(index)` (for checks that name the element: `charts[2].title`). */
export function eachOf<T>(at: (index: number) => Schema<T>) {
  return v.rawTransform<unknown[], T[]>(({ dataset, addIssue, NEVER }) => {
    const out: T[] = [];
    for (const [index, element] of dataset.value.entries()) {
      const result = v.safeParse(at(index), element, { abortEarly: true });
      if (!result.success) {
        addIssue({ message: result.issues[0]?.message ?? `element ${index} is not valid` });
        return NEVER;
      }
      out.push(result.output);
    }
    return out;
  });
}

/** A value checked by a parser of the contract, its message after `prefix` (`source.spec: …`). */
export function checkedBy<T>(parse: (value: unknown) => Parsed<T>, prefix: string) {
  return v.pipe(
    v.unknown(),
    v.rawTransform<unknown, T>(({ dataset, addIssue, NEVER }) => {
      const result = parse(dataset.value);
      if (result.ok) return result.args;
      addIssue({ message: `${prefix}${result.message}` });
      return NEVER;
    }),
  );
}

/** A command's arguments: an object with these fields and no other. */
export function args<const E extends v.ObjectEntries>(entries: E) {
  return fields(entries, 'arguments must be an object', (key) => `unexpected argument '${key}'`);
}

/** A command's arguments when each field is optional: absent arguments are `{}`. */
export function optionalArgs<const E extends v.ObjectEntries>(entries: E) {
  return v.optional(args(entries), {});
}

/** No arguments: absent or `{}`. */
export const noArgs: Schema<Record<string, never>> = optionalArgs({});

/** A nested object (`filter`, `comparison`) with these fields and no other. */
export function objectOf<const E extends v.ObjectEntries>(name: string, entries: E) {
  return fields(entries, `${name} must be an object`, (key) => `unexpected ${name} field '${key}'`);
}

/** A list of ids (whole, non-negative), at most `maxIds`; absent: undefined. */
export function ids(name: string) {
  const element = `${name} must hold whole, non-negative numbers`;
  return v.optional(
    v.pipe(
      v.array(
        v.pipe(v.number(element), v.safeInteger(element), v.minValue(0, element)),
        `${name} must be a list of ids`,
      ),
      v.maxLength(maxIds, `${name} holds more than ${maxIds} ids`),
    ),
  );
}

/** A local date `yyyy-MM-dd`; absent: undefined. */
export function localDate(name: string) {
  const message = `${name} must be a date yyyy-MM-dd`;
  return v.optional(v.pipe(v.string(message), v.regex(localDatePattern, message)));
}

/** A local date `yyyy-MM-dd` that must be given (`missing` says so). */
export function requiredDate(name: string, missing: string) {
  const message = `${name} must be a date yyyy-MM-dd`;
  return v.pipe(
    v.unknown(),
    v.check((input) => input !== undefined, missing),
    v.string(message),
    v.regex(localDatePattern, message),
  );
}

/** true or false; absent: undefined. */
export function bool(name: string) {
  return v.optional(v.boolean(`${name} must be true or false`));
}

/** A whole number in [min, max]; absent: undefined. */
export function whole(name: string, min: number, max: number) {
  const message = `${name} must be a whole number from ${min} to ${max}`;
  return v.optional(
    v.pipe(v.number(message), v.safeInteger(message), v.minValue(min, message), v.maxValue(max, message)),
  );
}

/** A number in [min, max]; absent: undefined. */
export function num(name: string, min: number, max: number) {
  const message = `${name} must be a number from ${min} to ${max}`;
  return v.optional(
    v.pipe(v.number(message), v.finite(message), v.minValue(min, message), v.maxValue(max, message)),
  );
}

/** One of a fixed set of strings; absent: undefined. */
export function oneOf<const T extends string>(allowed: readonly T[], name: string) {
  return v.optional(v.picklist(allowed, `${name} must be one of ${allowed.join(', ')}`));
}

/** One of a fixed set of strings, which must be given. */
export function oneOfRequired<const T extends string>(allowed: readonly T[], name: string) {
  return v.picklist(allowed, `${name} must be one of ${allowed.join(', ')}`);
}

/** Labels (categories, themes, languages): at most 200, each 1..200 characters; absent: undefined. */
export function labels(name: string) {
  const list = `${name} must be a list of at most 200 labels`;
  const text = `${name} must hold non-empty texts`;
  return v.optional(
    v.pipe(
      v.array(v.pipe(v.string(text), v.minLength(1, text), v.maxLength(200, text)), list),
      v.maxLength(200, list),
    ),
  );
}

/** An opaque paging cursor as a previous answer gave it (at most 200 characters); absent or null: undefined. */
export function cursor(name = 'cursor') {
  const message = `${name} must be the cursor of a previous answer`;
  return v.pipe(
    v.nullish(v.pipe(v.string(message), v.minLength(1, message), v.maxLength(200, message))),
    v.transform((value) => value ?? undefined),
  );
}

/** `from` before `to` when both are given (the filter's local dates, `from` inclusive, `to` exclusive). */
export function fromBeforeTo<T extends { from?: string; to?: string }>(prefix: string) {
  return v.check<T, string>(
    (input) => input.from === undefined || input.to === undefined || input.from < input.to,
    `${prefix}from must be before ${prefix}to`,
  );
}

/** The check of a command that takes no arguments. */
export const parseNoArgs = parserOf(noArgs);
