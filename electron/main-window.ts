import { BrowserWindow } from 'electron';
import { minimumWindowSize, type WindowState } from './window-state';

export interface MainWindowOptions {
  /** The compiled preload (CommonJS, as a sandboxed preload must be). */
  preloadPath: string;
  /** The bundled console build, shown at its Settings page when the server can't be reached. */
  rendererFileUrl: string;
  serverUrl: string;
  state: WindowState;
}

/** The console as the server serves it. */
export function consoleUrl(serverUrl: string): string {
  return `${serverUrl}/console/`;
}

/** The bundled console, opened at its Settings page so staff can fix the server address. */
export function settingsFallbackUrl(rendererFileUrl: string): string {
  return `${rendererFileUrl}#/settings`;
}

/** Chromium's "navigation aborted": a load replaced by another one, not a failure. */
const abortedLoad = -3;

/**
 * The console window: hardened web preferences (SECURITY "Electron"), restored size and
 * position, and the console from the server — or, when the server can't be reached, the
 * bundled console at its Settings page.
 */
export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    ...options.state.bounds,
    minWidth: Math.min(minimumWindowSize.width, options.state.bounds.width),
    minHeight: Math.min(minimumWindowSize.height, options.state.bounds.height),
    show: false,
    title: 'Storefront Console',
    webPreferences: {
      preload: options.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: false,
    },
  });
  if (options.state.isMaximized) window.maximize();
  window.once('ready-to-show', () => window.show());

  window.webContents.on('did-fail-load', (_event, errorCode, _description, url, isMainFrame) => {
    if (!isMainFrame || errorCode === abortedLoad) return;
    // Only a failed server load falls back; a failing bundled page must not loop.
    if (url.startsWith('file:')) return;
    showSettingsFallback(window, options.rendererFileUrl);
  });

  loadConsole(window, options.serverUrl);
  return window;
}

export function loadConsole(window: BrowserWindow, serverUrl: string) {
  // A failed load rejects here and also emits did-fail-load, which handles it.
  window.loadURL(consoleUrl(serverUrl)).catch(() => undefined);
}

export function showSettingsFallback(window: BrowserWindow, rendererFileUrl: string) {
  window.loadURL(settingsFallbackUrl(rendererFileUrl)).catch((error: unknown) => {
    console.error('Could not load the bundled console (run `npm run build`):', error);
  });
  // The window may still be hidden if the server load failed before the first paint.
  window.webContents.once('did-finish-load', () => {
    if (!window.isVisible()) window.show();
  });
}

/** Whether the window shows the bundled fallback rather than the server's console. */
export function isShowingFallback(window: BrowserWindow): boolean {
  return window.webContents.getURL().startsWith('file:');
}
