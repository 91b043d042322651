// The virtual window: which rows are rendered for a scroll position, worked out by hand for 76-px rows.
import { describe, expect, it } from 'vitest';
import { nextActiveRow, scrollToReveal, virtualWindow } from './virtualWindow.ts';

describe('virtualWindow', () => {
  it('renders the visible rows plus the overscan, wherever the list is scrolled', () => {
    // 600 px / 76 px: rows 0..7 visible (8 rows touch the viewport) +1 partial, overscan 6 below.
    expect(virtualWindow({ scrollTop: 0, viewportHeight: 600, rowHeight: 76, count: 100_000 })).toEqual({
      start: 0,
      end: 15,
      offsetTop: 0,
      totalHeight: 7_600_000,
    });
    // scrollTop 760_000 → first visible row 10_000; 6 before, 9 + 6 after.
    expect(virtualWindow({ scrollTop: 760_000, viewportHeight: 600, rowHeight: 76, count: 100_000 })).toEqual(
      {
        start: 9_994,
        end: 10_015,
        offsetTop: 9_994 * 76,
        totalHeight: 7_600_000,
      },
    );
  });
  it('clamps a scroll past the end and handles an empty list', () => {
    const w = virtualWindow({ scrollTop: 1e9, viewportHeight: 760, rowHeight: 76, count: 50 });
    expect(w.end).toBe(50);
    expect(w.start).toBe(34); // last 10 rows visible from row 40, 6 before
    expect(virtualWindow({ scrollTop: 0, viewportHeight: 500, rowHeight: 76, count: 0 })).toEqual({
      start: 0,
      end: 0,
      offsetTop: 0,
      totalHeight: 0,
    });
  });
  it('scrolls just enough to reveal a row, and moves the active row by key', () => {
    expect(scrollToReveal(0, 500, 600, 76)).toBe(0);
    expect(scrollToReveal(20, 0, 600, 76)).toBe(21 * 76 - 600);
    expect(scrollToReveal(3, 0, 600, 76)).toBe(0);
    expect(nextActiveRow('ArrowDown', 4, 10, 7)).toBe(5);
    expect(nextActiveRow('ArrowUp', 0, 10, 7)).toBe(0);
    expect(nextActiveRow('PageDown', 4, 10, 7)).toBe(9);
    expect(nextActiveRow('End', 4, 10, 7)).toBe(9);
    expect(nextActiveRow('Home', 4, 10, 7)).toBe(0);
    expect(nextActiveRow('x', 4, 10, 7)).toBeNull();
    expect(nextActiveRow('ArrowDown', 0, 0, 7)).toBeNull();
  });
});
