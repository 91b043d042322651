// Query-parameter parsers: an absent parameter gives undefined, an unparsable one a 400 naming it.
import { parseIsoDate } from '../world/calendar.ts';
import { badRequest } from './reply.ts';

export class Params {
  readonly search: URLSearchParams;

  constructor(search: URLSearchParams) {
    this.search = search;
  }

  raw(name: string): string | undefined {
    const v = this.search.get(name);
    return v === null ? undefined : v;
  }

  /** A whole number (int64 in the documents; the emulator's ids all fit a double exactly). */
  int(name: string, min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): number | undefined {
    const v = this.raw(name);
    if (v === undefined) return undefined;
    if (!/^-?\d{1,16}$/.test(v)) throw badRequest(`Parameter '${name}' must be an integer, not '${v}'`);
    const n = Number(v);
    if (n < min || n > max)
      throw badRequest(`Parameter '${name}' must be between ${min} and ${max}, not ${n}`);
    return n;
  }

  bool(name: string): boolean | undefined {
    const v = this.raw(name);
    if (v === undefined) return undefined;
    const lower = v.toLowerCase();
    if (lower === 'true') return true;
    if (lower === 'false') return false;
    throw badRequest(`Parameter '${name}' must be true or false, not '${v}'`);
  }

  oneOf<T extends string>(name: string, values: readonly T[]): T | undefined {
    const v = this.raw(name);
    if (v === undefined) return undefined;
    const found = values.find((x) => x === v);
    if (found === undefined)
      throw badRequest(`Parameter '${name}' must be one of ${values.join(', ')}, not '${v}'`);
    return found;
  }

  /** A local date `yyyy-MM-dd` as an epoch day. */
  date(name: string): number | undefined {
    const v = this.raw(name);
    if (v === undefined) return undefined;
    const day = parseIsoDate(v);
    if (day === undefined) throw badRequest(`Parameter '${name}' must be a date yyyy-MM-dd, not '${v}'`);
    return day;
  }

  /** A comma-separated list of whole numbers. */
  intList(name: string): number[] | undefined {
    const v = this.raw(name);
    if (v === undefined) return undefined;
    const parts = v.split(',').map((p) => p.trim());
    if (parts.some((p) => !/^-?\d{1,16}$/.test(p)))
      throw badRequest(`Parameter '${name}' must be a comma-separated list of integers, not '${v}'`);
    return parts.map(Number);
  }

  csvSeparator(): string {
    const v = this.raw('csvSeparator');
    if (v === undefined) return ',';
    if ([...v].length !== 1 || v === '"' || v === '\r' || v === '\n')
      throw badRequest(
        `Parameter 'csvSeparator' must be exactly one character (not a quote or line break), not '${v}'`,
      );
    return v;
  }

  offset(): number {
    return this.int('offset', 0) ?? 0;
  }

  limit(): number {
    return this.int('limit', 0, 10_000) ?? 1000;
  }
}
