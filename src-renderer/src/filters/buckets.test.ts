// Buckets as the engine names them; ISO weeks checked against a calendar by hand.
import { describe, expect, it } from 'vitest';
import { bucketOf, bucketRange, finerGrain, readableGrain, weekdayOf } from './buckets.ts';

describe('buckets', () => {
  it('names the bucket of a day', () => {
    expect(bucketOf('2026-11-18', 'week')).toBe('2026-W47');
    expect(bucketOf('2021-01-03', 'week')).toBe('2020-W53'); // a Sunday still in 2020's last ISO week
    expect(bucketOf('2024-12-30', 'week')).toBe('2025-W01');
    expect(bucketOf('2026-11-18', 'month')).toBe('2026-11');
    expect(bucketOf('2026-11-18', 'quarter')).toBe('2026-Q4');
    expect(bucketOf('2026-11-18', 'year')).toBe('2026');
    expect(weekdayOf('2026-11-22')).toBe(7);
  });

  it('gives the dates of a bucket', () => {
    expect(bucketRange('2026-W47', 'week')).toEqual({ first: '2026-11-16', last: '2026-11-22' });
    expect(bucketRange('2020-W53', 'week')).toEqual({ first: '2020-12-28', last: '2021-01-03' });
    expect(bucketRange('2024-02', 'month')).toEqual({ first: '2024-02-01', last: '2024-02-29' });
    expect(bucketRange('2026-Q4', 'quarter')).toEqual({ first: '2026-10-01', last: '2026-12-31' });
    expect(bucketRange('2026', 'year')).toEqual({ first: '2026-01-01', last: '2026-12-31' });
    expect(bucketRange('2026-11-18T09', 'hour')).toEqual({ first: '2026-11-18', last: '2026-11-18' });
    expect(bucketRange('nonsense', 'month')).toBeNull();
  });

  it('drills to a finer grain and picks a readable one', () => {
    expect(finerGrain('month')).toBe('day');
    expect(finerGrain('day')).toBe('hour');
    expect(readableGrain({ first: '2026-01-01', last: '2026-01-31' }, null)).toBe('day');
    expect(readableGrain({ first: '2026-01-01', last: '2026-12-31' }, null)).toBe('week');
    expect(readableGrain(null, { first: '2024-01-01', last: '2026-12-31' })).toBe('month');
  });
});
