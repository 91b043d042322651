// A view (or one chart) as one self-contained, interactive HTML file: the data it shows as one JSON block, the report
// script inlined, a strict Content-Security-Policy with the hashes of its inline script and style, and the SHA-256
// of the embedded data printed for provenance. Nothing in it is fetched; nothing from the data is written as HTML.
import { createHash } from 'node:crypto';
import type { ExportTable, ReportChart } from '#shared/contract.ts';
import { htmlReportIds, htmlReportRowLimit, type HtmlReportData } from '#shared/report/htmlReportData.ts';
import { captionLines, escapeXml, filterPairs, formatDataAsOf, type Caption } from './caption.ts';
import { htmlReportRuntime } from './htmlRuntime.ts';

export interface HtmlReportInput {
  caption: Caption;
  charts: ReportChart[];
  tables: ExportTable[];
}

/** What the file embeds: exactly the charts and tables given (tables cut at the row limit), with the caption. */
export function htmlReportData(input: HtmlReportInput): HtmlReportData {
  const { caption } = input;
  return {
    kind: 'feedback-desk-html-report',
    version: 1,
    title: caption.title,
    filters: filterPairs(caption),
    dataAsOf: `Data as of ${formatDataAsOf(caption.dataAsOf)}`,
    app: { name: caption.app.name, version: caption.app.version },
    charts: input.charts.map((c) => ({ title: c.title, option: c.option })),
    tables: input.tables.map((t) => ({
      title: t.title,
      columns: t.columns,
      rows: t.rows.slice(0, htmlReportRowLimit),
      totalRows: t.rows.length,
    })),
  };
}

/**
 * JSON that can sit inside a <script> element as it is: `<`, `>` and `&` (so no `</script>` or `<!--` can appear)
 * and the line separators U+2028/U+2029 written as \u escapes — the same value for JSON.parse.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const sha256 = (text: string, encoding: 'hex' | 'base64'): string =>
  createHash('sha256').update(text, 'utf8').digest(encoding);

const style = `
:root{color-scheme:light;--text:#1f2430;--muted:#5b6472;--line:#dde1e8;--head:#eceff4;--accent:#2f5fb3}
*{box-sizing:border-box}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;color:var(--text);background:#fff}
main,footer{max-width:1200px;margin:0 auto;padding:16px 24px}
h1{font-size:26px;margin:4px 0 12px}
h2{font-size:18px;margin:28px 0 8px}
.report-app,.report-asof,.report-note,footer{color:var(--muted)}
.report-app{margin:0;font-size:13px}
.report-filters{display:grid;grid-template-columns:max-content 1fr;gap:2px 16px;margin:0 0 8px}
.report-filters dt{font-weight:600}
.report-filters dd{margin:0;overflow-wrap:anywhere}
.report-note{font-size:12px}
.report-chart__box{width:100%;height:440px;border:1px solid var(--line);border-radius:6px}
.report-table__scroll{max-height:600px;overflow:auto;border:1px solid var(--line);border-radius:6px}
table{border-collapse:collapse;width:100%;font-size:13px}
th{position:sticky;top:0;background:var(--head);text-align:left;padding:0}
th button{font:inherit;font-weight:600;color:inherit;background:none;border:0;padding:6px 8px;width:100%;text-align:inherit;cursor:pointer}
th button:focus-visible{outline:2px solid var(--accent);outline-offset:-2px}
th[aria-sort=ascending] button::after{content:" \\25B2"}
th[aria-sort=descending] button::after{content:" \\25BC"}
td{padding:4px 8px;border-top:1px solid var(--line);overflow-wrap:anywhere}
.num{text-align:right;font-variant-numeric:tabular-nums}
footer{font-size:12px;border-top:1px solid var(--line);margin-top:24px}
code{overflow-wrap:anywhere}
@media print{.report-chart__box{break-inside:avoid}.report-table__scroll{max-height:none;overflow:visible}}
`;

/** The whole file. The caller measures nothing: the text is the file. */
export async function reportToHtml(input: HtmlReportInput): Promise<Buffer> {
  const data = scriptSafeJson(htmlReportData(input));
  const script = await htmlReportRuntime();
  const lines = captionLines(input.caption);
  const csp = [
    "default-src 'none'",
    `script-src 'sha256-${sha256(script, 'base64')}'`,
    `style-src 'sha256-${sha256(style, 'base64')}'`,
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  const app = escapeXml(`${input.caption.app.name} ${input.caption.app.version}`);
  const html = [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${csp}">`,
    '<meta name="referrer" content="no-referrer">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="generator" content="${app}">`,
    `<title>${escapeXml(input.caption.app.name)} report</title>`,
    `<style>${style}</style>`,
    '</head>',
    '<body>',
    `<main id="${htmlReportIds.root}"><noscript>This report draws its charts and tables with JavaScript; allow scripts for this file to see them.</noscript></main>`,
    '<footer>',
    `<p>${escapeXml(lines.footer)} · interactive report: it fetches nothing and works offline.</p>`,
    `<p>SHA-256 of the embedded data (the text of the element <code>#${htmlReportIds.data}</code>, UTF-8): <code id="${htmlReportIds.sha256}">${sha256(data, 'hex')}</code> <span id="${htmlReportIds.sha256}-check"></span></p>`,
    '</footer>',
    `<script id="${htmlReportIds.data}" type="application/json">${data}</script>`,
    `<script>${script}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
  return Buffer.from(html, 'utf8');
}
