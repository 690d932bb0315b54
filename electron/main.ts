import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, type BrowserWindow, screen, session } from 'electron';
import { openExternalIfAllowed } from './external-links';
import { registerIpcHandlers } from './ipc-handlers';
import { createMainWindow, isShowingFallback, loadConsole } from './main-window';
import { printReceipt } from './print-receipt';
import { hardenSession } from './session-hardening';
import { createSettingsStore } from './settings-store';
import { hardenWebContents } from './web-contents-hardening';
import { consoleCsp, isAppUrl } from './window-security';
import { loadWindowState, rememberWindowState } from './window-state';

/**
 * The desktop console's main process: one instance per user, one hardened window showing the
 * console from the configured server (or the bundled Settings page when it can't be reached),
 * and the narrow bridge of shared/contracts/desktop-bridge.ts.
 */

// Every renderer sandboxed, whatever a window's own preferences say.
app.enableSandbox();

if (!app.requestSingleInstanceLock()) {
  // Another console is already running: it gets focused (second-instance) and we leave.
  app.quit();
} else {
  startShell();
}

function startShell() {
  const preloadPath = join(import.meta.dirname, '../preload/index.cjs');
  const rendererFileUrl = pathToFileURL(join(import.meta.dirname, '../renderer/index.html')).href;
  const userData = app.getPath('userData');
  const settings = createSettingsStore(userData);
  const serverUrl = () => settings.get().serverUrl;
  const isApp = (url: string) => isAppUrl(url, [serverUrl(), rendererFileUrl]);
  const openExternal = (url: string) => openExternalIfAllowed(url, serverUrl());
  let mainWindow: BrowserWindow | null = null;

  const openMainWindow = () => {
    const window = createMainWindow({
      preloadPath,
      rendererFileUrl,
      serverUrl: serverUrl(),
      state: loadWindowState(userData, screen),
    });
    rememberWindowState(window, userData);
    window.on('closed', () => {
      if (mainWindow === window) mainWindow = null;
    });
    mainWindow = window;
  };

  /** After a save, show the console of the new server (or retry the same one from Settings). */
  const reconnect = (changed: boolean) => {
    const window = mainWindow;
    if (!window || (!changed && !isShowingFallback(window))) return;
    // After the IPC reply has gone out, so the page that asked gets its answer first.
    setImmediate(() => loadConsole(window, serverUrl()));
  };

  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.show();
    mainWindow.focus();
  });
  app.on('web-contents-created', (_event, contents) =>
    hardenWebContents(contents, { isAppUrl: isApp, openExternal }),
  );
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (app.isReady() && !mainWindow) openMainWindow();
  });

  void app
    .whenReady()
    .then(() => {
      hardenSession(session.defaultSession, {
        isAppUrl: isApp,
        contentSecurityPolicy: () => consoleCsp(serverUrl()),
      });
      registerIpcHandlers({
        isAppUrl: isApp,
        getSettings: () => settings.get(),
        setServerUrl: async (input) => {
          const before = serverUrl();
          const result = await settings.setServerUrl(input);
          if (result.ok) reconnect(result.serverUrl !== before);
          return result;
        },
        printReceipt,
        openExternal,
      });
      openMainWindow();
    })
    .catch((error: unknown) => {
      console.error('The desktop console could not start:', error);
      app.quit();
    });
}
