// `feedback-desk query`: any QuerySpec (a file, standard input, or the shortcut options) from the local store, as JSON
// or CSV — an adapter over app/queryService.ts, which answers the app's queries too.
import { readFileSync } from 'node:fs';
import {
  checkCommandArgs,
  feedbackScales,
  type Comparison,
  type GroupDimension,
  type Measure,
  type QueryRow,
  type QuerySpec,
} from '#shared/contract.ts';
import { neutraliseCell } from '../../export/tableCsv.ts';
import { queryFile } from '../../app/queryService.ts';
import { defaultStorePath } from '../../paths.ts';
import { migrationLine } from '../migrationLine.ts';
import { UsageError, type OptionSpec } from '../args.ts';
import { optBool, optString } from '../command.ts';
import type { CliCommand, CliIO } from '../command.ts';
import { dateOption } from './sync.ts';

function idList(raw: string | undefined, name: string): number[] | undefined {
  if (raw === undefined) return undefined;
  const parts = raw.split(',').map((p) => p.trim());
  if (!parts.every((p) => /^\d+$/.test(p)))
    throw new UsageError(`option '--${name}' takes ids like 12 or 12,15, not '${raw}'`);
  return parts.map(Number);
}

/** `--by` words → groupings. */
const byWords: Record<string, GroupDimension> = {
  hour: 'hour',
  day: 'day',
  week: 'week',
  month: 'month',
  quarter: 'quarter',
  year: 'year',
  'hour-of-day': 'hourOfDay',
  weekday: 'weekday',
  point: 'experiencePointId',
  survey: 'surveyId',
  button: 'buttonIndex',
};
/** `--measure` words → measures. */
const measureWords: Record<string, Measure> = {
  count: 'count',
  share: 'share',
  'happy-index': 'happyIndex',
  nps: 'nps',
  average: 'average',
  presses: 'presses',
};
const compareWords: Record<string, Comparison> = {
  previous: { kind: 'previousPeriod' },
  'last-year': { kind: 'lastYear' },
  'same-weekday-last-year': { kind: 'sameWeekdayLastYear' },
};

/** A comma-separated list of known words, or one sentence naming the option and the words it takes. */
function words<T>(raw: string, name: string, known: Record<string, T>): T[] {
  const parts = raw.split(',').map((p) => p.trim());
  const bad = parts.find((p) => !Object.hasOwn(known, p));
  if (bad !== undefined)
    throw new UsageError(
      `option '--${name}' takes ${Object.keys(known).join(', ')} (comma-separated), not '${bad}'`,
    );
  return [...new Set(parts.map((p) => known[p] as T))];
}

/**
 * The QuerySpec the options describe; `specText` (the JSON of `--spec FILE`) replaces the other options. Counts
 * and shares come per button index (as `query` always gave them); Happy Index, NPS, average and presses per group.
 */
// eslint-disable-next-line complexity -- one branch per CLI option of a QuerySpec
export function specFromOptions(options: Record<string, unknown>, specText?: string): QuerySpec {
  if (specText !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(specText);
    } catch {
      throw new UsageError("option '--spec' must name a file holding a QuerySpec in JSON");
    }
    const checked = checkCommandArgs('analytics:query', parsed);
    if (!checked.ok) throw new UsageError(`option '--spec': ${checked.message}`);
    return checked.args;
  }
  const measures = words(
    typeof options.measure === 'string' ? options.measure : 'count',
    'measure',
    measureWords,
  );
  const groupBy = words(typeof options.by === 'string' ? options.by : 'day', 'by', byWords);
  if (!groupBy.includes('buttonIndex') && measures.every((m) => m === 'count' || m === 'share'))
    groupBy.push('buttonIndex');
  const points = idList(
    typeof options['experience-point'] === 'string' ? options['experience-point'] : undefined,
    'experience-point',
  );
  const surveys = idList(typeof options.survey === 'string' ? options.survey : undefined, 'survey');
  const from = dateOption(options, 'from');
  const to = dateOption(options, 'to');
  // Said in the options the user typed, before the spec's own check (which speaks of filter.from/filter.to).
  if (from && to && from >= to)
    throw new UsageError(`option '--from' (${from}) must be before '--to' (${to}, the day it stops before)`);
  const compare = typeof options.compare === 'string' ? compareWords[options.compare] : undefined;
  if (compare && (!from || !to))
    throw new UsageError("option '--compare' needs '--from' and '--to' (the period to compare)");
  const scale = feedbackScales.find((s) => s === options.scale);
  const spec = {
    measures,
    groupBy,
    filter: {
      ...(points ? { experiencePointIds: points } : {}),
      ...(surveys ? { surveyIds: surveys } : {}),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      ...(options['include-misuse'] === true ? { includeMisuse: true } : {}),
      ...(scale ? { scale } : {}),
    },
    ...(typeof options['point-level'] === 'string' ? { experiencePointLevel: options['point-level'] } : {}),
    ...(compare ? { comparison: compare } : {}),
    ...(options.interval === true ? { interval: true } : {}),
  };
  // The spec's own check says what a measure needs (a scale, a button split) in one sentence.
  const checked = checkCommandArgs('analytics:query', spec);
  if (!checked.ok) throw new UsageError(checked.message.replace(/filter\.scale/g, "'--scale'"));
  return checked.args;
}

