// The alert timeline, follow-up trend, reconciliation and distribution builders: tables and options checked against
// numbers worked out by hand from the small inputs below.
import { describe, expect, it } from 'vitest';
import { buildAlertTimelineOption, tabulateAlertDays } from './alertTimeline.ts';
import { plainChartText, shortChartText } from './chartText.ts';
import { buildDistributionOption } from './distribution.ts';
import { buildFollowupTrendOption, tabulateFollowupTrend } from './followupTrend.ts';
import { buildReconciliationOption, sumReconciliationDays } from './reconciliation.ts';

describe('chart text', () => {
  it('drops rich-text markup and shortens by code points', () => {
    expect(plainChartText('{a|x} | y')).toBe('ax  y');
    expect(shortChartText('W'.repeat(10_000), 5)).toBe('WWWW…');
    expect(shortChartText('👩‍👩‍👧 ab', 40)).toBe('👩‍👩‍👧 ab');
    expect(Array.from(shortChartText('😀'.repeat(50), 10))).toHaveLength(10);
  });
});

describe('alert timeline', () => {
  it('fills the days between and splits acknowledged from the rest', () => {
    const t = tabulateAlertDays([
      { day: '2026-03-03', count: 2, acknowledged: 2, open: 0 },
      { day: '2026-03-01', count: 3, acknowledged: 1, open: 1 },
      { day: 'bad', count: 9, acknowledged: 0, open: 0 },
    ]);
    expect(t.days).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
    expect(t.acknowledged).toEqual([1, 0, 2]);
    expect(t.unacknowledged).toEqual([2, 0, 0]);
    expect(t.open).toEqual([1, 0, 0]);
    expect(t.total).toBe(5);
    const option = buildAlertTimelineOption(t, {
      animation: false,
      labels: { acknowledged: 'Ack', unacknowledged: 'Not ack', open: 'Open' },
    });
    expect(option.aria).toMatchObject({ enabled: true });
    const series = option.series as Array<{ name: string; data: number[] }>;
    expect(series.map((s) => s.name)).toEqual(['Ack', 'Not ack', 'Open']);
    // The open alerts' markers: each day keeps its count (1, 0, 0 above), and only a day with one open shows a dot.
    const open = option.series as Array<{ data: Array<{ value: number; symbolSize: number }> }>;
    expect(open[2]?.data.map((d) => d.value)).toEqual([1, 0, 0]);
    expect(open[2]?.data.map((d) => d.symbolSize > 0)).toEqual([true, false, false]);
  });
  it('has no days without rows', () => {
    expect(tabulateAlertDays([])).toEqual({
      days: [],
      acknowledged: [],
      unacknowledged: [],
      open: [],
      total: 0,
    });
  });
});

describe('follow-up trend', () => {
  it('one line per option of the side, shares in percent, 0 where not chosen', () => {
    const t = tabulateFollowupTrend(
      [
        { period: '2026-02', side: 'painPoint', optionText: 'Price', count: 1, share: 0.25 },
        { period: '2026-01', side: 'painPoint', optionText: 'Price', count: 3, share: 0.75 },
        { period: '2026-01', side: 'painPoint', optionText: 'Wait', count: 1, share: 0.25 },
        { period: '2026-01', side: 'highlight', optionText: 'Staff', count: 5, share: 1 },
      ],
      'painPoint',
    );
    expect(t.periods).toEqual(['2026-01', '2026-02']);
    expect(t.lines).toEqual([
      { optionText: 'Price', share: [75, 25], count: [3, 1] },
      { optionText: 'Wait', share: [25, 0], count: [1, 0] },
    ]);
    const option = buildFollowupTrendOption(t, { animation: false });
    expect((option.series as Array<{ name: string }>).map((s) => s.name)).toEqual(['Price', 'Wait']);
  });
});

describe('reconciliation', () => {
  it('sums rows per day; v2 without misuse is all minus misuse; missing counts add nothing', () => {
    const d = sumReconciliationDays([
      { day: '2026-01-02', v1Summed: 10, v1Raw: 12, v2All: 12, v2Misuse: 2 },
      { day: '2026-01-01', v1Summed: 5, v1Raw: 5, v2All: null, v2Misuse: null },
      { day: '2026-01-02', v1Summed: null, v1Raw: null, v2All: 4, v2Misuse: 1 },
    ]);
    expect(d).toEqual({
      days: ['2026-01-01', '2026-01-02'],
      v1Summed: [5, 10],
      v1Raw: [5, 12],
      v2All: [0, 16],
      v2WithoutMisuse: [0, 13],
    });
    const option = buildReconciliationOption(d, {
      animation: false,
      labels: { v1Summed: 'a', v1Raw: 'b', v2All: 'c', v2WithoutMisuse: 'd' },
    });
    expect((option.series as unknown[]).length).toBe(4);
  });
});

describe('distribution', () => {
  it('draws the first bar on top, labels shortened, shares of the total', () => {
    const option = buildDistributionOption(
      [
        { label: 'female', count: 3 },
        { label: 'x'.repeat(100), count: 1 },
      ],
      { animation: false, name: 'Feedbacks' },
    );
    const axis = option.yAxis as { data: string[] };
    expect(axis.data).toEqual([`${'x'.repeat(27)}…`, 'female']);
    const [series] = option.series as Array<{
      data: number[];
      label: { formatter: (p: { value: number }) => string };
    }>;
    expect(series?.data).toEqual([1, 3]);
    expect(series?.label.formatter({ value: 3 })).toBe('3 (75 %)');
  });
});
