import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserWindow, Rectangle, Screen } from 'electron';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clampToWorkArea,
  loadWindowState,
  rememberWindowState,
} from '../../../electron/window-state';

const laptop = { x: 0, y: 0, width: 1440, height: 870 };
const monitorOnTheRight = { x: 1440, y: 0, width: 2560, height: 1400 };

/** A screen with the given work areas; getDisplayMatching picks the most overlapping one. */
function fakeScreen(...workAreas: Rectangle[]): Screen {
  const displays = workAreas.map((workArea, id) => ({ id, workArea }));
  const overlap = (a: Rectangle, b: Rectangle) =>
    Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) *
    Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
  return {
    getPrimaryDisplay: () => displays[0],
    getDisplayMatching: (bounds: Rectangle) =>
      displays.reduce((best, display) =>
        overlap(display.workArea, bounds) > overlap(best.workArea, bounds) ? display : best,
      ),
  } as unknown as Screen;
}

describe('window state', () => {
  let directory: string;
  const save = (state: unknown) =>
    writeFileSync(join(directory, 'window-state.json'), JSON.stringify(state));

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'storefront-window-'));
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('starts at the default size, fitted to a small screen', () => {
    expect(loadWindowState(directory, fakeScreen(laptop))).toEqual({
      bounds: { width: 1280, height: 800 },
      isMaximized: false,
    });
    const small = { x: 0, y: 0, width: 1024, height: 700 };
    expect(loadWindowState(directory, fakeScreen(small)).bounds).toEqual({
      width: 1024,
      height: 700,
    });
  });

  it('restores saved bounds that are visible, and the maximized flag', () => {
    save({ bounds: { x: 1600, y: 100, width: 1800, height: 1000 }, isMaximized: true });
    expect(loadWindowState(directory, fakeScreen(laptop, monitorOnTheRight))).toEqual({
      bounds: { x: 1600, y: 100, width: 1800, height: 1000 },
      isMaximized: true,
    });
  });

  it('brings back a window left on a monitor that is gone, whole, on the one left', () => {
    save({ bounds: { x: 2000, y: 300, width: 1800, height: 1000 }, isMaximized: false });
    expect(loadWindowState(directory, fakeScreen(laptop)).bounds).toEqual({
      x: 0,
      y: 0,
      width: 1440,
      height: 870,
    });
  });

  it('ignores a damaged or hostile state file', () => {
    save({ bounds: { x: 'a', y: 0, width: 10, height: 10 }, isMaximized: false });
    expect(loadWindowState(directory, fakeScreen(laptop)).bounds).toEqual({
      width: 1280,
      height: 800,
    });
    save({ bounds: { x: 0, y: 0, width: 1e12, height: 800 }, isMaximized: false });
    expect(loadWindowState(directory, fakeScreen(laptop)).bounds.width).toBe(1280);
    writeFileSync(join(directory, 'window-state.json'), '{');
    expect(loadWindowState(directory, fakeScreen(laptop)).isMaximized).toBe(false);
  });

  it('clamps bounds into a work area', () => {
    const area = { x: 100, y: 50, width: 1000, height: 700 };
    expect(clampToWorkArea({ x: -500, y: -500, width: 400, height: 300 }, area)).toEqual({
      x: 100,
      y: 50,
      width: 400,
      height: 300,
    });
    expect(clampToWorkArea({ x: 900, y: 600, width: 400, height: 300 }, area)).toEqual({
      x: 700,
      y: 450,
      width: 400,
      height: 300,
    });
    expect(clampToWorkArea({ x: 200, y: 100, width: 3000, height: 2000 }, area)).toEqual(area);
  });

  it('saves the normal bounds and maximized flag when the window closes', () => {
    const listeners = new Map<string, () => void>();
    const window = {
      on: vi.fn((event: string, listener: () => void) => listeners.set(event, listener)),
      getNormalBounds: () => ({ x: 10, y: 20, width: 1300, height: 820 }),
      isMaximized: () => true,
    };
    const nested = join(directory, 'not-yet-created');
    rememberWindowState(window as unknown as BrowserWindow, nested);
    listeners.get('close')?.();
    expect(JSON.parse(readFileSync(join(nested, 'window-state.json'), 'utf8'))).toEqual({
      bounds: { x: 10, y: 20, width: 1300, height: 820 },
      isMaximized: true,
    });
    expect(loadWindowState(nested, fakeScreen(laptop))).toEqual({
      bounds: { x: 10, y: 20, width: 1300, height: 820 },
      isMaximized: true,
    });
  });
});