/** The text of `--spec FILE` (`-`: standard input), or undefined without `--spec`. */
export async function readSpecOption(
  options: Record<string, unknown>,
  io: CliIO,
): Promise<string | undefined> {
  const path = typeof options.spec === 'string' ? options.spec : undefined;
  if (path === undefined) return undefined;
  if (path === '-') {
    let text = '';
    for await (const chunk of io.stdin)
      text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    return text;
  }
  try {
    return readFileSync(path, 'utf8');
  } catch {
    throw new UsageError(`option '--spec': cannot read the file '${path}'`);
  }
}

/** One CSV field: numbers as they are, text neutralised against spreadsheet formulas and quoted when needed. */
export function csvField(value: unknown): string {
  if (value === undefined || value === null) return '';
  const text = typeof value === 'number' ? String(value) : neutraliseCell(String(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as JSON (one flat object a line) or CSV (a header of every key, then the rows). */
export function formatRows(rows: readonly QueryRow[], format: 'json' | 'csv'): string {
  if (format === 'json')
    return rows.length === 0 ? '[]\n' : `[\n${rows.map((r) => `  ${JSON.stringify(r)}`).join(',\n')}\n]\n`;
  const keys: string[] = [];
  for (const row of rows) for (const key of Object.keys(row)) if (!keys.includes(key)) keys.push(key);
  const lines = [keys.map(csvField).join(',')];
  for (const row of rows) {
    const values: Record<string, unknown> = { ...row };
    lines.push(keys.map((k) => csvField(values[k])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

export const query: CliCommand = {
  name: 'query',
  summary:
    'answer a QuerySpec from the local store (counts, shares, Happy Index, NPS, …) as JSON or CSV rows',
  details:
    'Reads the local file only; nothing is fetched. An experience point id stands for its whole subtree. Rows are ' +
    'flat objects: the grouping keys (day yyyy-MM-dd, week yyyy-Www, month yyyy-MM, quarter yyyy-Qn, year, ' +
    'hourOfDay, weekday 1 = Monday, experiencePointId with experiencePointName, surveyId, buttonIndex) and one key ' +
    'per measure, with previous… and delta… keys for --compare. Happy Index, NPS and average need --scale.',
  options: [
    {
      name: 'by',
      type: 'string',
      valueName: 'WHAT[,WHAT…]',
      default: 'day',
      description: `groupings: ${Object.keys(byWords).join(', ')} (one time grain at most)`,
    },
    {
      name: 'measure',
      type: 'string',
      valueName: 'WHAT[,WHAT…]',
      default: 'count',
      description: `${Object.keys(measureWords).join(', ')} (count and share per button)`,
    },
    { name: 'scale', type: 'string', choices: feedbackScales, description: 'only surveys on this scale' },
    {
      name: 'db',
      type: 'string',
      valueName: 'PATH',
      description: `the local store (default ${defaultStorePath()})`,
    },
    {
      name: 'experience-point',
      type: 'string',
      valueName: 'ID[,ID…]',
      repeatable: true,
      description: 'only these experience points or groups, with their subtrees (repeatable)',
    },
    {
      name: 'point-level',
      type: 'string',
      choices: ['leaves', 'children'],
      description: '--by point: every point (leaves, default) or the children of each chosen node',
    },
    { name: 'survey', type: 'string', valueName: 'ID[,ID…]', description: 'only these surveys' },
    { name: 'from', type: 'string', valueName: 'yyyy-MM-dd', description: 'first local date (inclusive)' },
    {
      name: 'to',
      type: 'string',
      valueName: 'yyyy-MM-dd',
      description: 'local date to stop before (exclusive)',
    },
    { name: 'include-misuse', type: 'boolean', description: 'count feedback flagged as misuse too' },
    {
      name: 'compare',
      type: 'string',
      choices: Object.keys(compareWords),
      description: 'add previous… and delta… values from the period before, or last year',
    },
    {
      name: 'interval',
      type: 'boolean',
      description: "add each score's 95% interval (…Low, …High; with --compare the change's z…)",
    },
    { name: 'format', type: 'string', choices: ['json', 'csv'], default: 'json', description: 'output' },
    {
      name: 'spec',
      type: 'string',
      valueName: 'FILE',
      description: "a whole QuerySpec as JSON in a file ('-': standard input) instead of the options above",
    },
  ],
  async run(options, io) {
    const spec = specFromOptions(options, await readSpecOption(options, io));
    if (optBool(options, 'include-misuse') && optString(options, 'spec'))
      throw new UsageError("option '--include-misuse' cannot be combined with '--spec'");
    const format = optString(options, 'format') === 'csv' ? 'csv' : 'json';
    const rows = queryFile(optString(options, 'db') ?? defaultStorePath('default', io.env), spec, {
      onMigration: migrationLine(io.stderr),
    });
    io.stdout.write(formatRows(rows, format));
    return 0;
  },
};

/** `query`'s own declarations of these options, for the commands that take the same selection (one list, one text). */
export function queryOptions(...names: string[]): OptionSpec[] {
  return names.flatMap((name) => query.options.filter((o) => o.name === name));
}
