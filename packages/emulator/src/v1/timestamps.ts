// v1 timestamps: the input forms (±HHmm, ±HH:MM, Z; local without zone), local calendar steps, fast output.
import type { Params } from '../http/params.ts';
import { badRequest } from '../http/reply.ts';
import {
  DAY_MS,
  HOUR_MS,
  MINUTE_MS,
  civilFromDays,
  daysFromCivil,
  daysInMonth,
  formatDay,
  formatOffset,
} from '../world/calendar.ts';
import type { ZoneClock } from '../world/timeZones.ts';

const WALL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?/;
const ZONE = /^(?:Z|([+-])(\d{2}):?(\d{2}))$/;

/** Wall-clock ms since the local epoch of the leading `yyyy-MM-ddTHH:mm:ss[.SSS]`, and where it ends. */
function wallClock(text: string): { ms: number; rest: string } | undefined {
  const m = WALL.exec(text);
  if (!m) return undefined;
  const [year, month, day, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (h > 23 || mi > 59 || s > 59) return undefined;
  const frac = m[7] ?? '';
  const ms = frac === '' ? 0 : Number(frac.padEnd(3, '0'));
  return {
    ms: daysFromCivil(year, month, day) * DAY_MS + h * HOUR_MS + mi * MINUTE_MS + s * 1000 + ms,
    rest: text.slice(m[0].length),
  };
}

/** `yyyy-MM-ddTHH:mm:ss[.SSS]` plus `Z`, `±HHmm` or `±HH:MM` → UTC ms; undefined when malformed. */
export function parseTimestamp(text: string): number | undefined {
  const wall = wallClock(text);
  if (!wall) return undefined;
  const z = ZONE.exec(wall.rest);
  if (!z) return undefined;
  if (!z[1]) return wall.ms;
  const hours = Number(z[2]);
  const minutes = Number(z[3]);
  if (hours > 18 || minutes > 59) return undefined;
  const offset = (hours * 60 + minutes) * (z[1] === '-' ? -1 : 1);
  return wall.ms - offset * MINUTE_MS;
}

/** A local timestamp without zone → wall-clock ms since the local epoch; undefined when malformed. */
export function parseLocalTimestamp(text: string): number | undefined {
  const wall = wallClock(text);
  return wall && wall.rest === '' ? wall.ms : undefined;
}

/** A timestamp query parameter (UTC ms); 400 naming it when unparsable. */
export function timestampParam(params: Params, name: string): number | undefined {
  const v = params.raw(name);
  if (v === undefined) return undefined;
  const t = parseTimestamp(v);
  if (t === undefined)
    throw badRequest(
      `Parameter '${name}' must be a timestamp yyyy-MM-ddTHH:mm:ss.SSS with a zone Z, ±HHmm or ±HH:MM, not '${v}'` +
        (/ \d{2}:?\d{2}$/.test(v) ? " (a '+' in a query string must be sent as %2B)" : ''),
    );
  return t;
}

/** A local timestamp query parameter (wall-clock ms); 400 naming it when unparsable. */
export function localTimestampParam(params: Params, name: string): number | undefined {
  const v = params.raw(name);
  if (v === undefined) return undefined;
  const t = parseLocalTimestamp(v);
  if (t === undefined)
    throw badRequest(
      `Parameter '${name}' must be a local timestamp yyyy-MM-ddTHH:mm:ss.SSS without zone, not '${v}'`,
    );
  return t;
}

/** Wall-clock ms of an instant in a zone. */
export function toLocal(zone: ZoneClock, utcMs: number): number {
  return utcMs + zone.offsetAt(utcMs) * MINUTE_MS;
}

/** The instant `months` local calendar months after (or before) an instant, same wall time, day clamped. */
export function addLocalMonths(zone: ZoneClock, utcMs: number, months: number): number {
  const local = toLocal(zone, utcMs);
  const day = Math.floor(local / DAY_MS);
  const c = civilFromDays(day);
  const m0 = c.year * 12 + (c.month - 1) + months;
  const year = Math.floor(m0 / 12);
  const month = (m0 % 12) + 1;
  const target = daysFromCivil(year, month, Math.min(c.day, daysInMonth(year, month)));
  return zone.localToUtc(target * DAY_MS + (local - day * DAY_MS));
}

/** The instant `days` local days after (or before) an instant, same wall time. */
export function addLocalDays(zone: ZoneClock, utcMs: number, days: number): number {
  return zone.localToUtc(toLocal(zone, utcMs) + days * DAY_MS);
}

const P2: string[] = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
const P3: string[] = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));

/**
 * Writes `yyyy-MM-ddTHH:mm:ss.SSS±HH:MM` of instants in one zone; remembers the last local date and
 * offset, so a run of instants in time order costs a few table lookups each.
 */
export class ZoneFormatter {
  private readonly zone: ZoneClock;
  private day = NaN;
  private dayText = '';
  private offset = NaN;
  private offsetText = '';

  constructor(zone: ZoneClock) {
    this.zone = zone;
  }

  format(utcMs: number): string {
    const off = this.zone.offsetAt(utcMs);
    if (off !== this.offset) {
      this.offset = off;
      this.offsetText = formatOffset(off);
    }
    const local = utcMs + off * MINUTE_MS;
    const day = Math.floor(local / DAY_MS);
    if (day !== this.day) {
      this.day = day;
      this.dayText = `${formatDay(day)}T`;
    }
    let rest = local - day * DAY_MS;
    const h = Math.floor(rest / HOUR_MS);
    rest -= h * HOUR_MS;
    const mi = Math.floor(rest / MINUTE_MS);
    rest -= mi * MINUTE_MS;
    const s = Math.floor(rest / 1000);
    return `${this.dayText}${P2[h]}:${P2[mi]}:${P2[s]}.${P3[rest - s * 1000]}${this.offsetText}`;
  }
}
