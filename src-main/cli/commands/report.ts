// `feedback-desk report`: a report pack — one view's PDF report for every node of a set, with an index PDF and CSV —
// an adapter over app/reportPackService.ts. Its selection options are `query`'s own (one list, shared).
import { addDays, periodPresets, presetRange, type PeriodPreset } from '#shared/periods.ts';
import { makeReportPack, type PackProgress } from '../../app/reportPackService.ts';
import { parseEach } from '../../export/packPlan.ts';
import { reportViews, type ReportView } from '../../export/viewReports.ts';
import { defaultStorePath } from '../../paths.ts';
import { UsageError, type OptionSpec, type OptionValues } from '../args.ts';
import { optBool, optInt, optString, type CliCommand, type CliIO } from '../command.ts';
import { migrationLine } from '../migrationLine.ts';
import { profileStorePath } from '../profileOption.ts';
import { queryOptions, specFromOptions } from './query.ts';

/** `lastWeek` → last-week, `last30` → last-30: the presets as the command line spells them. */
const periodWord = (p: PeriodPreset): string =>
  p
    .replace(/([A-Z])/g, '-$1')
    .replace(/(\d+)/, '-$1')
    .toLowerCase();
const periodWords = periodPresets.filter((p) => p !== 'all').map(periodWord);

/** `query`'s options a pack takes as they are: the store, the roots, the surveys, the period, misuse, comparison. */
const shared = ['db', 'experience-point', 'survey', 'from', 'to', 'include-misuse', 'compare', 'scale'];
const sharedOptions: OptionSpec[] = queryOptions(...shared);

/** The local date of `now` in this computer's time zone, yyyy-MM-dd. */
function localDay(now: Date): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** `--period` (counted back from `--today`) made `--from`/`--to` (exclusive), or the options as they are. */
function withPeriod(options: OptionValues): OptionValues {
  const period = optString(options, 'period');
  if (period === undefined) return options;
  if (options.from !== undefined || options.to !== undefined)
    throw new UsageError("option '--period' replaces '--from' and '--to'; give one or the other");
  const preset = periodPresets.find((p) => periodWord(p) === period);
  const today = optString(options, 'today') ?? localDay(new Date());
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today) || Number.isNaN(Date.parse(`${today}T00:00:00Z`)))
    throw new UsageError(`option '--today' must be a date yyyy-MM-dd, not '${today}'`);
  const range = preset ? presetRange(preset, today) : null;
  if (!range) throw new UsageError(`option '--period' takes ${periodWords.join(', ')}, not '${period}'`);
  return { ...options, from: range.first, to: addDays(range.last, 1) };
}

function progressLine(io: CliIO): (p: PackProgress) => void {
  return (p) =>
    void io.stderr.write(
      `[${p.done}/${p.total}] ${p.node.name}: ${p.state === 'kept' ? 'kept (already there)' : 'written'} ${p.node.fileName}\n`,
    );
}

/** `--db`, else `--profile`'s file, else the default file. */
function storePathOf(options: OptionValues, io: CliIO): string {
  const db = optString(options, 'db');
  const profile = optString(options, 'profile');
  if (db !== undefined && profile !== undefined)
    throw new UsageError("option '--db' names the file itself; give it or '--profile', not both");
  if (profile !== undefined) return profileStorePath(profile, io.env);
  return db ?? defaultStorePath('default', io.env);
}

export const report: CliCommand = {
  name: 'report',
  summary: "write a view's PDF report for every node of a set (children, leaves, a level), with an index",
  details:
    'One PDF per node (the report the app makes for that view, on that node), plus an index PDF and CSV listing ' +
    'each node with its presses, score (95% interval) and positive share. Run it again to finish an interrupted ' +
    'pack: a whole report already in the folder is kept (--force makes them all again). --period counts back from ' +
    'today (or --today), so a schedule can run the same line every week. Nothing is fetched: run `sync` first.',
  options: [
    {
      name: 'each',
      type: 'string',
      valueName: 'children|leaves|level=N',
      default: 'children',
      description:
        'which nodes get a report: the children of each chosen node, every leaf, or tree level N (0 = top)',
    },
    {
      name: 'view',
      type: 'string',
      choices: reportViews,
      default: 'overview',
      description: 'the view reported',
    },
    {
      name: 'period',
      type: 'string',
      valueName: 'NAME',
      description: `a period counted back from today: ${periodWords.join(', ')}`,
    },
    {
      name: 'today',
      type: 'string',
      valueName: 'yyyy-MM-dd',
      description: "the day --period counts back from (default: this computer's date)",
    },
    ...sharedOptions,
    {
      name: 'profile',
      type: 'string',
      valueName: 'NAME',
      description: "a saved profile's file instead of --db (what `sync --profile NAME` filled)",
    },
    {
      name: 'out',
      type: 'string',
      valueName: 'DIR',
      description: 'the folder for the reports (made if missing)',
    },
    { name: 'force', type: 'boolean', description: 'make every report again, even those already there' },
    {
      name: 'threads',
      type: 'integer',
      min: 1,
      max: 8,
      description: 'threads drawing reports (default: 2 on 2 cores or more when there are 4 reports or more)',
    },
  ],
  async run(options, io) {
    const out = optString(options, 'out');
    if (out === undefined) throw new UsageError("option '--out' is required (the folder for the reports)");
    const eachText = optString(options, 'each') ?? 'children';
    const each = parseEach(eachText);
    if (!each) throw new UsageError(`option '--each' takes children, leaves or level=N, not '${eachText}'`);
    const view: ReportView = reportViews.find((v) => v === optString(options, 'view')) ?? 'overview';
    const spec = specFromOptions(withPeriod(options));
    const outcome = await makeReportPack({
      storePath: storePathOf(options, io),
      view,
      each,
      filter: spec.filter,
      ...(spec.comparison ? { comparison: spec.comparison } : {}),
      outDir: out,
      force: optBool(options, 'force'),
      ...(optInt(options, 'threads') !== undefined ? { threads: optInt(options, 'threads') } : {}),
      signal: io.signal,
      onProgress: progressLine(io),
      onMigration: migrationLine(io.stderr),
      onWarning: (sentence) => void io.stderr.write(`${sentence}\n`),
    });
    io.stdout.write(
      `${outcome.total} reports in ${outcome.outDir} (${outcome.written} written, ${outcome.kept} kept), ` +
        `scale ${outcome.scale}.\nIndex: ${outcome.indexPdf}\n       ${outcome.indexCsv}\n`,
    );
    return 0;
  },
};
