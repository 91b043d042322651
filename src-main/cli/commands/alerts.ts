// `feedback-desk alerts replay`: the alert specifications replayed over the stored presses and matched with the
// service's alerts; with --spec and --threshold, --count-threshold or --window-min, "what if" (alerts per week).
import type { AlertReplay, AlertReplayArgs, QueryRow } from '#shared/contract.ts';
import { checkCommandArgs } from '#shared/contract.ts';
import { replayAlertSpecifications } from '../../app/alertReplayService.ts';
import { readFile } from '../../app/storeService.ts';
import { defaultStorePath } from '../../paths.ts';
import { migrationLine } from '../migrationLine.ts';
import { UsageError, type OptionValues } from '../args.ts';
import { optInt, optString, type CliCommand } from '../command.ts';
import { formatRows } from './query.ts';

/** The replay arguments the options describe, or one sentence saying what is wrong. */
export function replayArgsFromOptions(options: OptionValues): AlertReplayArgs {
  const args: AlertReplayArgs = {};
  const spec = optInt(options, 'spec');
  if (spec !== undefined) args.specificationId = spec;
  const threshold = optInt(options, 'threshold');
  if (threshold !== undefined) args.threshold = threshold;
  const count = optInt(options, 'count-threshold');
  if (count !== undefined) args.countThreshold = count;
  const window = optInt(options, 'window-min');
  if (window !== undefined) args.windowMin = window;
  if (options.summary === true) args.summary = true;
  if ((threshold ?? count ?? window) !== undefined && spec === undefined)
    throw new UsageError(
      "options '--threshold', '--count-threshold' and '--window-min' change one specification: give '--spec ID' too",
    );
  const checked = checkCommandArgs('alerts:replay', args);
  if (!checked.ok) throw new UsageError(checked.message);
  return checked.args;
}

/** JSON: the whole answer; CSV: one line per alert (the rows). */
export function formatReplay(r: AlertReplay, format: 'json' | 'csv'): string {
  if (format === 'json') return `${JSON.stringify(r, null, 2)}\n`;
  // formatRows writes any flat rows: the keys of the rows in order, each value as a CSV field.
  return formatRows(r.rows as unknown as readonly QueryRow[], 'csv');
}

export const alerts: CliCommand = {
  name: 'alerts',
  verbs: ['replay'],
  summary: "replay the alert specifications over the stored presses against the service's alerts, or what if",
  details:
    'Reads the local file only. Each specification (negative, indexThreshold, feedbackCount) is evaluated over its ' +
    '(experience point, survey) pair\'s presses by the rule of DECISIONS.md "How alerts are raised", and each ' +
    "of the service's alerts is matched with a replayed one of the same specification that began within one window " +
    'of it. JSON: specifications (agreement per specification), serviceAlerts, replayed, matched, matchedShare, ' +
    'extraShare, rows (one per alert: matched, service only, replay only) and weeks (alerts per local week, both ' +
    'sides). With --spec and a changed --threshold, --count-threshold or --window-min: what that specification ' +
    'would have raised. The presses are packed per pair after each sync (docs/ALERT-REPLAY.md).',
  options: [
    { name: 'spec', type: 'integer', min: 1, valueName: 'ID', description: 'one alert specification' },
    {
      name: 'threshold',
      type: 'integer',
      min: 0,
      max: 100000,
      valueName: 'N',
      description: 'what if: threshold in percent (negative, indexThreshold); the count for feedbackCount',
    },
    {
      name: 'count-threshold',
      type: 'integer',
      min: 1,
      max: 100000,
      valueName: 'N',
      description: 'what if: countThreshold (negative, feedbackCount) or minResponses (indexThreshold)',
    },
    {
      name: 'window-min',
      type: 'integer',
      min: 1,
      max: 525600,
      valueName: 'N',
      description: 'what if: the window',
    },
    {
      name: 'summary',
      type: 'boolean',
      description: 'leave the rows out (the agreement and the weeks only)',
    },
    { name: 'format', type: 'string', choices: ['json', 'csv'], default: 'json', description: 'output' },
    {
      name: 'db',
      type: 'string',
      valueName: 'PATH',
      description: `the local store (default ${defaultStorePath()})`,
    },
  ],
  async run(options, io) {
    const args = replayArgsFromOptions(options);
    const format = optString(options, 'format') === 'csv' ? 'csv' : 'json';
    const path = optString(options, 'db') ?? defaultStorePath('default', io.env);
    const answer = readFile(path, (store) => replayAlertSpecifications(store.db, args), {
      onMigration: migrationLine(io.stderr),
    });
    io.stdout.write(formatReplay(answer, format));
    return Promise.resolve(0);
  },
};
