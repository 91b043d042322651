// Reading untrusted JSON: typed accessors that name the path of whatever is missing or wrong.

export class FixtureError extends Error {
  override name = 'FixtureError';
}

export function asObject(v: unknown, path: string): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new FixtureError(`${path} must be an object`);
  return Object.fromEntries(Object.entries(v));
}

export function asArray(v: unknown, path: string): unknown[] {
  if (!Array.isArray(v)) throw new FixtureError(`${path} must be an array`);
  return v.map((x: unknown) => x);
}

export function num(o: Record<string, unknown>, key: string, path: string, fallback?: number): number {
  const v = o[key];
  if (v === undefined && fallback !== undefined) return fallback;
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new FixtureError(`${path}.${key} must be a number`);
  return v;
}

export function str(o: Record<string, unknown>, key: string, path: string, fallback?: string): string {
  const v = o[key];
  if (v === undefined && fallback !== undefined) return fallback;
  if (typeof v !== 'string') throw new FixtureError(`${path}.${key} must be a string`);
  return v;
}

export function bool(o: Record<string, unknown>, key: string, path: string, fallback?: boolean): boolean {
  const v = o[key];
  if (v === undefined && fallback !== undefined) return fallback;
  if (typeof v !== 'boolean') throw new FixtureError(`${path}.${key} must be true or false`);
  return v;
}

export function oneOf<T extends string>(
  o: Record<string, unknown>,
  key: string,
  values: readonly T[],
  path: string,
  fallback?: T,
): T {
  const v = o[key];
  if (v === undefined && fallback !== undefined) return fallback;
  const found = values.find((x) => x === v);
  if (found === undefined) throw new FixtureError(`${path}.${key} must be one of ${values.join(', ')}`);
  return found;
}

export function numbers(o: Record<string, unknown>, key: string, path: string): number[] {
  return asArray(o[key], `${path}.${key}`).map((v, i) => {
    if (typeof v !== 'number' || !Number.isFinite(v))
      throw new FixtureError(`${path}.${key}[${i}] must be a number`);
    return v;
  });
}

/** A timestamp given as epoch ms or as an ISO 8601 string with a zone. */
export function instant(v: unknown, path: string): number {
  const t = typeof v === 'number' ? v : typeof v === 'string' ? Date.parse(v) : NaN;
  if (!Number.isFinite(t)) throw new FixtureError(`${path} must be epoch milliseconds or an ISO timestamp`);
  return t;
}

export function localizations(v: unknown, path: string): { locale: string; text: string }[] {
  return asArray(v, path).map((x, i) => {
    const o = asObject(x, `${path}[${i}]`);
    return { locale: str(o, 'locale', `${path}[${i}]`), text: str(o, 'text', `${path}[${i}]`) };
  });
}
