// Page object of the app in web mode: first launch (with cancel), the tree, the scale selector, the chart's series.
import { expect, type Locator, type Page } from '@playwright/test';

export interface ChartSeries {
  group: string;
  days: string[];
  series: Array<{ buttonIndex: number; data: number[] }>;
}

export class ExplorePage {
  readonly page: Page;
  readonly exploreButton: Locator;
  readonly chart: Locator;
  readonly tree: Locator;
  readonly title: Locator;
  readonly cancelButton: Locator;
  readonly scales: Locator;

  constructor(page: Page) {
    this.page = page;
    this.exploreButton = page.getByRole('button', { name: 'Explore demo data' });
    this.chart = page.getByTestId('daily-chart');
    this.tree = page.getByRole('tree', { name: 'Experience point tree' });
    this.title = page.getByTestId('selection-title');
    this.cancelButton = page.getByRole('button', { name: 'Cancel' });
    this.scales = page.getByRole('radiogroup', { name: 'Answer scale' });
  }

  /** One segment of the scale selector, by its label ("4 faces", "5 faces", "NPS 0–10"). */
  scale(label: string): Locator {
    return this.scales.getByRole('radio', { name: label });
  }

  async checkedScale(): Promise<string> {
    const checked = this.scales.locator('[role="radio"][aria-checked="true"] .scale-selector__label');
    return (await checked.textContent()) ?? '';
  }

  async open(url: string): Promise<void> {
    await this.page.goto(url);
  }

  /** Goes to a view through the navigation (the filters travel along in the address). */
  async openView(name: string): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name }).click();
  }

  /** Picks a period preset in the filter bar ("All time", "Last 30 days", …). */
  async choosePeriod(label: string): Promise<void> {
    await this.page.getByTestId('period-select').click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
  }

  async exploreDemo(): Promise<void> {
    await this.exploreButton.click();
    await expect(this.page.getByRole('progressbar', { name: 'Demo data sync progress' })).toBeVisible();
  }

  async waitForChart(timeout = 90_000): Promise<void> {
    // One locator, so both hold at the same moment: the query answered and ECharts finished drawing its answer.
    const drawn = this.page.locator(
      'section[aria-busy="false"] [data-testid="daily-chart"][data-rendered="true"]',
    );
    await expect(drawn).toBeVisible({ timeout });
    await expect(this.chart.locator('canvas').first()).toBeVisible();
  }

  treeItem(id: number): Locator {
    return this.tree.locator(`[role="treeitem"][data-id="${id}"]`);
  }

  async chartSeries(): Promise<ChartSeries> {
    const raw = await this.chart.getAttribute('data-series');
    if (raw === null) throw new Error('the chart exposes no data-series');
    return JSON.parse(raw) as ChartSeries;
  }

  /** The chart's series as `day/button → count`, zero cells dropped (the form of the independent count). */
  async chartCounts(): Promise<Map<string, number>> {
    const { days, series } = await this.chartSeries();
    const counts = new Map<string, number>();
    for (const s of series) s.data.forEach((n, i) => n > 0 && counts.set(`${days[i]}/${s.buttonIndex}`, n));
    return counts;
  }
}
