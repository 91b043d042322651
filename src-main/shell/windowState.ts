// The main window's size and position, remembered between runs (window-state.json in the data folder) and kept on
// a screen that still exists. Plain data and Node only, so it is tested without Electron.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  bounds: Rect | null;
  maximized: boolean;
}

export const defaultSize = { width: 1320, height: 860 };
export const minimumSize = { width: 900, height: 600 };

const isRect = (v: unknown): v is Rect =>
  typeof v === 'object' &&
  v !== null &&
  ['x', 'y', 'width', 'height'].every((k) => Number.isFinite((v as Record<string, unknown>)[k]));

export function loadWindowState(path: string): WindowState {
  if (!existsSync(path)) return { bounds: null, maximized: false };
  try {
    const v = JSON.parse(readFileSync(path, 'utf8')) as { bounds?: unknown; maximized?: unknown };
    return { bounds: isRect(v.bounds) ? v.bounds : null, maximized: v.maximized === true };
  } catch {
    return { bounds: null, maximized: false }; // a damaged file only costs the remembered size
  }
}

export function saveWindowState(path: string, state: WindowState): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(state)}\n`);
  renameSync(temp, path);
}

/**
 * The bounds to open with: the remembered ones when their window still overlaps a display's work area by at least
 * a grab-able strip (else the default size, centred by the OS), never below the minimum size.
 */
export function placeWindow(
  state: WindowState,
  workAreas: readonly Rect[],
): Partial<Rect> & { width: number; height: number } {
  const b = state.bounds;
  if (!b) return { ...defaultSize };
  const width = Math.max(minimumSize.width, Math.round(b.width));
  const height = Math.max(minimumSize.height, Math.round(b.height));
  const visible = workAreas.some((a) => {
    const overlapX = Math.min(b.x + width, a.x + a.width) - Math.max(b.x, a.x);
    const overlapY = Math.min(b.y + 40, a.y + a.height) - Math.max(b.y, a.y); // the title bar must be reachable
    return overlapX >= 100 && overlapY >= 20;
  });
  if (!visible)
    return { width: Math.min(width, defaultSize.width), height: Math.min(height, defaultSize.height) };
  const fits = workAreas.find((a) => b.x >= a.x && b.y >= a.y);
  return {
    x: Math.round(b.x),
    y: Math.round(b.y),
    width: fits ? Math.min(width, fits.width) : width,
    height,
  };
}
