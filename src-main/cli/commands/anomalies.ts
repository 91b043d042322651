// `feedback-desk anomalies`: the days (and busy hours) whose negative share or Happy Index left each point's and
// group's own same-weekday baseline — an adapter over app/anomalyService.ts, which answers the app too.
import { checkCommandArgs, feedbackScales, type AnomalyArgs, type AnomalyRow } from '#shared/contract.ts';
import { anomaliesOfFile } from '../../app/anomalyService.ts';
import { defaultStorePath } from '../../paths.ts';
import { migrationLine } from '../migrationLine.ts';
import { UsageError, type OptionValues } from '../args.ts';
import { optBool, optString } from '../command.ts';
import type { CliCommand } from '../command.ts';
import { csvField, queryOptions } from './query.ts';
import { dateOption } from './sync.ts';

function ids(raw: string | undefined, name: string): number[] | undefined {
  if (raw === undefined) return undefined;
  const parts = raw.split(',').map((p) => p.trim());
  if (!parts.every((p) => /^\d+$/.test(p)))
    throw new UsageError(`option '--${name}' takes ids like 12 or 12,15, not '${raw}'`);
  return parts.map(Number);
}

const measureWords = { 'negative-share': 'negativeShare', 'happy-index': 'happyIndex' } as const;

/** The anomaly arguments the options describe, or one sentence saying what is missing or wrong. */
export function anomalyArgsFromOptions(options: OptionValues): AnomalyArgs {
  const from = dateOption(options, 'from');
  const to = dateOption(options, 'to');
  if (!from || !to) throw new UsageError("options '--from' and '--to' are required: the period searched");
  if (from >= to)
    throw new UsageError(`option '--from' (${from}) must be before '--to' (${to}, the day it stops before)`);
  const scaleText = optString(options, 'scale');
  const points = ids(optString(options, 'experience-point'), 'experience-point');
  const surveys = ids(optString(options, 'survey'), 'survey');
  const measureText = optString(options, 'measure') ?? 'negative-share';
  const args = {
    filter: {
      from,
      to,
      ...(points ? { experiencePointIds: points } : {}),
      ...(surveys ? { surveyIds: surveys } : {}),
      ...(optBool(options, 'include-misuse') ? { includeMisuse: true } : {}),
    },
    measure: Object.hasOwn(measureWords, measureText)
      ? measureWords[measureText as keyof typeof measureWords]
      : measureText,
    ...(scaleText !== undefined ? { scales: scaleText.split(',').map((s) => s.trim()) } : {}),
  };
  const checked = checkCommandArgs('analytics:anomalies', args);
  if (!checked.ok)
    throw new UsageError(
      checked.message
        .replace(/^scales/, "option '--scale'")
        .replace(/^measure happyIndex/, "option '--measure happy-index'")
        .replace(/^measure must/, "option '--measure' must"),
    );
  return checked.args;
}

const columns = [
  'experiencePointId',
  'name',
  'type',
  'day',
  'hour',
  'measure',
  'value',
  'baseline',
  'z',
  'q',
  'presses',
  'weeks',
  'worse',
] as const satisfies readonly (keyof AnomalyRow)[];

/** The rows as JSON (one object a line; hour null for a day) or CSV (names neutralised against formulas). */
export function formatAnomalies(rows: readonly AnomalyRow[], format: 'json' | 'csv'): string {
  if (format === 'json')
    return rows.length === 0 ? '[]\n' : `[\n${rows.map((r) => `  ${JSON.stringify(r)}`).join(',\n')}\n]\n`;
  const lines = [columns.join(',')];
  for (const r of rows) lines.push(columns.map((c) => csvField(r[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export const anomalies: CliCommand = {
  name: 'anomalies',
  summary: "the days and busy hours unusual against each point's and group's own same-weekday baseline",
  details:
    'Reads the local file only. Every point and group of the selection (an id stands for its subtree), every local ' +
    'day from --from to before --to, and every hour of a busy point: its negative share (red faces, 0–6 on NPS) or ' +
    'Happy Index against the same weekday (and hour) of the 8 weeks before, outlier weeks set aside. z is the ' +
    "cell's distance from its baseline in standard errors (its presses, the baseline's, the weeks' own spread); " +
    'a row is listed when its Benjamini–Hochberg q over every cell tested is at most 0.05. Rows: experiencePointId, ' +
    'name, type, day, hour (null for a whole day), measure, value, baseline, z, q, presses, weeks, worse; largest ' +
    '|z| first. Method and measured recall: docs/ANOMALIES.md.',
  options: [
    {
      name: 'measure',
      type: 'string',
      choices: Object.keys(measureWords),
      default: 'negative-share',
      description: 'what departs: the share of red faces, or the Happy Index (needs --scale)',
    },
    {
      name: 'scale',
      type: 'string',
      valueName: 'SCALE[,SCALE]',
      description: `only these scales: ${feedbackScales.join(', ')}`,
    },
    {
      name: 'experience-point',
      type: 'string',
      valueName: 'ID[,ID…]',
      repeatable: true,
      description: 'only these nodes and their subtrees (default: the whole tree)',
    },
    ...queryOptions('survey', 'from', 'to', 'include-misuse'),
    { name: 'format', type: 'string', choices: ['json', 'csv'], default: 'json', description: 'output' },
    ...queryOptions('db'),
  ],
  async run(options, io) {
    const args = anomalyArgsFromOptions(options);
    const format = optString(options, 'format') === 'csv' ? 'csv' : 'json';
    const answer = anomaliesOfFile(optString(options, 'db') ?? defaultStorePath('default', io.env), args, {
      onMigration: migrationLine(io.stderr),
    });
    io.stdout.write(formatAnomalies(answer.rows, format));
    return await Promise.resolve(0);
  },
};
