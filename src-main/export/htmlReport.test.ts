// The interactive HTML report as a file: one JSON block holding exactly what was given, hostile text only inside it
// (escaped for a script element), a CSP whose hashes are those of the file's own inline script and style (hashed
// here again by node:crypto over the text between the tags), and the printed SHA-256 of the embedded data.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ExportTable } from '#shared/contract.ts';
import { htmlReportRowLimit, type HtmlReportData } from '#shared/report/htmlReportData.ts';
import { hostile } from './testing/exportStore.ts';
import { reportToHtml, scriptSafeJson, type HtmlReportInput } from './htmlReport.ts';

const nasty = '</script><script>alert(1)</script><!-- \u2028\u2029 & "q"';
const table: ExportTable = {
  title: `Rows ${hostile.markup}`,
  columns: [
    { key: 'experiencePoint', label: 'Experience point', type: 'text' },
    { key: 'count', label: 'Presses', type: 'number' },
  ],
  rows: [
    [hostile.formula, 3],
    [nasty, 1],
  ],
};
const input: HtmlReportInput = {
  caption: {
    title: `Trends ${hostile.markup}`,
    filters: { subtree: nasty, period: 'October 2026', misuse: 'misuse left out' },
    dataAsOf: '2026-11-02T08:30:00.000Z',
    app: { name: 'Feedback Desk', version: '9.9.9' },
  },
  charts: [
    {
      title: `Answers ${hostile.question}`,
      option: { xAxis: { type: 'category', data: [nasty] }, yAxis: {}, series: [{ type: 'bar', data: [4] }] },
    },
  ],
  tables: [table],
};

const sha256 = (text: string, encoding: 'hex' | 'base64') =>
  createHash('sha256').update(text, 'utf8').digest(encoding);

/** The text of every element `tag` (an independent reading: a regular expression over the file). */
const elements = (html: string, tag: string): { attrs: string; text: string }[] =>
  [...html.matchAll(new RegExp(`<${tag}([^>]*)>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => ({
    attrs: m[1] ?? '',
    text: m[2] ?? '',
  }));

describe('scriptSafeJson', () => {
  it('writes <, >, &, U+2028 and U+2029 as escapes and reads back the same value', () => {
    const text = scriptSafeJson({ s: nasty });
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(text)).toEqual({ s: nasty });
  });
});

describe('reportToHtml', () => {
  it('embeds exactly the given charts and tables, with the caption in words, as one JSON block', async () => {
    const html = (await reportToHtml(input)).toString('utf8');
    const scripts = elements(html, 'script');
    expect(scripts).toHaveLength(2);
    const [data, code] = scripts;
    expect(data?.attrs).toBe(' id="report-data" type="application/json"');
    expect(code?.attrs).toBe('');
    const parsed = JSON.parse(data?.text ?? '') as HtmlReportData;
    expect(parsed).toEqual({
      kind: 'feedback-desk-html-report',
      version: 1,
      title: input.caption.title,
      filters: [
        ['Subtree', nasty],
        ['Period', 'October 2026'],
        ['Misuse', 'misuse left out'],
      ],
      dataAsOf: 'Data as of 2026-11-02 08:30 UTC',
      app: { name: 'Feedback Desk', version: '9.9.9' },
      charts: input.charts,
      tables: [{ ...table, totalRows: 2 }],
    });
    // The hostile text appears nowhere as markup: only escaped inside the JSON block.
    for (const text of [hostile.markup, nasty, hostile.question])
      expect(html.includes(text), JSON.stringify(text)).toBe(false);
    // The printed digest is the embedded text's.
    expect(html).toContain(`<code id="report-sha256">${sha256(data?.text ?? '', 'hex')}</code>`);
    expect(html).toContain('Data as of 2026-11-02 08:30 UTC · Feedback Desk 9.9.9');
  }, 120_000);

  it('carries a strict CSP whose hashes are those of its one inline script and one style', async () => {
    const html = (await reportToHtml(input)).toString('utf8');
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1] ?? '';
    const code = elements(html, 'script')[1]?.text ?? '';
    const styles = elements(html, 'style');
    expect(styles).toHaveLength(1);
    expect(csp.split('; ')).toEqual([
      "default-src 'none'",
      `script-src 'sha256-${sha256(code, 'base64')}'`,
      `style-src 'sha256-${sha256(styles[0]?.text ?? '', 'base64')}'`,
      'img-src data:',
      "base-uri 'none'",
      "form-action 'none'",
    ]);
    // The policy comes before any script or style, and no markup names another address or file.
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<style>'));
    const markup = html.replace(/<script([^>]*)>[\s\S]*?<\/script>/g, '<script$1></script>');
    expect(/\bsrc=|\bhref=|<link\b|@import|url\(/i.test(markup)).toBe(false);
  }, 120_000);

  it(`keeps at most ${htmlReportRowLimit} rows of a table and says how many there were`, async () => {
    const rows = Array.from({ length: htmlReportRowLimit + 5 }, (_, i) => [`p${i}`, i]);
    const html = (await reportToHtml({ ...input, charts: [], tables: [{ ...table, rows }] })).toString(
      'utf8',
    );
    const parsed = JSON.parse(elements(html, 'script')[0]?.text ?? '') as HtmlReportData;
    expect(parsed.tables[0]?.rows).toHaveLength(htmlReportRowLimit);
    expect(parsed.tables[0]?.rows.at(-1)).toEqual([`p${htmlReportRowLimit - 1}`, htmlReportRowLimit - 1]);
    expect(parsed.tables[0]?.totalRows).toBe(htmlReportRowLimit + 5);
  }, 120_000);
});
