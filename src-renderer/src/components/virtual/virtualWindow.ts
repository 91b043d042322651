// Which rows of a long fixed-height list to render: the visible ones plus an overscan, and where they sit.

export interface VirtualWindowInput {
  scrollTop: number;
  viewportHeight: number;
  rowHeight: number;
  count: number;
  /** Rows rendered beyond each edge, so a fast scroll shows no gap. */
  overscan?: number;
}

export interface VirtualWindow {
  /** First rendered row (inclusive) and the row after the last rendered one. */
  start: number;
  end: number;
  /** Pixels from the list's top to the first rendered row. */
  offsetTop: number;
  /** Height of the whole list, rendered or not. */
  totalHeight: number;
}

export function virtualWindow(input: VirtualWindowInput): VirtualWindow {
  const { rowHeight, count } = input;
  const overscan = input.overscan ?? 6;
  const totalHeight = Math.max(0, count) * rowHeight;
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0, offsetTop: 0, totalHeight };
  const top = Math.min(Math.max(0, input.scrollTop), Math.max(0, totalHeight - input.viewportHeight));
  const first = Math.floor(top / rowHeight);
  const visible = Math.ceil(Math.max(input.viewportHeight, rowHeight) / rowHeight) + 1;
  const start = Math.max(0, first - overscan);
  const end = Math.min(count, first + visible + overscan);
  return { start, end, offsetTop: start * rowHeight, totalHeight };
}

/** The scrollTop that brings row `index` into view (unchanged when it is already fully visible). */
export function scrollToReveal(
  index: number,
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
): number {
  const rowTop = index * rowHeight;
  if (rowTop < scrollTop) return rowTop;
  if (rowTop + rowHeight > scrollTop + viewportHeight) return rowTop + rowHeight - viewportHeight;
  return scrollTop;
}

/** The row the list keys move to (arrows one row, PageUp/PageDown a viewport, Home/End the ends), or null. */
export function nextActiveRow(key: string, active: number, count: number, pageRows: number): number | null {
  if (count <= 0) return null;
  const clamp = (i: number): number => Math.min(count - 1, Math.max(0, i));
  switch (key) {
    case 'ArrowDown':
      return clamp(active + 1);
    case 'ArrowUp':
      return clamp(active - 1);
    case 'PageDown':
      return clamp(active + Math.max(1, pageRows));
    case 'PageUp':
      return clamp(active - Math.max(1, pageRows));
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
