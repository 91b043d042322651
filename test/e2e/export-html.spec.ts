// "Save as interactive report (HTML)" on the Daily buttons view of the synced tiny world (web mode), then the file
// opened from file:// in a fresh context that aborts every request: nothing asked for, the chart drawn, a tooltip
// that answers on hover with the file's own numbers, a legend entry that hides its series, zoom, a table that sorts,
// the data's SHA-256 checked, no console error and no CSP violation.
import { expect, test } from '@playwright/test';
import { OfflineReport } from './support/htmlReport.ts';
import { tinyWorldInWebMode } from './support/tinyWorld.ts';

const app = tinyWorldInWebMode();

interface Series {
  name: string;
  data: number[];
}

test('the Daily buttons view as an interactive report opens offline and stays interactive', async ({
  page,
  browser,
}, testInfo) => {
  await app.open(page, '#/explore?period=all');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save as interactive report (HTML)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.html$/);
  const path = testInfo.outputPath('explore.html');
  await file.saveAs(path);

  const report = await OfflineReport.open(browser, path);
  try {
    const chart = report.charts().first();
    await expect(report.charts()).toHaveCount(1);
    await expect(chart.locator('svg path').first()).toBeAttached();
    await expect(report.page.locator('#report-sha256-check')).toHaveText(
      '(checked by this page: it matches)',
    );
    // The file's own data (in-page code is a string: the Node-side typecheck has no DOM types).
    const option = await report.page.evaluate<{
      xAxis: { data: string[] };
      series: Series[];
      color: string[];
    }>("JSON.parse(document.getElementById('report-data').textContent).charts[0].option");

    // The tooltip at the chart's middle: one day, each answer with that day's count as the file holds it.
    const shown = await report.hover(chart, 0.5, 0.6);
    const day = shown.find((t) => /^\d{4}-\d{2}-\d{2}$/.test(t)) ?? '';
    const at = option.xAxis.data.indexOf(day);
    expect(at, `tooltip ${JSON.stringify(shown)}`).toBeGreaterThanOrEqual(0);
    for (const s of option.series)
      expect(shown).toContain(`${s.name}: ${(s.data[at] ?? 0).toLocaleString('en-US')}`);

    // A legend entry hides its series' bars (the paths filled with its colour), and shows them again.
    const busiest = option.series.indexOf([...option.series].sort((a, b) => sum(b.data) - sum(a.data))[0]!);
    const colour = option.color[busiest] ?? '';
    const bars = async () =>
      chart
        .locator('svg path')
        .evaluateAll((ps, c) => ps.filter((p) => p.getAttribute('fill') === c).length, colour);
    await report.page.mouse.move(1, 1);
    const drawn = await bars();
    expect(drawn).toBeGreaterThan(0);
    const entry = chart.locator('svg text', { hasText: option.series[busiest]?.name ?? '' }).first();
    await entry.click();
    await report.page.mouse.move(1, 1);
    await expect.poll(bars).toBeLessThan(drawn);
    await entry.click();
    await report.page.mouse.move(1, 1);
    await expect.poll(bars).toBe(drawn);

    // Zoom: the wheel over the chart narrows the days on the axis.
    const days = async () => (await report.chartTexts(chart)).filter((t) => /^\d{4}-\d{2}-\d{2}$/.test(t));
    const before = await days();
    const box = await chart.boundingBox();
    if (!box) throw new Error('no chart box');
    await report.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await report.page.mouse.wheel(0, -600);
    await expect.poll(days).not.toEqual(before);

    // The per-day table sorts by a number column, ascending then descending (aria-sort says which).
    const table = report.page.locator('.report-table').last();
    const heading = table.locator('thead th').nth(1);
    const column = async () =>
      (await report.tableCells(table)).map((r) => Number((r[1] ?? '').replace(/,/g, '')));
    await heading.getByRole('button').click();
    await expect(heading).toHaveAttribute('aria-sort', 'ascending');
    const up = await column();
    expect(up).toEqual([...up].sort((a, b) => a - b));
    await heading.getByRole('button').click();
    await expect(heading).toHaveAttribute('aria-sort', 'descending');
    const down = await column();
    expect(down).toEqual([...up].sort((a, b) => b - a));

    expect(report.requests).toEqual([]);
    expect(await report.problems()).toEqual([]);
  } finally {
    await report.close();
  }
});

const sum = (values: number[]): number => values.reduce((n, v) => n + (v ?? 0), 0);
