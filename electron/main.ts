import { join } from 'node:path';
import { app, BrowserWindow, session, shell } from 'electron';
import { consoleCsp, isAllowedExternalUrl, isAppUrl } from './window-security';

/** Hosts whose https links may open in the system browser. */
const allowedExternalHosts = ['www.fda.gov', 'www.cdc.gov'];
const defaultServerUrl = 'http://localhost:3000';

function createWindow(serverUrl: string): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    show: false,
    webPreferences: {
      preload: join(import.meta.dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  });
  const appUrl = `${serverUrl}/console/`;
  window.webContents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url, serverUrl)) event.preventDefault();
  });
  window.webContents.setWindowOpenHandler(({ url }) => {
    if (isAllowedExternalUrl(url, allowedExternalHosts)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(appUrl);
  return window;
}

function harden(serverUrl: string) {
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) =>
    callback(false),
  );
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: {
        ...details.responseHeaders,
        'Content-Security-Policy': [consoleCsp(new URL(serverUrl).origin)],
      },
    });
  });
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let mainWindow: BrowserWindow | null = null;
  app.on('second-instance', () => {
    if (mainWindow?.isMinimized()) mainWindow.restore();
    mainWindow?.focus();
  });
  void app.whenReady().then(() => {
    const serverUrl = process.env.STOREFRONT_SERVER_URL ?? defaultServerUrl;
    harden(serverUrl);
    mainWindow = createWindow(serverUrl);
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}
