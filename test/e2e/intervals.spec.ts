// Intervals, noise and the change's split in Chromium against plain SQL over the fact table (support/intervalCounts.ts):
// the Overview trend's band per day, the score tile's change coloured or muted by the z test, and the Why waterfall's
// parts (rate + mix per child of the root, worked out here from SQL counts) adding up to the change.
import { expect, test } from '@playwright/test';
import { momentsOf, momentsPerDay, sumsPerRootChild } from './support/intervalCounts.ts';
import { tinyWorldInWebMode } from './support/tinyWorld.ts';
import { lastDay, type Span } from './support/viewCounts.ts';
import { ViewsPage } from './support/viewsPage.ts';

const world = tinyWorldInWebMode();
const dayMs = 86_400_000;
const shift = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);

test('the band, the muted change and the waterfall equal plain SQL', async ({ page }) => {
  test.setTimeout(240_000);
  const last = lastDay(world.store.storePath);
  const span: Span = { scale: 'four', first: shift(last, -29), last };
  const before: Span = { scale: 'four', first: shift(last, -59), last: shift(last, -30) };
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(world.server.url);
  const app = new ViewsPage(page, world.server.url);
  await app.open('overview', {
    period: 'custom',
    from: span.first,
    to: span.last,
    scale: 'four',
    compare: 'previous',
  });

  // The band: each day's Happy Index ± 1.96·(100/3)·√(Var/N), from the day's presses.
  const trend = await app.chartData<{
    labels: string[];
    lines: { values: (number | null)[]; low?: (number | null)[]; high?: (number | null)[] }[];
  }>('overview-trend');
  const days = momentsPerDay(world.store.storePath, span);
  expect(days.size).toBeGreaterThan(10);
  const line = trend.lines[0];
  trend.labels.forEach((day, i) => {
    const m = days.get(day);
    if (!m) return expect(line?.low?.[i] ?? null).toBeNull();
    const se = (100 / 3) * Math.sqrt(m.variance / m.n);
    expect(line?.low?.[i]).toBeCloseTo((100 / 3) * m.mean - 1.96 * se, 6);
    expect(line?.high?.[i]).toBeCloseTo((100 / 3) * m.mean + 1.96 * se, 6);
  });

  // The score tile: coloured only when |z| ≥ 1.96 for the two periods' Happy Indexes.
  const [now, then] = [momentsOf(world.store.storePath, span), momentsOf(world.store.storePath, before)];
  const hi = (m: typeof now) => (100 / 3) * m.mean;
  const se = (m: typeof now) => (100 / 3) * Math.sqrt(m.variance / m.n);
  const delta = hi(now) - hi(then);
  const z = delta / Math.sqrt(se(now) ** 2 + se(then) ** 2);
  const shown = Math.round(delta * 10) / 10;
  const tone = Math.abs(z) < 1.96 ? 'noise' : shown > 0 ? 'up' : shown < 0 ? 'down' : 'flat';
  await expect(app.figure('score').locator('[data-part="delta"]')).toHaveAttribute('data-tone', tone);
  if (tone === 'noise') await expect(app.figure('score')).toContainText('within noise');

  // The waterfall: per child of the root, rate w̄(s₁ − s₀) + mix (w₁ − w₀)(s̄ − S̄), from SQL counts.
  const drawn = await app.chartData<{
    previous: number;
    current: number;
    steps: { id: number | null; contribution: number }[];
  }>('why-waterfall');
  const c1 = sumsPerRootChild(world.store.storePath, span);
  const c0 = sumsPerRootChild(world.store.storePath, before);
  const N1 = [...c1.values()].reduce((s, c) => s + c.n, 0);
  const N0 = [...c0.values()].reduce((s, c) => s + c.n, 0);
  const S1 = (100 * [...c1.values()].reduce((s, c) => s + c.sum, 0)) / (3 * N1);
  const S0 = (100 * [...c0.values()].reduce((s, c) => s + c.sum, 0)) / (3 * N0);
  expect(drawn.previous).toBeCloseTo(S0, 9);
  expect(drawn.current).toBeCloseTo(S1, 9);
  const contribution = (id: number): number => {
    const [a, b] = [c0.get(id), c1.get(id)];
    const s0 = a ? (100 * a.sum) / (3 * a.n) : S0;
    const s1 = b ? (100 * b.sum) / (3 * b.n) : S1;
    const [w0, w1] = [(a?.n ?? 0) / N0, (b?.n ?? 0) / N1];
    return ((w0 + w1) / 2) * (s1 - s0) + (w1 - w0) * ((s0 + s1) / 2 - (S0 + S1) / 2);
  };
  expect(drawn.steps.length).toBeGreaterThan(0);
  for (const step of drawn.steps)
    if (step.id !== null) expect(step.contribution).toBeCloseTo(contribution(step.id), 9);
  const sum = drawn.steps.reduce((s, step) => s + step.contribution, 0);
  expect(Math.abs(sum - (drawn.current - drawn.previous))).toBeLessThan(1e-9);
});
