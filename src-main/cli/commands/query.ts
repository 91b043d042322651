// `feedback-desk query`: counts from the local store only, as JSON (per local day or hour, and button index).
import { checkCommandArgs, type GroupDimension, type QuerySpec } from '../../../src-shared/contract.ts';
import { runQuery } from '../../analytics/query.ts';
import { defaultStorePath } from '../../paths.ts';
import { openStore } from '../../store/db.ts';
import { UsageError } from '../args.ts';
import { optBool, optString } from '../command.ts';
import type { CliCommand } from '../command.ts';
import { dateOption } from './sync.ts';

function idList(raw: string | undefined, name: string): number[] | undefined {
  if (raw === undefined) return undefined;
  const parts = raw.split(',').map((p) => p.trim());
  if (!parts.every((p) => /^\d+$/.test(p)))
    throw new UsageError(`option '--${name}' takes ids like 12 or 12,15, not '${raw}'`);
  return parts.map(Number);
}

/** The QuerySpec the options describe; `--spec` (a QuerySpec as JSON) replaces the other options. */
export function specFromOptions(options: Record<string, unknown>): QuerySpec {
  const json = typeof options.spec === 'string' ? options.spec : undefined;
  if (json !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch {
      throw new UsageError("option '--spec' must be a QuerySpec in JSON");
    }
    const checked = checkCommandArgs('analytics:query', parsed);
    if (!checked.ok) throw new UsageError(`option '--spec': ${checked.message}`);
    return checked.args;
  }
  const by = (typeof options.by === 'string' ? options.by : 'day') as 'day' | 'hour';
  const groupBy: GroupDimension[] = [by, 'buttonIndex'];
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
  return {
    measures: ['count'],
    groupBy,
    filter: {
      ...(points ? { experiencePointIds: points } : {}),
      ...(surveys ? { surveyIds: surveys } : {}),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      ...(options['include-misuse'] === true ? { includeMisuse: true } : {}),
    },
  };
}

export const query: CliCommand = {
  name: 'query',
  summary: 'print button counts per local day (or hour) from the local store, as JSON',
  details:
    'Reads the local file only; nothing is fetched. An experience point id stands for its whole subtree.',
  options: [
    {
      name: 'by',
      type: 'string',
      choices: ['day', 'hour'],
      default: 'day',
      description: 'time bucket (always split by button index)',
    },
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
      description: 'only these experience points or groups (with their subtrees)',
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
      name: 'spec',
      type: 'string',
      valueName: 'JSON',
      description: 'a whole QuerySpec as JSON instead of the options above',
    },
  ],
  async run(options, io) {
    const spec = specFromOptions(options);
    if (optBool(options, 'include-misuse') && optString(options, 'spec'))
      throw new UsageError("option '--include-misuse' cannot be combined with '--spec'");
    const store = openStore(optString(options, 'db') ?? defaultStorePath('default', io.env), {
      mustExist: true,
    });
    try {
      const rows = runQuery(store.db, spec);
      io.stdout.write(
        rows.length === 0 ? '[]\n' : `[\n${rows.map((r) => `  ${JSON.stringify(r)}`).join(',\n')}\n]\n`,
      );
      return 0;
    } finally {
      store.close();
    }
  },
};
