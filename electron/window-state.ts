import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { BrowserWindow, Rectangle, Screen } from 'electron';
import { z } from 'zod';

/** Where and how big the console window was when it was last closed. */
export interface WindowState {
  bounds: { x?: number; y?: number; width: number; height: number };
  isMaximized: boolean;
}

export const defaultWindowState: WindowState = {
  bounds: { width: 1280, height: 800 },
  isMaximized: false,
};

/** Below this the console's tables stop being usable; a smaller screen still wins. */
export const minimumWindowSize = { width: 960, height: 600 };

const size = z.number().int().min(1).max(100_000);
const position = z.number().int().min(-100_000).max(100_000);
const storedState = z.object({
  bounds: z.object({ x: position, y: position, width: size, height: size }),
  isMaximized: z.boolean(),
});

type DisplayLookup = Pick<Screen, 'getDisplayMatching' | 'getPrimaryDisplay'>;

const fileName = 'window-state.json';

/**
 * The saved window state, fitted to the displays connected now: a window last seen on a
 * monitor that has since been unplugged comes back on the nearest one, whole.
 */
export function loadWindowState(directory: string, displays: DisplayLookup): WindowState {
  const saved = read(join(directory, fileName));
  if (!saved) {
    const { workArea } = displays.getPrimaryDisplay();
    return {
      ...defaultWindowState,
      bounds: {
        width: Math.min(defaultWindowState.bounds.width, workArea.width),
        height: Math.min(defaultWindowState.bounds.height, workArea.height),
      },
    };
  }
  const { workArea } = displays.getDisplayMatching(saved.bounds);
  return { bounds: clampToWorkArea(saved.bounds, workArea), isMaximized: saved.isMaximized };
}

/** Moves and shrinks `bounds` just enough to lie wholly inside `workArea`. */
export function clampToWorkArea(bounds: Rectangle, workArea: Rectangle): Rectangle {
  const width = Math.min(bounds.width, workArea.width);
  const height = Math.min(bounds.height, workArea.height);
  const x = Math.min(Math.max(bounds.x, workArea.x), workArea.x + workArea.width - width);
  const y = Math.min(Math.max(bounds.y, workArea.y), workArea.y + workArea.height - height);
  return { x, y, width, height };
}

/** Saves the window's state when it closes (its normal bounds, so un-maximising restores). */
export function rememberWindowState(window: BrowserWindow, directory: string) {
  window.on('close', () => {
    const state = { bounds: window.getNormalBounds(), isMaximized: window.isMaximized() };
    try {
      write(join(directory, fileName), state);
    } catch (error) {
      console.warn('Could not save the window state:', error);
    }
  });
}

function read(file: string): z.infer<typeof storedState> | null {
  try {
    const parsed = storedState.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null; // First start, or a damaged file: start from the default.
  }
}

/** Synchronous on purpose: it runs while the app quits, when pending async work is dropped. */
function write(file: string, state: WindowState) {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(state, null, 2)}\n`, 'utf8');
  renameSync(temporary, file);
}
