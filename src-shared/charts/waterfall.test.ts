// The waterfall builder: each bar floats from the running total before to the one after it (worked out by hand).
import { describe, expect, it } from 'vitest';
import { buildWaterfallOption } from './waterfall.ts';

describe('waterfall', () => {
  const option = buildWaterfallOption({
    startLabel: 'Previous',
    endLabel: 'Now',
    start: 70,
    end: 70.5,
    steps: [
      { name: 'North {x}', value: 1, detail: ['Rate +1.2', 'Mix −0.2'] },
      { name: 'South', value: -0.5 },
    ],
    format: { style: 'score', locale: 'en-US' },
    animation: false,
  });
  const series = Array.isArray(option.series) ? option.series : [];

  it('floats each step between the running totals, start and end standing on the axis floor', () => {
    // Totals 70 → 71 → 70.5; range 70..71, padding 0.5: floor 69.5, ceiling 71.5.
    expect(option.yAxis).toMatchObject({ min: 69.5, max: 71.5 });
    expect(series[0]?.data).toEqual([69.5, 70, 70.5, 69.5]);
    const bars = (series[1]?.data ?? []) as { value: number; signed: number; label: { formatter: string } }[];
    expect(bars.map((b) => b.value)).toEqual([0.5, 1, 0.5, 1]);
    expect(bars.map((b) => b.signed)).toEqual([70, 1, -0.5, 70.5]);
    expect(bars.map((b) => b.label.formatter)).toEqual(['70.0', '+1.00', '−0.50', '70.5']);
    expect(option.xAxis).toMatchObject({ data: ['Previous', 'North x', 'South', 'Now'] });
  });

  it('says a step, its detail and the ends in the tooltip as plain text', () => {
    const tooltip = option.tooltip as { formatter: (p: unknown) => string };
    expect(tooltip.formatter([{ dataIndex: 1 }])).toBe('North x: +1.00\nRate +1.2\nMix −0.2');
    expect(tooltip.formatter([{ dataIndex: 3 }])).toBe('Now: 70.5');
  });
});
