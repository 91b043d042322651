// Remembered window bounds: saved and read back from a real file, and kept on a display that exists.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultSize, loadWindowState, placeWindow, saveWindowState } from './windowState.ts';

const dirs: string[] = [];
const temp = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'fd-window-'));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

const screen = { x: 0, y: 0, width: 1920, height: 1040 };

describe('window state', () => {
  it('round-trips through its file; a missing or damaged file means the default', () => {
    const path = join(temp(), 'window-state.json');
    expect(loadWindowState(path)).toEqual({ bounds: null, maximized: false });
    saveWindowState(path, { bounds: { x: 100, y: 80, width: 1000, height: 700 }, maximized: true });
    expect(loadWindowState(path)).toEqual({
      bounds: { x: 100, y: 80, width: 1000, height: 700 },
      maximized: true,
    });
    writeFileSync(path, '{ not json');
    expect(loadWindowState(path)).toEqual({ bounds: null, maximized: false });
  });

  it('opens where it was when that is on a screen, at least at the minimum size', () => {
    expect(
      placeWindow({ bounds: { x: 100, y: 80, width: 1000, height: 700 }, maximized: false }, [screen]),
    ).toEqual({
      x: 100,
      y: 80,
      width: 1000,
      height: 700,
    });
    expect(
      placeWindow({ bounds: { x: 10, y: 10, width: 300, height: 200 }, maximized: false }, [screen]),
    ).toEqual({
      x: 10,
      y: 10,
      width: 900,
      height: 600,
    });
  });

  it('forgets the position when its screen is gone (e.g. an unplugged second monitor)', () => {
    const onSecond = { bounds: { x: 2400, y: 100, width: 1200, height: 800 }, maximized: false };
    expect(placeWindow(onSecond, [screen])).toEqual({ width: 1200, height: 800 });
    expect(placeWindow(onSecond, [screen, { x: 1920, y: 0, width: 1920, height: 1040 }])).toMatchObject({
      x: 2400,
    });
    expect(placeWindow({ bounds: null, maximized: false }, [screen])).toEqual(defaultSize);
  });
});
