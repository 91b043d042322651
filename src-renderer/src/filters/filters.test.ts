// Filters to route query and back: defaults stay out of the link, bad values fall back, a round trip is exact.
import { describe, expect, it } from 'vitest';
import { defaultFilters, filtersFromQuery, filtersToQuery, resolveRange, type Filters } from './filters.ts';

describe('filters in the route query', () => {
  it('leaves defaults out', () => {
    expect(filtersToQuery(defaultFilters())).toEqual({});
    expect(filtersFromQuery({})).toEqual(defaultFilters());
  });

  it('round-trips every field', () => {
    const f: Filters = {
      points: [12, 7],
      period: 'custom',
      custom: { first: '2026-01-05', last: '2026-02-01' },
      compare: 'lastYear',
      scale: 'nps',
      survey: 31,
      misuse: true,
      grain: 'week',
    };
    const q = filtersToQuery(f);
    expect(q).toEqual({
      points: '12,7',
      period: 'custom',
      from: '2026-01-05',
      to: '2026-02-01',
      compare: 'lastYear',
      scale: 'nps',
      survey: '31',
      misuse: '1',
      grain: 'week',
    });
    expect(filtersFromQuery(q)).toEqual(f);
  });

  it('falls back to defaults for values a hand-edited link may hold', () => {
    const f = filtersFromQuery({
      points: '3,x,-1,3,0',
      period: 'custom',
      from: '2026-02-30',
      to: '2026-03-01',
      compare: 'never',
      scale: 'seven',
      survey: 'abc',
      grain: ['month', 'day'],
    });
    expect(f).toEqual({ ...defaultFilters(), points: [3], grain: 'month' });
    expect(filtersFromQuery({ period: 'custom', from: '2026-03-09', to: '2026-03-01' }).custom).toEqual({
      first: '2026-03-01',
      last: '2026-03-09',
    });
  });

  it('resolves presets from the anchor and custom ranges as given', () => {
    expect(resolveRange(defaultFilters(), '2026-03-31')).toEqual({ first: '2026-03-02', last: '2026-03-31' });
    expect(resolveRange({ ...defaultFilters(), period: 'all' }, '2026-03-31')).toBeNull();
  });
});
