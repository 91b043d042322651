// How many rows a write transaction takes (feedbackPipeline.ts batchRowsFor). Expected sizes worked out by hand
// from the rule: ten pages (at most 100,000 rows), or about 80 rows a point in whole pages, at most 300,000.
import { describe, expect, it } from 'vitest';
import { batchRowsFor } from './feedbackPipeline.ts';

describe('batchRowsFor', () => {
  it('keeps ten pages of 10,000 for a tree of a few hundred points (large: 432 × 80 = 34,560 < 100,000)', () => {
    expect(batchRowsFor(432, 10_000)).toBe(100_000);
    expect(batchRowsFor(0, 10_000)).toBe(100_000);
  });
  it('grows to about 80 presses a point in whole pages on a tree of thousands of points', () => {
    // 2,000 × 80 = 160,000: sixteen pages.
    expect(batchRowsFor(2_000, 10_000)).toBe(160_000);
    // 2,001 × 80 = 160,080: rounded up to seventeen pages.
    expect(batchRowsFor(2_001, 10_000)).toBe(170_000);
  });
  it('stops at 300,000 rows (xlarge: 5,077 × 80 = 406,160; 3,750 × 80 = 300,000 exactly)', () => {
    expect(batchRowsFor(5_077, 10_000)).toBe(300_000);
    expect(batchRowsFor(3_750, 10_000)).toBe(300_000);
    // 3,626 × 80 = 290,080: thirty pages, under the cap.
    expect(batchRowsFor(3_626, 10_000)).toBe(300_000);
    expect(batchRowsFor(3_500, 10_000)).toBe(280_000);
  });
  it('keeps small pages small: ten pages of 8 rows, or 80 a point', () => {
    expect(batchRowsFor(0, 8)).toBe(80);
    expect(batchRowsFor(3, 8)).toBe(240);
  });
});
