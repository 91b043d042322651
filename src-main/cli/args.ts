// Command-line option parsing: declared options only, each value checked, one-line errors naming the flag.

export type OptionType = 'string' | 'integer' | 'boolean';

export interface OptionSpec {
  /** Long name without dashes, e.g. `base-url`. */
  name: string;
  type: OptionType;
  description: string;
  /** Shown in help, e.g. `URL`. */
  valueName?: string;
  choices?: readonly string[];
  min?: number;
  max?: number;
  default?: string | number | boolean;
  /** A string option given more than once: its values joined with commas (`--x 1 --x 2,3` is `1,2,3`). */
  repeatable?: boolean;
}

export type OptionValues = Record<string, string | number | boolean | undefined>;

export class UsageError extends Error {
  override name = 'UsageError';
}

/** Parses `--name value`, `--name=value` and bare `--flag` for booleans. Positional arguments are refused. */
export function parseOptions(argv: readonly string[], specs: readonly OptionSpec[]): OptionValues {
  const values: OptionValues = {};
  const seen = new Set<string>();
  for (const spec of specs) if (spec.default !== undefined) values[spec.name] = spec.default;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (!arg.startsWith('--')) throw new UsageError(`unexpected argument '${arg}' (options start with --)`);
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
    const spec = specs.find((s) => s.name === name);
    if (!spec) throw new UsageError(`unknown option '--${name}'`);
    let raw: string | undefined = eq === -1 ? undefined : arg.slice(eq + 1);
    if (spec.type === 'boolean') {
      if (raw === undefined) {
        values[name] = true;
        continue;
      }
      if (raw !== 'true' && raw !== 'false')
        throw new UsageError(`option '--${name}' takes true or false, not '${raw}'`);
      values[name] = raw === 'true';
      continue;
    }
    if (raw === undefined) {
      raw = argv[i + 1];
      if (raw === undefined || raw.startsWith('--'))
        throw new UsageError(`option '--${name}' needs a value (${spec.valueName ?? spec.type})`);
      i++;
    }
    const value = checkValue(spec, raw);
    const before = values[name];
    values[name] =
      spec.repeatable && typeof before === 'string' && seen.has(name) ? `${before},${value}` : value;
    seen.add(name);
  }
  return values;
}

function checkValue(spec: OptionSpec, raw: string): string | number {
  if (spec.choices && !spec.choices.includes(raw))
    throw new UsageError(`option '--${spec.name}' must be one of ${spec.choices.join(', ')}, not '${raw}'`);
  if (spec.type === 'string') {
    if (raw === '') throw new UsageError(`option '--${spec.name}' needs a non-empty value`);
    return raw;
  }
  if (!/^-?\d+$/.test(raw))
    throw new UsageError(`option '--${spec.name}' takes a whole number, not '${raw}'`);
  const n = Number(raw);
  if (spec.min !== undefined && n < spec.min)
    throw new UsageError(`option '--${spec.name}' must be at least ${spec.min}, not ${n}`);
  if (spec.max !== undefined && n > spec.max)
    throw new UsageError(`option '--${spec.name}' must be at most ${spec.max}, not ${n}`);
  return n;
}

export function formatOptionsHelp(specs: readonly OptionSpec[]): string {
  const rows = [
    ...specs,
    { name: 'help', type: 'boolean', description: 'show this help' } satisfies OptionSpec,
  ].map((s) => {
    const left = `  --${s.name}${s.type === 'boolean' ? '' : ` ${s.valueName ?? (s.type === 'integer' ? 'N' : 'VALUE')}`}`;
    const extra = [
      s.choices ? `one of ${s.choices.join('|')}` : '',
      s.default !== undefined ? `default ${String(s.default)}` : '',
    ]
      .filter(Boolean)
      .join('; ');
    return [left, s.description + (extra ? ` (${extra})` : '')] as const;
  });
  const width = Math.max(...rows.map(([l]) => l.length)) + 2;
  return rows.map(([l, r]) => l.padEnd(width) + r).join('\n');
}
