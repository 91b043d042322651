// The export domain of the contract: a chart (its ECharts option), a table or a whole view to a file, and the checks.
import type { QuerySpec } from './analytics.ts';
import { parseQuerySpec } from './analytics.ts';
import { bad, isPlainObject, parseOneOf, unknownKey, type ArgParsers, type Parsed } from './parse.ts';

export type ChartFormat = 'png' | 'svg' | 'pdf';
export const chartFormats = ['png', 'svg', 'pdf'] as const satisfies readonly ChartFormat[];
export type TableFormat = 'csv' | 'xlsx';
export const tableFormats = ['csv', 'xlsx'] as const satisfies readonly TableFormat[];
export type PixelRatio = 1 | 2 | 3;

/**
 * The filters in words, as a caption prints them (each value is plain text, possibly from the data: untrusted).
 * Absent: that filter is not set (a caption leaves the line out).
 */
export interface FilterWords {
  subtree: string;
  period: string;
  comparison?: string;
  scale?: string;
  survey?: string;
  misuse: string;
}

/** What the renderer knows of a caption; main adds "data as of" (the last sync) and the app's name and version. */
export interface CaptionText {
  title: string;
  filters: FilterWords;
}

/** A JSON-only ECharts option (functions such as tooltip formatters do not cross the bridge, nor are they needed). */
export type ChartOptionJson = Record<string, unknown>;

export interface ChartSize {
  /** CSS pixels of the whole file, caption included. */
  width: number;
  height: number;
  /** PNG only: the PNG measures width × ratio by height × ratio. */
  pixelRatio: PixelRatio;
}

export interface ChartExportArgs extends ChartSize {
  option: ChartOptionJson;
  caption: CaptionText;
  format: ChartFormat;
  /** Suggested name without folder, e.g. happy-index_deutschland_2026-10-01_2026-10-31.png. */
  fileName: string;
}

export type TableColumnType = 'text' | 'number' | 'date' | 'datetime';
export interface TableColumn {
  key: string;
  label: string;
  type: TableColumnType;
}
export type TableCell = string | number | null;
/** A table as it is exported: dates as yyyy-MM-dd, date-times as ISO text; rows hold one cell per column. */
export interface ExportTable {
  title: string;
  columns: TableColumn[];
  rows: TableCell[][];
}

/** The rows of a table: given by the view, or a QuerySpec that main runs (names are put next to ids). */
export type TableSource =
  { kind: 'rows'; table: ExportTable } | { kind: 'query'; spec: QuerySpec; title: string };

export interface TableExportArgs {
  source: TableSource;
  caption: CaptionText;
  format: TableFormat;
  /** CSV only: a byte-order mark first, so Excel reads UTF-8 accents right. */
  bom?: boolean;
  fileName: string;
}

export interface ReportChart {
  title: string;
  option: ChartOptionJson;
}
/** How a view's report is written: one PDF of pages, or one self-contained interactive HTML file. */
export type ReportFormat = 'pdf' | 'html';
export const reportFormats = ['pdf', 'html'] as const satisfies readonly ReportFormat[];

/**
 * One report of the view: a title page with the filters, every chart of the view, and its key tables — as a PDF, or
 * (format 'html') as an interactive HTML file that opens offline (docs/HTML-REPORTS.md).
 */
export interface ReportExportArgs {
  caption: CaptionText;
  charts: ReportChart[];
  tables: ExportTable[];
  /** Absent: 'pdf'. */
  format?: ReportFormat;
  fileName: string;
}

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

const maxText = 2_000;
const maxCharts = 24;
const maxTables = 24;
const maxRows = 200_000;
const maxOptionDepth = 24;
const maxOptionNodes = 400_000;

function parseText(value: unknown, name: string, optional = false): Parsed<string | undefined> {
  if (value === undefined && optional) return { ok: true, args: undefined };
  if (typeof value !== 'string') return bad(`${name} must be text`);
  if (value.length > maxText) return bad(`${name} is longer than ${maxText} characters`);
  return { ok: true, args: value };
}

function parseFilterWords(value: unknown): Parsed<FilterWords> {
  if (!isPlainObject(value)) return bad('caption.filters must be an object');
  const keys = ['subtree', 'period', 'comparison', 'scale', 'survey', 'misuse'] as const;
  const extra = unknownKey(value, keys);
  if (extra !== undefined) return bad(`unexpected caption filter '${extra}'`);
  const out: Record<string, string> = {};
  for (const key of keys) {
    const optional = key === 'comparison' || key === 'scale' || key === 'survey';
    const text = parseText(value[key], `caption.filters.${key}`, optional);
    if (!text.ok) return text;
    if (text.args !== undefined) out[key] = text.args;
  }
  const { subtree, period, misuse, comparison, scale, survey } = out;
  if (subtree === undefined || period === undefined || misuse === undefined)
    return bad('caption.filters needs subtree, period and misuse');
  return {
    ok: true,
    args: {
      subtree,
      period,
      misuse,
      ...(comparison !== undefined ? { comparison } : {}),
      ...(scale !== undefined ? { scale } : {}),
      ...(survey !== undefined ? { survey } : {}),
    },
  };
}

