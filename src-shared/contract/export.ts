// The export domain of the contract: a chart (its ECharts option), a table or a whole view to a file, and the checks.
import * as v from 'valibot';
import { parseQuerySpec } from './analytics.ts';
import { isPlainObject, type ArgParsers } from './parse.ts';
import {
  args,
  bool,
  checkedBy,
  eachOf,
  fields,
  loose,
  objectOf,
  oneOf,
  oneOfRequired,
  parserOf,
} from './schema.ts';

export type ChartFormat = 'png' | 'svg' | 'pdf';
export const chartFormats = ['png', 'svg', 'pdf'] as const satisfies readonly ChartFormat[];
export type TableFormat = 'csv' | 'xlsx';
export const tableFormats = ['csv', 'xlsx'] as const satisfies readonly TableFormat[];
export type PixelRatio = 1 | 2 | 3;

const maxText = 2_000;
const maxCharts = 24;
const maxTables = 24;
const maxRows = 200_000;
const maxOptionDepth = 24;
const maxOptionNodes = 400_000;

/** Text of at most `maxText` characters. */
function text(name: string) {
  return v.pipe(
    v.string(`${name} must be text`),
    v.maxLength(maxText, `${name} is longer than ${maxText} characters`),
  );
}

/** Text that must be given (`missing` says so when it is not). */
function requiredText(name: string, missing: string) {
  return v.pipe(
    v.unknown(),
    v.check((value) => value !== undefined, missing),
    text(name),
  );
}

const filterWordsMissing = 'caption.filters needs subtree, period and misuse';
/**
 * The filters in words, as a caption prints them (each value is plain text, possibly from the data: untrusted).
 * Absent: that filter is not set (a caption leaves the line out).
 */
const filterWords = fields(
  {
    subtree: requiredText('caption.filters.subtree', filterWordsMissing),
    period: requiredText('caption.filters.period', filterWordsMissing),
    comparison: v.optional(text('caption.filters.comparison')),
    scale: v.optional(text('caption.filters.scale')),
    survey: v.optional(text('caption.filters.survey')),
    misuse: requiredText('caption.filters.misuse', filterWordsMissing),
  },
  'caption.filters must be an object',
  (key) => `unexpected caption filter '${key}'`,
);
export type FilterWords = v.InferOutput<typeof filterWords>;

/** What the renderer knows of a caption; main adds "data as of" (the last sync) and the app's name and version. */
const captionText = objectOf('caption', { title: text('caption.title'), filters: filterWords });
export type CaptionText = v.InferOutput<typeof captionText>;

/** Plain JSON (objects, arrays, strings, finite numbers, booleans, null), bounded in depth and size. */
function boundedJson(value: unknown): boolean {
  let nodes = 0;
  const check = (x: unknown, depth: number): boolean => {
    if (++nodes > maxOptionNodes || depth > maxOptionDepth) return false;
    if (x === null || typeof x === 'boolean' || typeof x === 'string') return true;
    if (typeof x === 'number') return Number.isFinite(x);
    if (Array.isArray(x)) return x.every((y) => check(y, depth + 1));
    if (isPlainObject(x)) return Object.values(x).every((y) => check(y, depth + 1));
    return false;
  };
  return check(value, 0);
}

/** A JSON-only ECharts option (functions such as tooltip formatters do not cross the bridge, nor are they needed). */
function chartOption(name: string) {
  return v.pipe(
    v.custom<Record<string, unknown>>(isPlainObject, `${name} must be an object`),
    v.check(
      (option: Record<string, unknown>) => boundedJson(option),
      `${name} must be plain JSON of bounded size`,
    ),
    v.transform((option) => structuredClone(option)),
  );
}
export type ChartOptionJson = v.InferOutput<ReturnType<typeof chartOption>>;

