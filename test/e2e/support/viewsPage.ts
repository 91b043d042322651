// Page object of the analyst's views: open one by its address, wait until it has answered, read what it shows.
import { expect, type Locator, type Page } from '@playwright/test';

export class ViewsPage {
  readonly page: Page;
  readonly base: string;

  constructor(page: Page, url: string) {
    this.page = page;
    this.base = new URL(url).origin;
  }

  /** Opens `#/<view>?<query>` (a view is a link) and waits until nothing is busy. */
  async open(view: string, query: Record<string, string>): Promise<void> {
    // The app first settles on its start route (the last one, or the overview); then the address is changed.
    await expect(this.page.getByRole('navigation', { name: 'Views' })).toBeVisible({ timeout: 60_000 });
    const hash = `#/${view}?${new URLSearchParams(query).toString()}`;
    await this.page.evaluate(`window.location.hash = ${JSON.stringify(hash)}`);
    await expect(this.page).toHaveURL(new RegExp(`#/${view}`));
    await this.settled();
  }

  async settled(): Promise<void> {
    await expect(this.page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 60_000 });
  }

  figure(key: 'presses' | 'score' | 'positive'): Locator {
    return this.page.getByTestId(`figure-${key}`);
  }

  /** A figure's value as a number (locale separators dropped). */
  async figureValue(key: 'presses' | 'score' | 'positive'): Promise<number> {
    const text = (await this.figure(key).locator('[data-part="value"]').textContent()) ?? '';
    return Number(text.replace(/[^\d.-]/g, ''));
  }

  /** What a chart draws, as the plain data it exposes. */
  async chartData<T>(testId: string): Promise<T> {
    const chart = this.page.locator(`[data-testid="${testId}"][data-rendered="true"]`);
    await expect(chart).toBeVisible({ timeout: 60_000 });
    return JSON.parse((await chart.getAttribute('data-series')) ?? 'null') as T;
  }

  /**
   * Clicks the heatmap cell of ISO weekday `d` (rows, Monday on top) and local hour `h` (columns): the cell's centre
   * from the chart's grid (patternHeatmap.ts: 56 px left, 96 right, 16 top, 48 bottom).
   */
  async clickHeatmapCell(testId: string, d: number, h: number): Promise<void> {
    const canvas = this.page.locator(`[data-testid="${testId}"] canvas`).first();
    const box = await canvas.boundingBox();
    if (!box) throw new Error(`${testId} is not drawn`);
    const width = box.width - 56 - 96;
    const height = box.height - 16 - 48;
    // ECharts stacks a hover layer over the drawing: the mouse clicks where a person would, at page coordinates.
    await this.page.mouse.click(box.x + 56 + ((h + 0.5) * width) / 24, box.y + 16 + ((d - 0.5) * height) / 7);
  }

  /** Clicks the Daily buttons chart's last bar near its foot (the grid of dailyButtonCounts.ts: 56 px left, 24 right, 40 bottom). */
  async clickLastDailyBar(): Promise<void> {
    const canvas = this.page.locator('[data-testid="daily-chart"] canvas').first();
    const box = await canvas.boundingBox();
    if (!box) throw new Error('the daily chart is not drawn');
    // The series of the chart as drawn now: while a new answer is on its way it may be momentarily empty (a CI run
    // read no day here and clicked at an infinite x), so wait until it holds days.
    const daysDrawn = async (): Promise<number> =>
      (
        JSON.parse((await this.page.getByTestId('daily-chart').getAttribute('data-series')) ?? '{}') as {
          days?: string[];
        }
      ).days?.length ?? 0;
    await expect.poll(daysDrawn, { timeout: 30_000 }).toBeGreaterThan(0);
    const n = await daysDrawn();
    const width = box.width - 56 - 24;
    await this.page.mouse.click(box.x + 56 + ((n - 0.5) * width) / n, box.y + box.height - 40 - 3);
  }

  rankingRow(id: number): Locator {
    return this.page.getByTestId('ranking-table').locator(`tbody tr[data-id="${id}"]`);
  }

  async rankingPresses(): Promise<Map<number, number>> {
    const rows = this.page.getByTestId('ranking-table').locator('tbody tr');
    const out = new Map<number, number>();
    for (const row of await rows.all()) {
      const id = Number(await row.getAttribute('data-id'));
      const presses = (await row.locator('td').nth(4).textContent()) ?? '';
      out.set(id, Number(presses.replace(/\D/g, '')));
    }
    return out;
  }
}
