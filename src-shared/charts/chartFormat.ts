// Chart formatters as data: a builder's formatter is a function that writes itself as a JSON descriptor, so an option
// copied as JSON (to main, for an export) keeps it, and the server-side drawing turns it back into the same function.
import { shortChartText } from './chartText.ts';

/** count: whole numbers (1,204); score: one decimal (71.3); percent: a share 0–1 as a percentage (37.5%). */
export type NumberStyle = 'count' | 'score' | 'percent';
export interface NumberFormat {
  style: NumberStyle;
  /** A BCP 47 locale, e.g. en-US or de-DE: the app's (the system's) locale, so a file writes numbers as the app. */
  locale: string;
}

const styles: Record<NumberStyle, Intl.NumberFormatOptions> = {
  count: { maximumFractionDigits: 0 },
  score: { minimumFractionDigits: 1, maximumFractionDigits: 1 },
  percent: { style: 'percent', maximumFractionDigits: 1 },
};
const cache = new Map<string, Intl.NumberFormat>();

/** A number as the app writes it (the renderer's Format uses the same rules). */
export function formatNumber(format: NumberFormat, n: number): string {
  const key = `${format.locale}|${format.style}`;
  let nf = cache.get(key);
  if (!nf) {
    let locale = format.locale;
    try {
      Intl.NumberFormat.supportedLocalesOf(locale);
    } catch {
      locale = 'en-US';
    }
    nf = new Intl.NumberFormat(locale, styles[format.style] ?? styles.count);
    cache.set(key, nf);
  }
  return nf.format(n);
}

/** What a formatter descriptor says; each kind is a function of ECharts' formatter arguments. */
export type FormatterSpec =
  /** A value (axis label, visual map label, series label) as a number of the given style. */
  | { $formatter: 'number'; format: NumberFormat }
  /** A bar's label: its count and its share of `total`, e.g. "1,204 (37 %)". */
  | { $formatter: 'countShare'; format: NumberFormat; total: number }
  /** A name (legend) shortened to `max` characters. */
  | { $formatter: 'short'; max: number };

type Formatter = ((...args: unknown[]) => string) & { toJSON(): FormatterSpec };

/** The value a formatter is called with: a number, or ECharts' params object holding `value`. */
function valueOf(arg: unknown): unknown {
  return typeof arg === 'object' && arg !== null && !Array.isArray(arg) ? Reflect.get(arg, 'value') : arg;
}

function run(spec: FormatterSpec, arg: unknown): string {
  if (spec.$formatter === 'short')
    return shortChartText(typeof arg === 'string' ? arg : String(arg), spec.max);
  const v = valueOf(arg);
  if (typeof v !== 'number' || !Number.isFinite(v)) return typeof v === 'string' ? v : '';
  if (spec.$formatter === 'number') return formatNumber(spec.format, v);
  return spec.total > 0
    ? `${formatNumber(spec.format, v)} (${Math.round((v / spec.total) * 100)} %)`
    : formatNumber(spec.format, v);
}

/** The function ECharts calls, which JSON writes as its descriptor. */
export function formatter(spec: FormatterSpec): Formatter {
  const f = (arg: unknown): string => run(spec, arg);
  return Object.assign(f, { toJSON: () => spec });
}

export const numberFormatter = (format: NumberFormat): Formatter =>
  formatter({ $formatter: 'number', format });

const kinds = ['number', 'countShare', 'short'] as const;

function isFormatterSpec(value: Record<string, unknown>): value is FormatterSpec & Record<string, unknown> {
  const kind = value.$formatter;
  if (!kinds.some((k) => k === kind)) return false;
  if (kind === 'short') return typeof value.max === 'number';
  const format = value.format;
  const ok =
    typeof format === 'object' &&
    format !== null &&
    typeof Reflect.get(format, 'locale') === 'string' &&
    ['count', 'score', 'percent'].includes(String(Reflect.get(format, 'style')));
  return ok && (kind === 'number' || typeof value.total === 'number');
}

/**
 * A JSON option (as it crossed to main) with every formatter descriptor turned back into its function; other values
 * are copied as they are. Unknown `$formatter` objects stay objects (ECharts then ignores them).
 */
export function liveOption(option: Record<string, unknown>): Record<string, unknown> {
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v !== 'object' || v === null) return v;
    const record = Object.fromEntries(Object.entries(v));
    if (isFormatterSpec(record)) return formatter(record);
    return Object.fromEntries(Object.entries(record).map(([k, x]) => [k, walk(x)]));
  };
  const out = walk(option);
  return typeof out === 'object' && out !== null && !Array.isArray(out)
    ? Object.fromEntries(Object.entries(out))
    : {};
}
