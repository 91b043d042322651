// Page object for an export menu: open it, pick a size and pixel ratio, choose a format, and take the download.
import type { Download, Locator, Page } from '@playwright/test';

export class ExportMenu {
  readonly root: Locator;
  private readonly page: Page;
  constructor(page: Page, scope?: Locator) {
    this.page = page;
    this.root = (scope ?? page.locator('body')).getByTestId('export-menu').first();
  }

  get status(): Locator {
    return this.root.getByTestId('export-status');
  }

  /** Opens the menu, sets what is given, clicks the format, and returns the browser's download. */
  async download(format: string, options: { size?: string; ratio?: string } = {}): Promise<Download> {
    await this.root.getByTestId('export-toggle').click();
    if (options.size) await this.root.getByTestId('export-size').selectOption({ label: options.size });
    if (options.ratio) await this.root.getByTestId('export-ratio').selectOption({ label: options.ratio });
    const download = this.page.waitForEvent('download');
    await this.root.getByTestId(`export-${format}`).click();
    return download;
  }

  async downloadReport(): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await this.page.getByTestId('export-report').click();
    return download;
  }
}
