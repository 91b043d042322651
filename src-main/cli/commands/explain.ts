// `feedback-desk explain`: why a score changed against the comparison period, split over the children or surveys.
import { checkCommandArgs, feedbackScales, type ExplainArgs, type Explanation } from '#shared/contract.ts';
import { explainChange } from '../../analytics/explain.ts';
import { defaultStorePath } from '../../paths.ts';
import { openStore } from '../../store/db.ts';
import { migrationLine } from '../migrationLine.ts';
import { UsageError, type OptionValues } from '../args.ts';
import { optString } from '../command.ts';
import type { CliCommand } from '../command.ts';
import { formatRows, queryOptions } from './query.ts';
import { dateOption } from './sync.ts';

function ids(raw: string | undefined, name: string): number[] | undefined {
  if (raw === undefined) return undefined;
  const parts = raw.split(',').map((p) => p.trim());
  if (!parts.every((p) => /^\d+$/.test(p)))
    throw new UsageError(`option '--${name}' takes ids like 12 or 12,15, not '${raw}'`);
  return parts.map(Number);
}

const measureWords = { 'happy-index': 'happyIndex', nps: 'nps', average: 'average' } as const;
const compareWords = { previous: 'previousPeriod', 'last-year': 'lastYear' } as const;

/** The explain arguments the options describe, or one sentence saying what is missing or wrong. */
export function explainArgsFromOptions(options: OptionValues): ExplainArgs {
  const from = dateOption(options, 'from');
  const to = dateOption(options, 'to');
  if (!from || !to)
    throw new UsageError("options '--from' and '--to' are required: the period whose change is explained");
  if (from >= to)
    throw new UsageError(`option '--from' (${from}) must be before '--to' (${to}, the day it stops before)`);
  const scaleText = optString(options, 'scale');
  if (scaleText === undefined)
    throw new UsageError(
      `option '--scale' is required: ${feedbackScales.join(', ')} (five,five_reversed for both five-face scales)`,
    );
  const scales = scaleText.split(',').map((s) => s.trim());
  const points = ids(optString(options, 'experience-point'), 'experience-point');
  const surveys = ids(optString(options, 'survey'), 'survey');
  const measureText = optString(options, 'measure') ?? (scales[0] === 'nps' ? 'nps' : 'happy-index');
  const measure = Object.hasOwn(measureWords, measureText)
    ? measureWords[measureText as keyof typeof measureWords]
    : measureText;
  const compareText = optString(options, 'compare') ?? 'previous';
  const args = {
    filter: {
      from,
      to,
      ...(points ? { experiencePointIds: points } : {}),
      ...(surveys ? { surveyIds: surveys } : {}),
      ...(options['include-misuse'] === true ? { includeMisuse: true } : {}),
    },
    scales,
    measure,
    by: optString(options, 'by') ?? 'point',
    comparison: Object.hasOwn(compareWords, compareText)
      ? compareWords[compareText as keyof typeof compareWords]
      : compareText,
  };
  const checked = checkCommandArgs('analytics:explain', args);
  if (!checked.ok)
    throw new UsageError(
      checked.message
        .replace(/^scales/, "option '--scale'")
        .replace(/^measure (\w+)/, "option '--measure' $1")
        .replace(/^measure must/, "option '--measure' must"),
    );
  return checked.args;
}

/** The explanation as JSON (the whole answer) or CSV (one line per part). */
export function formatExplanation(e: Explanation, format: 'json' | 'csv'): string {
  if (format === 'json') return `${JSON.stringify(e, null, 2)}\n`;
  return formatRows(
    e.rows.map((r) => ({ ...r })),
    'csv',
  );
}

export const explain: CliCommand = {
  name: 'explain',
  summary:
    "why a score changed against the comparison period: each child's (or survey's) rate and mix effect",
  details:
    'Reads the local file only. The change of the score (Happy Index on faces, NPS on 0–10) between the comparison ' +
    'period and --from/--to is split over the children of the chosen node (--by point) or its surveys (--by ' +
    'survey): rate effect w̄·(s₁ − s₀), a part getting better or worse; mix effect (w₁ − w₀)·(s̄ − S̄), its share ' +
    'of the presses moving; contribution = rate + mix, and the contributions add up to the change. z says whether ' +
    "a part's own change is more than noise (|z| ≥ 1.96). JSON adds the follow-up reasons that moved most. " +
    'Formulas: docs/INTERVALS.md.',
  options: [
    {
      name: 'scale',
      type: 'string',
      valueName: 'SCALE[,SCALE]',
      description: `${feedbackScales.join(', ')} (five,five_reversed: both five-face scales together)`,
    },
    {
      name: 'by',
      type: 'string',
      choices: ['point', 'survey'],
      default: 'point',
      description: 'split over the children of the chosen node, or over its surveys',
    },
    {
      name: 'compare',
      type: 'string',
      choices: Object.keys(compareWords),
      default: 'previous',
      description: 'the period before (as long), or the same dates last year',
    },
    {
      name: 'measure',
      type: 'string',
      choices: Object.keys(measureWords),
      description: 'the score explained (default happy-index on faces, nps on 0–10)',
    },
    {
      name: 'experience-point',
      type: 'string',
      valueName: 'ID[,ID…]',
      repeatable: true,
      description: 'the node whose change is explained, with its subtree (default: the whole tree)',
    },
    ...queryOptions('survey', 'from', 'to', 'include-misuse'),
    { name: 'format', type: 'string', choices: ['json', 'csv'], default: 'json', description: 'output' },
    ...queryOptions('db'),
  ],
  async run(options, io) {
    const args = explainArgsFromOptions(options);
    const format = optString(options, 'format') === 'csv' ? 'csv' : 'json';
    const store = openStore(optString(options, 'db') ?? defaultStorePath('default', io.env), {
      mustExist: true,
      onMigration: migrationLine(io.stderr),
    });
    try {
      io.stdout.write(formatExplanation(explainChange(store.db, args), format));
      return await Promise.resolve(0);
    } finally {
      store.close();
    }
  },
};
