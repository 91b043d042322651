// Follow-ups, Comments, Alerts, People and Reconciliation in Chromium against web mode on a synced tiny world (v2
// and v1): what each view shows equals plain SQL over the synced tables (support/insightCounts.ts).
import { expect, test } from '@playwright/test';
import { waitUntilSettled } from './support/appRoutes.ts';
import {
  alertCounts,
  commentCount,
  digits,
  genderCounts,
  painPointCounts,
  v1Totals,
} from './support/insightCounts.ts';
import { tinyWorldInWebMode } from './support/tinyWorld.ts';

const app = tinyWorldInWebMode();
const { open } = app;

test('follow-ups: every pain point counted as the follow-up rows count it', async ({ page }) => {
  await open(page, '#/follow-ups?period=all');
  const expected = painPointCounts(app.store.storePath);
  expect(expected.length).toBeGreaterThan(1);
  const side = page.getByTestId('followups-painPoint');
  await expect(side.locator('tbody tr')).toHaveCount(expected.length);
  for (const { option, n } of expected) {
    const row = side.locator(`tr[data-option=${JSON.stringify(option)}]`);
    expect(digits(await row.locator('[data-col="count"]').textContent()), option).toBe(n);
  }
  // The trend draws the most chosen options; a click on one narrows it to that option alone.
  const top = expected[0]?.option ?? '';
  await side.getByRole('button', { name: top }).click();
  await expect(side.getByRole('button', { name: top })).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(async () => {
      const raw = await page.getByTestId('followups-trend-painPoint').getAttribute('data-chart');
      return (JSON.parse(raw ?? '{"lines":[]}') as { lines: Array<{ optionText: string }> }).lines.map(
        (l) => l.optionText,
      );
    })
    .toEqual([top]);
});

test('comments: the count, a word search with its matches marked, and the keyboard in the list', async ({
  page,
}) => {
  await open(page, '#/comments?period=all');
  const count = page.getByTestId('comment-count');
  await expect
    .poll(async () => digits((await count.textContent())?.split('·')[0] ?? ''))
    .toBe(commentCount(app.store.storePath));
  const search = page.getByTestId('comment-search');
  await search.fill('staff');
  await search.press('Enter');
  await expect(page).toHaveURL(/q=staff/);
  await waitUntilSettled(page);
  await expect
    .poll(async () => digits((await count.textContent())?.split('·')[0] ?? ''))
    .toBe(commentCount(app.store.storePath, 'staff'));
  const list = page.getByTestId('comment-list');
  const marks = await list.locator('mark').allTextContents();
  expect(marks.length).toBeGreaterThan(0);
  for (const m of marks) expect(m.toLowerCase()).toBe('staff');
  // Keyboard: the list is one tab stop; Down moves the active row, and the detail follows it.
  await list.focus();
  await page.keyboard.press('ArrowDown');
  await expect(list).toHaveAttribute('aria-activedescendant', 'comment-row-1');
  await expect(page.getByTestId('comment-detail').locator('mark').first()).toHaveText(/staff/i);
});

test('alerts: the total and the open ones equal the synced alerts; the timeline adds up to the total', async ({
  page,
}) => {
  const expected = alertCounts(app.store.storePath);
  expect(expected.all).toBeGreaterThan(0);
  await open(page, '#/alerts?period=all');
  await expect
    .poll(async () => digits(await page.getByTestId('alert-total').textContent()))
    .toBe(expected.all);
  const timeline = JSON.parse(
    (await page.getByTestId('alert-timeline').getAttribute('data-chart')) ?? '{}',
  ) as {
    total: number;
    acknowledged: number[];
  };
  expect(timeline.total).toBe(expected.all);
  expect(timeline.acknowledged.reduce((a, b) => a + b, 0)).toBe(expected.acknowledged);
  // The type column in words (the emulator's types are the three the service documents), never the raw value.
  const typeCells = page.getByTestId('alert-table').locator('tbody tr td:first-child');
  await expect(typeCells.first()).toBeVisible();
  const types = await typeCells.allTextContents();
  expect(types.length).toBeGreaterThan(0);
  for (const type of types)
    expect(['Negative feedback', 'Index threshold', 'Feedback count']).toContain(type.trim());
  await page.screenshot({ path: test.info().outputPath('alerts.png') });
  await page.getByLabel('State').selectOption('open');
  await expect(page).toHaveURL(/state=open/);
  await expect
    .poll(async () => digits(await page.getByTestId('alert-total').textContent()))
    .toBe(expected.open);
  if (expected.open > 0) {
    const first = page.getByTestId('alert-table').locator('tbody tr').first();
    await first.getByRole('button').click();
    await expect(first.getByRole('button')).toHaveAttribute('aria-expanded', 'true');
  }
});

test('people: feedbacks per gender equal the demographics rows', async ({ page }) => {
  await open(page, '#/people?period=all');
  const expected = genderCounts(app.store.storePath);
  const raw = await page.getByTestId('people-gender').getAttribute('data-chart');
  const bars = JSON.parse(raw ?? '[]') as Array<{ label: string; count: number }>;
  expect(new Map(bars.map((b) => [b.label === 'not given' ? '' : b.label, b.count]))).toEqual(expected);
  const total = [...expected.values()].reduce((a, b) => a + b, 0);
  await expect(page.getByTestId('people-demographics-line')).toContainText(total.toLocaleString('en-US'));
});

test('reconciliation: v1 summed and raw totals of a month equal the v1 tables', async ({ page }) => {
  const from = '2026-09-01';
  const to = '2026-09-30';
  await open(page, `#/reconciliation?period=custom&from=${from}&to=${to}`);
  const expected = v1Totals(app.store.storePath, from, to);
  expect(expected.raw).toBeGreaterThan(0);
  const totals = page.getByTestId('reconciliation-totals');
  expect(digits(await totals.locator('[data-total="v1Summed"]').textContent())).toBe(expected.summed);
  expect(digits(await totals.locator('[data-total="v1Raw"]').textContent())).toBe(expected.raw);
  await expect(page.getByTestId('reconciliation-table')).toBeVisible();
});
