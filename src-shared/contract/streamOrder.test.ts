// The order the status displays list a sync's streams in: the resource streams as the sync runs them, whatever order
// their first events arrived in (two lanes interleave the windowed ones), every other stream where it arrived.
import { describe, expect, it } from 'vitest';
import { inStreamOrder } from './sync.ts';

const of = (...streams: string[]): { stream: string; n: number }[] =>
  streams.map((stream, n) => ({ stream, n }));

describe('inStreamOrder', () => {
  it('puts interleaved resource streams in the sync order, leaving the others in place', () => {
    const arrived = of(
      'v2:experience-points',
      'v2:button-feedbacks',
      'v2:surveys',
      'v2:alerts',
      'v2:text-feedbacks',
      'v2:alert-comments',
      'v2:demographics',
      'verify',
      'v2:follow-up-feedbacks',
      'v2:something-new',
    );
    // Written out by hand: places 2–6 and 8 hold resource streams; sorted by the sync's order into those places.
    expect(inStreamOrder(arrived).map((s) => s.stream)).toEqual([
      'v2:experience-points',
      'v2:button-feedbacks',
      'v2:surveys',
      'v2:alerts',
      'v2:alert-comments',
      'v2:follow-up-feedbacks',
      'v2:text-feedbacks',
      'verify',
      'v2:demographics',
      'v2:something-new',
    ]);
    // The items themselves, not copies; the list given is left as it was.
    expect(inStreamOrder(arrived)[4]).toBe(arrived[5]);
    expect(arrived.map((s) => s.n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