/** A file name without folders or control characters (its extension is checked against the format). */
const fileName = v.pipe(
  v.string('fileName must be text'),
  v.minLength(1, 'fileName must be text'),
  v.maxLength(200, 'fileName must be text'),
  v.check(
    // eslint-disable-next-line no-control-regex
    (name) => !/[/\\\u0000-\u001f]/.test(name) && !name.startsWith('.'),
    'fileName must be a plain file name',
  ),
);

/** `fileName` ends in `.<format>`. */
function fileNameOfFormat<T extends { fileName: string; format: string }>() {
  return v.check<T, (issue: v.CheckIssue<T>) => string>(
    (a) => a.fileName.toLowerCase().endsWith(`.${a.format}`),
    (issue) => `fileName must end in .${issue.input.format}`,
  );
}

const pixels = (name: string) => {
  const message = `${name} must be a whole number of pixels from 200 to 4000`;
  return v.pipe(v.number(message), v.integer(message), v.minValue(200, message), v.maxValue(4000, message));
};

const sizeEntries = {
  /** CSS pixels of the whole file, caption included. */
  width: pixels('width'),
  height: pixels('height'),
  /** PNG only: the PNG measures width × ratio by height × ratio. */
  pixelRatio: v.picklist([1, 2, 3], 'pixelRatio must be 1, 2 or 3'),
};
export type ChartSize = v.InferOutput<ReturnType<typeof v.object<typeof sizeEntries>>>;

const chartExportFields = args({
  format: oneOfRequired(chartFormats, 'format'),
  ...sizeEntries,
  option: chartOption('option'),
  caption: captionText,
  /** Suggested name without folder, e.g. happy-index_deutschland_2026-10-01_2026-10-31.png. */
  fileName,
});
const chartExportArgs = v.pipe(
  chartExportFields,
  fileNameOfFormat<v.InferOutput<typeof chartExportFields>>(),
);
export type ChartExportArgs = v.InferOutput<typeof chartExportArgs>;

export type TableColumnType = 'text' | 'number' | 'date' | 'datetime';
const tableColumnTypes = ['text', 'number', 'date', 'datetime'] as const satisfies readonly TableColumnType[];
export type TableCell = string | number | null;

const isCell = (c: unknown): c is TableCell =>
  c === null || typeof c === 'string' || (typeof c === 'number' && Number.isFinite(c));

/** A table as it is exported: dates as yyyy-MM-dd, date-times as ISO text; rows hold one cell per column. */
function exportTable(name: string) {
  const hold = `${name}.columns must hold { key, label, type }`;
  const listed = `${name}.columns must list 1 to 100 columns`;
  const column = v.pipe(
    v.custom<{ key: string; label: string; type?: unknown }>(
      (c) => isPlainObject(c) && typeof c.key === 'string' && typeof c.label === 'string',
      hold,
    ),
    v.check(
      (c) => c.type === undefined || tableColumnTypes.some((t) => t === c.type),
      `${name}.columns type must be one of ${tableColumnTypes.join(', ')}`,
    ),
    v.transform((c) => ({
      key: c.key.slice(0, 100),
      label: c.label.slice(0, maxText),
      type: tableColumnTypes.find((t) => t === c.type) ?? 'text',
    })),
  );
  const rowsListed = `${name}.rows must be a list (at most ${maxRows})`;
  const table = objectOf(name, {
    title: text(`${name}.title`),
    columns: v.pipe(
      v.array(v.unknown(), listed),
      v.minLength(1, listed),
      v.maxLength(100, listed),
      v.array(column),
    ),
    rows: v.pipe(v.array(v.unknown(), rowsListed), v.maxLength(maxRows, rowsListed)),
  });
  const isRow =
    (width: number) =>
    (r: unknown): r is TableCell[] =>
      Array.isArray(r) && r.length === width && r.every(isCell);
  return v.pipe(
    table,
    v.check(
      (t: v.InferOutput<typeof table>) => t.rows.every(isRow(t.columns.length)),
      `${name}.rows must hold one text, number or null per column`,
    ),
    v.transform((t: v.InferOutput<typeof table>) => ({
      title: t.title,
      columns: t.columns,
      rows: t.rows.filter(isRow(t.columns.length)).map((r) => [...r]),
    })),
  );
}
export type ExportTable = v.InferOutput<ReturnType<typeof exportTable>>;
export type TableColumn = ExportTable['columns'][number];

