import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ipcChannels } from '../../../electron/ipc-channels';
import { type ElectronFake, type FakeWindow, ipcEventFrom, navigationEvent } from './electron-fake';

vi.mock('electron', async () => (await import('./electron-fake')).createElectronFake());

const consoleUrl = 'http://localhost:3000/console/';
let electron: ElectronFake;
let userData: string;

/** Lets the app's `whenReady().then(...)` and any setImmediate work run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

async function startApp(options: { lock?: boolean } = {}) {
  electron.app.singleInstanceLock = options.lock ?? true;
  await import('../../../electron/main');
  await settle();
}

function mainWindow(): FakeWindow {
  const [window] = electron.BrowserWindow.instances;
  if (!window) throw new Error('no window was opened');
  return window;
}

function fallbackUrl(window: FakeWindow): string | undefined {
  return window.loadURL.mock.calls.map(([url]) => url).find((url) => url.startsWith('file:'));
}

beforeEach(async () => {
  // main.ts does its work on import: each test gets a fresh copy and a reset fake Electron.
  vi.resetModules();
  vi.stubEnv('STOREFRONT_SERVER_URL', '');
  electron = (await import('electron')) as unknown as ElectronFake;
  electron.reset();
  userData = mkdtempSync(join(tmpdir(), 'storefront-desktop-'));
  electron.app.userData = userData;
});

afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(userData, { recursive: true, force: true });
});

describe('single instance', () => {
  it('a second instance quits without opening a window', async () => {
    await startApp({ lock: false });
    expect(electron.app.quit).toHaveBeenCalled();
    expect(electron.app.whenReady).not.toHaveBeenCalled();
    expect(electron.BrowserWindow.instances).toHaveLength(0);
  });

  it('the first instance restores and focuses its window when a second one starts', async () => {
    await startApp();
    const window = mainWindow();
    window.minimized = true;
    electron.app.emit('second-instance');
    expect(window.restore).toHaveBeenCalled();
    expect(window.show).toHaveBeenCalled();
    expect(window.focus).toHaveBeenCalled();
    expect(electron.app.quit).not.toHaveBeenCalled();
  });
});

describe('the console window', () => {
  it('is hardened: isolated, sandboxed, no Node, web security on, no webview', async () => {
    await startApp();
    const preferences = mainWindow().options.webPreferences ?? {};
    expect(preferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(String(preferences.preload)).toMatch(/[/\\]preload[/\\]index\.cjs$/);
    expect(preferences).not.toHaveProperty('enableRemoteModule');
    expect(electron.app.enableSandbox).toHaveBeenCalled();
  });

  it('loads the console from the default server', async () => {
    await startApp();
    expect(mainWindow().loadURL).toHaveBeenCalledWith(consoleUrl);
  });

  it('uses STOREFRONT_SERVER_URL when nothing is saved, and a saved address over it', async () => {
    vi.stubEnv('STOREFRONT_SERVER_URL', 'https://staging.example.com/');
    await startApp();
    expect(mainWindow().loadURL).toHaveBeenCalledWith('https://staging.example.com/console/');

    vi.resetModules();
    electron.reset();
    electron.app.userData = userData;
    writeFileSync(join(userData, 'settings.json'), '{"serverUrl":"https://shop.example.com"}');
    await startApp();
    expect(mainWindow().loadURL).toHaveBeenCalledWith('https://shop.example.com/console/');
  });

  it('shows the bundled Settings page when the server cannot be reached', async () => {
    await startApp();
    const window = mainWindow();
    window.webContents.emit('did-fail-load', {}, -102, 'ERR_CONNECTION_REFUSED', consoleUrl, true);
    expect(fallbackUrl(window)).toMatch(/^file:\/\/.*\/renderer\/index\.html#\/settings$/);
  });

  it('does not fall back for aborted loads, sub-frames, or a failing bundled page', async () => {
    await startApp();
    const window = mainWindow();
    window.webContents.emit('did-fail-load', {}, -3, 'ERR_ABORTED', consoleUrl, true);
    window.webContents.emit('did-fail-load', {}, -102, 'ERR_CONNECTION_REFUSED', consoleUrl, false);
    window.webContents.emit(
      'did-fail-load',
      {},
      -6,
      'ERR_FILE_NOT_FOUND',
      'file:///app/out/renderer/index.html',
      true,
    );
    expect(fallbackUrl(window)).toBeUndefined();
  });

  it('restores the saved size and position', async () => {
    writeFileSync(
      join(userData, 'window-state.json'),
      JSON.stringify({ bounds: { x: 40, y: 30, width: 1400, height: 900 }, isMaximized: true }),
    );
    await startApp();
    expect(mainWindow().options).toMatchObject({ x: 40, y: 30, width: 1400, height: 900 });
    expect(mainWindow().maximize).toHaveBeenCalled();
  });
});

describe('navigation and new windows', () => {
  it('denies navigation and redirects off the app, allows the app and its bundled page', async () => {
    await startApp();
    const { webContents } = mainWindow();
    const cases: [string, boolean][] = [
      ['http://localhost:3000/console/orders', true],
      ['https://evil.example/console/', false],
      ['http://localhost:3001/console/', false],
      ['file:///etc/passwd', false],
    ];
    const bundled = fallbackUrlFor(webContents);
    cases.push([bundled, true]);
    for (const [url, allowed] of cases) {
      for (const eventName of ['will-navigate', 'will-frame-navigate', 'will-redirect']) {
        const event = navigationEvent(url);
        webContents.emit(eventName, event);
        expect(event.preventDefault.mock.calls.length, `${eventName} ${url}`).toBe(allowed ? 0 : 1);
      }
    }
  });

  it('denies every new window and opens only allowed https links in the browser', async () => {
    await startApp();
    const handler = mainWindow().webContents.windowOpenHandler;
    if (!handler) throw new Error('no window-open handler');
    expect(handler({ url: 'https://www.fda.gov/drugs' })).toEqual({ action: 'deny' });
    expect(handler({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    expect(handler({ url: 'http://www.fda.gov/drugs' })).toEqual({ action: 'deny' });
    expect(handler({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(handler({ url: consoleUrl })).toEqual({ action: 'deny' });
    await settle();
    expect(electron.shell.openExternal.mock.calls).toEqual([['https://www.fda.gov/drugs']]);
  });

  it('prevents attaching a <webview>', async () => {
    await startApp();
    const event = { preventDefault: vi.fn() };
    mainWindow().webContents.emit('will-attach-webview', event, {}, {});
    expect(event.preventDefault).toHaveBeenCalled();
  });
});

describe('session', () => {
  it('denies every permission request and check', async () => {
    await startApp();
    const { defaultSession } = electron.session;
    const [requestHandler] = defaultSession.permissionRequestHandlers;
    const callback = vi.fn();
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read']) {
      requestHandler?.({}, permission, callback);
    }
    expect(callback.mock.calls).toEqual([[false], [false], [false], [false]]);
    expect(defaultSession.permissionCheckHandlers[0]?.({}, 'media')).toBe(false);
    expect(defaultSession.devicePermissionHandlers[0]?.({})).toBe(false);
  });

  it('adds the console CSP to app documents, keeping the server policy', async () => {
    await startApp();
    const [listener] = electron.session.defaultSession.headersListeners;
    const callback = vi.fn();
    listener?.(
      {
        url: consoleUrl,
        resourceType: 'mainFrame',
        responseHeaders: { 'content-security-policy': ["default-src 'self'"], 'x-a': ['1'] },
      },
      callback,
    );
    const headers = callback.mock.calls[0]?.[0].responseHeaders;
    expect(headers['x-a']).toEqual(['1']);
    expect(headers['content-security-policy']).toBeUndefined();
    expect(headers['Content-Security-Policy'][0]).toBe("default-src 'self'");
    expect(headers['Content-Security-Policy'][1]).toContain("script-src 'self'");
    expect(headers['Content-Security-Policy'][1]).toContain(
      "connect-src 'self' http://localhost:3000",
    );

    callback.mockClear();
    listener?.({ url: 'http://localhost:3000/api/health', resourceType: 'xhr' }, callback);
    expect(callback).toHaveBeenCalledWith({});
  });
});

describe('the bridge', () => {
  it('registers exactly one handler per bridge function', async () => {
    await startApp();
    expect([...electron.ipcMain.handlers.keys()].sort()).toEqual(Object.values(ipcChannels).sort());
  });

  it('saves a new server address and reloads the console from it', async () => {
    await startApp();
    const setServerUrl = electron.ipcMain.handlers.get(ipcChannels.setServerUrl);
    const getSettings = electron.ipcMain.handlers.get(ipcChannels.getSettings);
    const result = await setServerUrl?.(
      ipcEventFrom(consoleUrl),
      ' https://shop.example.com/console/ ',
    );
    expect(result).toEqual({ ok: true, serverUrl: 'https://shop.example.com' });
    expect(await getSettings?.(ipcEventFrom('https://shop.example.com/console/'))).toEqual({
      serverUrl: 'https://shop.example.com',
    });
    expect(JSON.parse(readFileSync(join(userData, 'settings.json'), 'utf8'))).toEqual({
      serverUrl: 'https://shop.example.com',
    });
    await settle();
    expect(mainWindow().loadURL).toHaveBeenLastCalledWith('https://shop.example.com/console/');
  });

  it('from the bundled Settings page, saving the same address retries the server', async () => {
    await startApp();
    const window = mainWindow();
    window.webContents.emit('did-fail-load', {}, -102, 'ERR_CONNECTION_REFUSED', consoleUrl, true);
    const bundled = fallbackUrl(window) ?? '';
    const setServerUrl = electron.ipcMain.handlers.get(ipcChannels.setServerUrl);
    expect(await setServerUrl?.(ipcEventFrom(bundled), 'http://localhost:3000')).toEqual({
      ok: true,
      serverUrl: 'http://localhost:3000',
    });
    await settle();
    expect(window.loadURL).toHaveBeenLastCalledWith(consoleUrl);
  });

  it('refuses calls from pages that are not the console', async () => {
    await startApp();
    const getSettings = electron.ipcMain.handlers.get(ipcChannels.getSettings);
    expect(() => getSettings?.(ipcEventFrom('https://evil.example/'))).toThrow(/not the console/);
    expect(() => getSettings?.(ipcEventFrom('file:///tmp/other.html'))).toThrow(/not the console/);
  });
});

/** The bundled page's URL, as the app would load it (found by making the server fail). */
function fallbackUrlFor(webContents: FakeWindow['webContents']): string {
  webContents.emit('did-fail-load', {}, -102, 'ERR_CONNECTION_REFUSED', consoleUrl, true);
  const url = fallbackUrl(mainWindow());
  if (!url) throw new Error('no fallback');
  return url;
}
