// The Alerts view's replay section in Chromium on the shared synced tiny world: the agreement sentence and the
// timeline's service line equal plain SQL over the synced alerts (alerts per local Monday week, counted here), and a
// what-if count threshold no window reaches (100,000 responses) replays nothing while the service's line stays as it was.
import Database from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import { tinyWorldInWebMode } from './support/tinyWorld.ts';

const world = tinyWorldInWebMode();

/** Alerts per local week (Monday) of their begin time as sent, from the synced table: the second route. */
function serviceWeeks(path: string): { total: number; weeks: Map<string, number> } {
  const db = new Database(path, { readonly: true });
  try {
    const days = db
      .prepare(
        `SELECT substr(a.begin_time, 1, 10) FROM v2_alert a
         WHERE a.alert_specification_id IN (SELECT alert_specification_id FROM v2_alert_specification)`,
      )
      .pluck()
      .all() as string[];
    const weeks = new Map<string, number>();
    for (const day of days) {
      const d = new Date(`${day}T00:00:00Z`);
      const monday = new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000)
        .toISOString()
        .slice(0, 10);
      weeks.set(monday, (weeks.get(monday) ?? 0) + 1);
    }
    return { total: days.length, weeks };
  } finally {
    db.close();
  }
}

const digits = (text: string | null): number[] =>
  (text ?? '').match(/\d[\d,]*/g)?.map((n) => Number(n.replaceAll(',', ''))) ?? [];

test('the replay agrees with plain SQL, and a what-if count threshold changes only the replayed bars', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const expected = serviceWeeks(world.store.storePath);
  expect(expected.total).toBeGreaterThan(0);
  await world.open(page, '#/alerts?period=all');
  const section = page.getByTestId('alert-replay');
  await section.scrollIntoViewIfNeeded();
  const agreement = page.getByTestId('replay-agreement');
  await expect(agreement).toBeVisible({ timeout: 60_000 });
  // "{matched} of {service} service alerts matched ({share}); {replayed} replayed (…)."
  const [matched = -1, service = -1] = digits(await agreement.textContent());
  expect(service).toBe(expected.total);
  expect(matched / service).toBeGreaterThanOrEqual(0.9);

  // The chosen specification's timeline: its service line against SQL for that specification.
  const chosen = Number(await page.getByTestId('replay-spec').inputValue());
  const timeline = page.locator('[data-testid="replay-timeline"][data-rendered="true"]');
  await expect(timeline).toBeVisible({ timeout: 60_000 });
  const weeksOf = async () =>
    JSON.parse((await timeline.getAttribute('data-chart')) ?? '[]') as {
      week: string;
      service: number;
      replayed: number;
    }[];
  const db = new Database(world.store.storePath, { readonly: true });
  const ownDays = db
    .prepare('SELECT substr(begin_time, 1, 10) FROM v2_alert WHERE alert_specification_id = ?')
    .pluck()
    .all(chosen) as string[];
  db.close();
  const before = await weeksOf();
  expect(before.reduce((a, w) => a + w.service, 0)).toBe(ownDays.length);
  await page.screenshot({ path: test.info().outputPath('alert-replay.png'), fullPage: true });

  // What if: 100,000 responses in one window (minResponses for an index threshold) never happen in this world.
  const input = page.getByTestId('replay-count');
  await input.fill('100000');
  await input.press('Enter');
  await input.blur();
  await expect(page.getByTestId('replay-result')).toContainText('=100000');
  await expect.poll(async () => (await weeksOf()).reduce((a, w) => a + w.replayed, 0)).toBe(0);
  expect((await weeksOf()).reduce((a, w) => a + w.service, 0)).toBe(ownDays.length);
});
