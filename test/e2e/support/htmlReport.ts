// Page object for an interactive HTML report opened the way a reader opens it: from file://, in a fresh context that
// aborts every request but the file itself (and counts them), watched for dialogs, console errors and CSP violations.
import { pathToFileURL } from 'node:url';
import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { guardPage, type PageGuard } from './pageGuard.ts';

// In-page code is a string: this project's Node-side typecheck has no DOM types.
const inspectScript = `(() => {
  const out = [];
  if (document.scripts.length !== 2) out.push(document.scripts.length + ' script elements (the file has 2)');
  const bad = document.querySelectorAll('img, iframe, object, embed, link, a[href], body style, [onerror], ' +
    '[onload], [onmouseover], [data-x], svg image, svg foreignObject');
  for (const el of bad) out.push('element from data: <' + el.tagName.toLowerCase() + '>');
  if (document.title.includes('PWNED')) out.push('the document title was changed by a payload');
  return out;
})()`;

export class OfflineReport {
  /** Every request other than the file itself (each was aborted). */
  readonly requests: string[] = [];
  readonly page: Page;
  private readonly context: BrowserContext;
  private readonly guard: PageGuard;
  private constructor(page: Page, context: BrowserContext, guard: PageGuard) {
    this.page = page;
    this.context = context;
    this.guard = guard;
  }

  static async open(browser: Browser, path: string): Promise<OfflineReport> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const url = pathToFileURL(path).href;
    const guard = await guardPage(page, url);
    const report = new OfflineReport(page, context, guard);
    await context.route('**/*', (route) => {
      const asked = route.request().url();
      if (asked === url) return route.continue();
      report.requests.push(asked);
      return route.abort();
    });
    await page.goto(url);
    await page.locator('#report h1').waitFor();
    return report;
  }

  /** Dialogs, requests, console errors and warnings, CSP violations, elements made from data. */
  async problems(): Promise<string[]> {
    const found: unknown = await this.page.evaluate(inspectScript);
    return [...this.guard.problems(), ...(Array.isArray(found) ? found.map(String) : ['no inspection'])];
  }

  charts(): Locator {
    return this.page.locator('.report-chart__box');
  }

  /** The SVG text of one chart (axis labels, legend, and the tooltip while it shows). */
  async chartTexts(chart: Locator): Promise<string[]> {
    return chart.locator('svg text').allTextContents();
  }

  /** Moves the mouse over a point of the chart (fractions of its box) and returns the texts that appeared. */
  async hover(chart: Locator, fx: number, fy: number): Promise<string[]> {
    const box = await chart.boundingBox();
    if (!box) throw new Error('the chart has no box');
    await this.page.mouse.move(1, 1);
    const before = await this.chartTexts(chart);
    await this.page.mouse.move(box.x + box.width * fx, box.y + box.height * fy, { steps: 4 });
    await expect.poll(async () => (await this.chartTexts(chart)).length).toBeGreaterThan(before.length);
    const after = await this.chartTexts(chart);
    const left = [...before];
    return after.filter((t) => {
      const i = left.indexOf(t);
      if (i < 0) return true;
      left.splice(i, 1);
      return false;
    });
  }

  /** The cells of a report table, as shown (text). */
  async tableCells(table: Locator): Promise<string[][]> {
    return table
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((r) =>
          Array.from(r.querySelectorAll('td'), (td: { textContent: string | null }) => td.textContent ?? ''),
        ),
      );
  }

  async close(): Promise<void> {
    await this.context.close();
  }
}