/** The rows of a table: given by the view, or a QuerySpec that main runs (names are put next to ids). */
const tableSource = v.pipe(
  v.custom<Record<string, unknown>>(isPlainObject, 'source must be an object'),
  v.check((s) => s.kind === 'rows' || s.kind === 'query', "source.kind must be 'rows' or 'query'"),
  v.variant('kind', [
    loose({ kind: v.literal('rows'), table: exportTable('source.table') }),
    loose({
      kind: v.literal('query'),
      spec: checkedBy(parseQuerySpec, 'source.spec: '),
      title: text('source.title'),
    }),
  ]),
);
export type TableSource = v.InferOutput<typeof tableSource>;

const tableExportFields = args({
  format: oneOfRequired(tableFormats, 'format'),
  /** CSV only: a byte-order mark first, so Excel reads UTF-8 accents right. */
  bom: bool('bom'),
  source: tableSource,
  caption: captionText,
  fileName,
});
const tableExportArgs = v.pipe(
  tableExportFields,
  fileNameOfFormat<v.InferOutput<typeof tableExportFields>>(),
);
export type TableExportArgs = v.InferOutput<typeof tableExportArgs>;

const reportChart = (i: number) =>
  fields(
    { title: text(`charts[${i}].title`), option: chartOption(`charts[${i}].option`) },
    `charts[${i}] must be { title, option }`,
    () => `charts[${i}] must be { title, option }`,
  );
export type ReportChart = v.InferOutput<ReturnType<typeof reportChart>>;

/** How a view's report is written: one PDF of pages, or one self-contained interactive HTML file. */
export type ReportFormat = 'pdf' | 'html';
export const reportFormats = ['pdf', 'html'] as const satisfies readonly ReportFormat[];

/**
 * One report of the view: a title page with the filters, every chart of the view, and its key tables — as a PDF, or
 * (format 'html') as an interactive HTML file that opens offline (docs/HTML-REPORTS.md).
 */
const reportExportFields = args({
  /** Absent: 'pdf'. */
  format: oneOf(reportFormats, 'format'),
  caption: captionText,
  charts: v.pipe(
    v.array(v.unknown(), `charts must list at most ${maxCharts}`),
    v.maxLength(maxCharts, `charts must list at most ${maxCharts}`),
    eachOf(reportChart),
  ),
  tables: v.pipe(
    v.array(v.unknown(), `tables must list at most ${maxTables}`),
    v.maxLength(maxTables, `tables must list at most ${maxTables}`),
    eachOf((i) => exportTable(`tables[${i}]`)),
  ),
  fileName,
});
const reportExportArgs = v.pipe(
  reportExportFields,
  v.check(
    (a: v.InferOutput<typeof reportExportFields>) =>
      a.fileName.toLowerCase().endsWith(`.${a.format ?? 'pdf'}`),
    (issue) => `fileName must end in .${issue.input.format ?? 'pdf'}`,
  ),
);
export type ReportExportArgs = v.InferOutput<typeof reportExportArgs>;

/** How an export ended: written (desktop: the chosen path), cancelled in the dialog, or a download (web mode). */
export type ExportOutcome =
  | { kind: 'saved'; path: string }
  | { kind: 'cancelled' }
  | { kind: 'download'; url: string; fileName: string };

export interface ExportCommands {
  'export:chart': { args: ChartExportArgs; result: ExportOutcome };
  'export:table': { args: TableExportArgs; result: ExportOutcome };
  'export:report': { args: ReportExportArgs; result: ExportOutcome };
}

export const exportArgs: ArgParsers<ExportCommands> = {
  'export:chart': parserOf(chartExportArgs),
  'export:table': parserOf(tableExportArgs),
  'export:report': parserOf(reportExportArgs),
};
