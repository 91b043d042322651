// `feedback-desk export`: the same selection as `query`, written as a chart (PNG, SVG, PDF), rows (CSV, XLSX) or an
// interactive HTML report — an adapter over app/exportService.ts, whose captions the app's exports carry too.
import {
  chartFormats,
  tableFormats,
  type ChartFormat,
  type QuerySpec,
  type TableFormat,
  type TrendGrain,
} from '#shared/contract.ts';
import { querySpecProblem } from '../../analytics/query.ts';
import { chartFromStore, htmlFromStore, rowsFromStore } from '../../app/exportService.ts';
import { readFileAsync } from '../../app/storeService.ts';
import { ChartUnavailableError, chartKinds, type ChartKind } from '../../export/storeCharts.ts';
import { HtmlRuntimeError } from '../../export/htmlRuntime.ts';
import { ExportPathError, checkExportPath, writeExportFile } from '../../export/writeExport.ts';
import { defaultStorePath } from '../../paths.ts';
import type { Store } from '../../store/db.ts';
import { UsageError, type OptionValues } from '../args.ts';
import { optBool, optInt, optString, type CliCommand } from '../command.ts';
import { query, readSpecOption, specFromOptions } from './query.ts';

const formats = [...chartFormats, ...tableFormats, 'html'];
/** The periods a follow-ups chart can use (hours are drawn per day, as in the app). */
const trendGrains = ['day', 'week', 'month', 'quarter', 'year'] as const satisfies readonly TrendGrain[];

const isChartFormat = (f: string): f is ChartFormat => (chartFormats as readonly string[]).includes(f);
const isTableFormat = (f: string): f is TableFormat => (tableFormats as readonly string[]).includes(f);

/** The file's bytes from the store: a chart, the rows, or an interactive report. */
function makeFile(
  store: Store,
  format: string,
  kind: ChartKind | undefined,
  spec: QuerySpec,
  options: OptionValues,
): Promise<{ bytes: Buffer; what: string }> {
  const side = optString(options, 'side') === 'highlights' ? 'highlight' : 'painPoint';
  const grain = trendGrains.find((g) => spec.groupBy.includes(g)) ?? 'day';
  if (format === 'html') return htmlFromStore(store, { ...(kind ? { kind } : {}), spec, side, grain });
  if (!isChartFormat(format))
    return rowsFromStore(store, spec, format as TableFormat, { bom: optBool(options, 'bom') });
  const ratio = optInt(options, 'pixel-ratio');
  return chartFromStore(store, {
    kind: kind ?? 'trend',
    format,
    spec,
    side,
    grain,
    width: optInt(options, 'width') ?? 1600,
    height: optInt(options, 'height') ?? 900,
    pixelRatio: ratio === 3 ? 3 : ratio === 2 ? 2 : 1,
  });
}

export const exportCommand: CliCommand = {
  name: 'export',
  summary:
    'write a chart (png, svg, pdf), the rows (csv, xlsx) or an interactive report (html) of a selection, from the local store',
  details:
    'Takes the same selection as `query` (its options, or --spec). Charts: --chart trend|heatmap|ranking|followups. ' +
    'html: one self-contained file that opens offline — the chart (with --chart) and the rows it shows, or without ' +
    '--chart the rows of the selection as a sortable table. Nothing is fetched; the file appears whole or not at all.',
  options: [
    ...query.options.filter((o) => o.name !== 'format'),
    { name: 'format', type: 'string', choices: formats, description: 'the file type' },
    { name: 'out', type: 'string', valueName: 'FILE', description: 'where to write the file' },
    {
      name: 'chart',
      type: 'string',
      choices: chartKinds,
      description: 'which chart (png, svg and pdf; optional with html)',
    },
    {
      name: 'side',
      type: 'string',
      choices: ['pain-points', 'highlights'],
      default: 'pain-points',
      description: 'followups: pain points or highlights (its period: the day, week, month… of --by)',
    },
    {
      name: 'width',
      type: 'integer',
      min: 200,
      max: 4000,
      default: 1600,
      description: 'chart width in pixels',
    },
    {
      name: 'height',
      type: 'integer',
      min: 200,
      max: 4000,
      default: 900,
      description: 'chart height in pixels',
    },
    {
      name: 'pixel-ratio',
      type: 'integer',
      min: 1,
      max: 3,
      default: 1,
      description: 'PNG pixels per chart pixel',
    },
    {
      name: 'bom',
      type: 'boolean',
      description: 'CSV: start with a byte-order mark (Excel reads accents right)',
    },
    { name: 'force', type: 'boolean', description: 'replace the file if it exists' },
  ],
  async run(options, io) {
    const format = optString(options, 'format');
    const out = optString(options, 'out');
    if (format === undefined) throw new UsageError(`option '--format' is required (${formats.join(', ')})`);
    if (out === undefined) throw new UsageError("option '--out' is required (the file to write)");
    const kind: ChartKind | undefined = chartKinds.find((k) => k === optString(options, 'chart'));
    if (isChartFormat(format) && kind === undefined)
      throw new UsageError(`option '--chart' is required with --format ${format} (${chartKinds.join(', ')})`);
    if (isTableFormat(format) && kind !== undefined)
      throw new UsageError(
        `option '--chart' draws a picture; --format ${format} writes the rows, without --chart`,
      );
    const spec = specFromOptions(options, await readSpecOption(options, io));
    const problem = querySpecProblem(spec);
    if (problem) throw new UsageError(problem);
    const force = optBool(options, 'force');
    const fail = (error: unknown): never => {
      if (
        error instanceof ExportPathError ||
        error instanceof ChartUnavailableError ||
        error instanceof HtmlRuntimeError
      )
        throw new Error(error.message);
      throw error;
    };
    try {
      checkExportPath(out, { force });
    } catch (error) {
      fail(error);
    }
    const made = await readFileAsync(
      optString(options, 'db') ?? defaultStorePath('default', io.env),
      (store) => makeFile(store, format, kind, spec, options).catch(fail),
    );
    let path: string;
    try {
      path = writeExportFile(out, made.bytes, { force });
    } catch (error) {
      return fail(error);
    }
    io.stdout.write(`Wrote ${path} (${made.what}).\n`);
    return 0;
  },
};