function parseCaption(value: unknown): Parsed<CaptionText> {
  if (!isPlainObject(value)) return bad('caption must be an object');
  const extra = unknownKey(value, ['title', 'filters']);
  if (extra !== undefined) return bad(`unexpected caption field '${extra}'`);
  const title = parseText(value.title, 'caption.title');
  if (!title.ok) return title;
  const filters = parseFilterWords(value.filters);
  if (!filters.ok) return filters;
  return { ok: true, args: { title: title.args ?? '', filters: filters.args } };
}

/** A file name without folders or control characters, with the expected extension. */
function parseFileName(value: unknown, extensions: readonly string[]): Parsed<string> {
  if (typeof value !== 'string' || value.length === 0 || value.length > 200)
    return bad('fileName must be text');
  // eslint-disable-next-line no-control-regex
  if (/[/\\\u0000-\u001f]/.test(value) || value.startsWith('.'))
    return bad('fileName must be a plain file name');
  if (!extensions.some((e) => value.toLowerCase().endsWith(`.${e}`)))
    return bad(`fileName must end in .${extensions.join(' or .')}`);
  return { ok: true, args: value };
}

/** Plain JSON (objects, arrays, strings, finite numbers, booleans, null), bounded in depth and size. */
export function parseChartOption(value: unknown, name = 'option'): Parsed<ChartOptionJson> {
  if (!isPlainObject(value)) return bad(`${name} must be an object`);
  let nodes = 0;
  const check = (v: unknown, depth: number): boolean => {
    if (++nodes > maxOptionNodes || depth > maxOptionDepth) return false;
    if (v === null || typeof v === 'boolean' || typeof v === 'string') return true;
    if (typeof v === 'number') return Number.isFinite(v);
    if (Array.isArray(v)) return v.every((x) => check(x, depth + 1));
    if (isPlainObject(v)) return Object.values(v).every((x) => check(x, depth + 1));
    return false;
  };
  return check(value, 0)
    ? { ok: true, args: structuredClone(value) }
    : bad(`${name} must be plain JSON of bounded size`);
}

function parseSize(value: Record<string, unknown>): Parsed<ChartSize> {
  const { width, height, pixelRatio } = value;
  for (const [n, v] of [
    ['width', width],
    ['height', height],
  ] as const)
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 200 || v > 4000)
      return bad(`${n} must be a whole number of pixels from 200 to 4000`);
  if (pixelRatio !== 1 && pixelRatio !== 2 && pixelRatio !== 3) return bad('pixelRatio must be 1, 2 or 3');
  return { ok: true, args: { width: Number(width), height: Number(height), pixelRatio } };
}

const tableColumnTypes = ['text', 'number', 'date', 'datetime'] as const satisfies readonly TableColumnType[];

export function parseExportTable(value: unknown, name = 'table'): Parsed<ExportTable> {
  if (!isPlainObject(value)) return bad(`${name} must be an object`);
  const extra = unknownKey(value, ['title', 'columns', 'rows']);
  if (extra !== undefined) return bad(`unexpected ${name} field '${extra}'`);
  const title = parseText(value.title, `${name}.title`);
  if (!title.ok) return title;
  const { columns, rows } = value;
  if (!Array.isArray(columns) || columns.length === 0 || columns.length > 100)
    return bad(`${name}.columns must list 1 to 100 columns`);
  const cols: TableColumn[] = [];
  for (const c of columns) {
    if (!isPlainObject(c) || typeof c.key !== 'string' || typeof c.label !== 'string')
      return bad(`${name}.columns must hold { key, label, type }`);
    const type = parseOneOf(c.type, tableColumnTypes, `${name}.columns type`);
    if (!type.ok) return type;
    cols.push({ key: c.key.slice(0, 100), label: c.label.slice(0, maxText), type: type.args ?? 'text' });
  }
  if (!Array.isArray(rows) || rows.length > maxRows)
    return bad(`${name}.rows must be a list (at most ${maxRows})`);
  const cells = (r: unknown): r is TableCell[] =>
    Array.isArray(r) &&
    r.length === cols.length &&
    r.every((c) => c === null || typeof c === 'string' || (typeof c === 'number' && Number.isFinite(c)));
  if (!rows.every(cells)) return bad(`${name}.rows must hold one text, number or null per column`);
  return { ok: true, args: { title: title.args ?? '', columns: cols, rows: rows.map((r) => [...r]) } };
}

