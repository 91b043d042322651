// What an interactive HTML report embeds (one JSON block): written by main, read by the file's own script.
import type { ChartOptionJson, TableColumn, TableCell } from '../contract.ts';

/** One table of the report: its rows (at most `htmlReportRowLimit`) and how many the view had. */
export interface HtmlReportTable {
  title: string;
  columns: TableColumn[];
  rows: TableCell[][];
  totalRows: number;
}

export interface HtmlReportData {
  kind: 'feedback-desk-html-report';
  version: 1;
  title: string;
  /** The filters in words, label and value ("Subtree", "Deutschland"), as the PDF's title page lists them. */
  filters: [string, string][];
  /** "Data as of 2026-10-31 18:04 UTC" (the last finished sync). */
  dataAsOf: string;
  app: { name: string; version: string };
  charts: { title: string; option: ChartOptionJson }[];
  tables: HtmlReportTable[];
}

/** A report keeps at most this many rows per table (the table's own CSV/XLSX export has them all). */
export const htmlReportRowLimit = 10_000;

/** The id of the JSON block, the element the file prints its SHA-256 in, and the element the script fills. */
export const htmlReportIds = { data: 'report-data', sha256: 'report-sha256', root: 'report' } as const;