function parseChartExport(value: unknown): Parsed<ChartExportArgs> {
  if (!isPlainObject(value)) return bad('arguments must be an object');
  const extra = unknownKey(value, [
    'option',
    'caption',
    'format',
    'width',
    'height',
    'pixelRatio',
    'fileName',
  ]);
  if (extra !== undefined) return bad(`unexpected argument '${extra}'`);
  const format = parseOneOf(value.format, chartFormats, 'format');
  if (!format.ok) return format;
  if (format.args === undefined) return bad(`format must be one of ${chartFormats.join(', ')}`);
  const size = parseSize(value);
  if (!size.ok) return size;
  const option = parseChartOption(value.option);
  if (!option.ok) return option;
  const caption = parseCaption(value.caption);
  if (!caption.ok) return caption;
  const fileName = parseFileName(value.fileName, [format.args]);
  if (!fileName.ok) return fileName;
  return {
    ok: true,
    args: {
      ...size.args,
      option: option.args,
      caption: caption.args,
      format: format.args,
      fileName: fileName.args,
    },
  };
}

function parseTableSource(value: unknown): Parsed<TableSource> {
  if (!isPlainObject(value)) return bad('source must be an object');
  if (value.kind === 'rows') {
    const table = parseExportTable(value.table, 'source.table');
    return table.ok ? { ok: true, args: { kind: 'rows', table: table.args } } : table;
  }
  if (value.kind === 'query') {
    const spec = parseQuerySpec(value.spec);
    if (!spec.ok) return bad(`source.spec: ${spec.message}`);
    const title = parseText(value.title, 'source.title');
    if (!title.ok) return title;
    return { ok: true, args: { kind: 'query', spec: spec.args, title: title.args ?? '' } };
  }
  return bad("source.kind must be 'rows' or 'query'");
}

function parseTableExport(value: unknown): Parsed<TableExportArgs> {
  if (!isPlainObject(value)) return bad('arguments must be an object');
  const extra = unknownKey(value, ['source', 'caption', 'format', 'bom', 'fileName']);
  if (extra !== undefined) return bad(`unexpected argument '${extra}'`);
  const format = parseOneOf(value.format, tableFormats, 'format');
  if (!format.ok) return format;
  if (format.args === undefined) return bad(`format must be one of ${tableFormats.join(', ')}`);
  if (value.bom !== undefined && typeof value.bom !== 'boolean') return bad('bom must be true or false');
  const source = parseTableSource(value.source);
  if (!source.ok) return source;
  const caption = parseCaption(value.caption);
  if (!caption.ok) return caption;
  const fileName = parseFileName(value.fileName, [format.args]);
  if (!fileName.ok) return fileName;
  return {
    ok: true,
    args: {
      source: source.args,
      caption: caption.args,
      format: format.args,
      ...(value.bom === true ? { bom: true } : {}),
      fileName: fileName.args,
    },
  };
}

function parseReportExport(value: unknown): Parsed<ReportExportArgs> {
  if (!isPlainObject(value)) return bad('arguments must be an object');
  const extra = unknownKey(value, ['caption', 'charts', 'tables', 'format', 'fileName']);
  if (extra !== undefined) return bad(`unexpected argument '${extra}'`);
  const format = parseOneOf(value.format, reportFormats, 'format');
  if (!format.ok) return format;
  const caption = parseCaption(value.caption);
  if (!caption.ok) return caption;
  const { charts, tables } = value;
  if (!Array.isArray(charts) || charts.length > maxCharts)
    return bad(`charts must list at most ${maxCharts}`);
  if (!Array.isArray(tables) || tables.length > maxTables)
    return bad(`tables must list at most ${maxTables}`);
  const outCharts: ReportChart[] = [];
  for (const [i, c] of charts.entries()) {
    if (!isPlainObject(c)) return bad(`charts[${i}] must be { title, option }`);
    const title = parseText(c.title, `charts[${i}].title`);
    if (!title.ok) return title;
    const option = parseChartOption(c.option, `charts[${i}].option`);
    if (!option.ok) return option;
    outCharts.push({ title: title.args ?? '', option: option.args });
  }
  const outTables: ExportTable[] = [];
  for (const [i, t] of tables.entries()) {
    const table = parseExportTable(t, `tables[${i}]`);
    if (!table.ok) return table;
    outTables.push(table.args);
  }
  const fileName = parseFileName(value.fileName, [format.args ?? 'pdf']);
  if (!fileName.ok) return fileName;
  return {
    ok: true,
    args: {
      caption: caption.args,
      charts: outCharts,
      tables: outTables,
      ...(format.args === 'html' ? { format: format.args } : {}),
      fileName: fileName.args,
    },
  };
}

export const exportArgs: ArgParsers<ExportCommands> = {
  'export:chart': parseChartExport,
  'export:table': parseTableExport,
  'export:report': parseReportExport,
};
