import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

/**
 * A stand-in for the `electron` module (the Electron binary can't run here, DESIGN §5): just
 * enough of app, BrowserWindow, session, ipcMain, shell, screen, contextBridge and ipcRenderer
 * for the main process and preload to run, recording what they ask for. Use it with
 * `vi.mock('electron', async () => (await import('./electron-fake')).createElectronFake())`,
 * calling `reset()` before each test.
 */
export type ElectronFake = ReturnType<typeof createElectronFake>;
export type FakeWindow = InstanceType<ElectronFake['BrowserWindow']>;

type WindowOpenHandler = (details: { url: string }) => { action: 'allow' | 'deny' };
type HeadersListener = (
  details: { url: string; resourceType: string; responseHeaders?: Record<string, string[]> },
  callback: (response: { responseHeaders?: Record<string, string[]> }) => void,
) => void;
type PermissionRequestHandler = (
  contents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
) => void;

export function createElectronFake() {
  const app = Object.assign(new EventEmitter(), {
    singleInstanceLock: true,
    userData: '/nonexistent',
    requestSingleInstanceLock: vi.fn((): boolean => app.singleInstanceLock),
    quit: vi.fn(),
    enableSandbox: vi.fn(),
    getPath: vi.fn((_name: string) => app.userData),
    whenReady: vi.fn(() => Promise.resolve()),
    isReady: vi.fn(() => true),
  });

  class FakeWebContents extends EventEmitter {
    url = '';
    windowOpenHandler: WindowOpenHandler | null = null;
    setWindowOpenHandler = vi.fn((handler: WindowOpenHandler) => {
      this.windowOpenHandler = handler;
    });
    getURL = vi.fn(() => this.url);
    print = vi.fn(
      (_options: unknown, callback: (success: boolean, failureReason: string) => void) => {
        callback(true, '');
      },
    );
  }

  class BrowserWindow extends EventEmitter {
    static instances: BrowserWindow[] = [];
    /** When set, every window's loads fail with it (like an unreachable URL). */
    static loadError: Error | null = null;
    static getAllWindows = () => BrowserWindow.instances.filter((window) => !window.destroyed);
    readonly options: Record<string, unknown> & { webPreferences?: Record<string, unknown> };
    readonly webContents = new FakeWebContents();
    visible = false;
    minimized = false;
    maximized = false;
    destroyed = false;
    /** What loadURL does; a test replaces it to make a load fail. */
    loadResult: (url: string) => Promise<void> = async () => {
      if (BrowserWindow.loadError) throw BrowserWindow.loadError;
    };

    constructor(options: Record<string, unknown> = {}) {
      super();
      this.options = options;
      BrowserWindow.instances.push(this);
      app.emit('web-contents-created', {}, this.webContents);
    }
    loadURL = vi.fn(async (url: string) => {
      this.webContents.url = url;
      await this.loadResult(url);
    });
    show = vi.fn(() => {
      this.visible = true;
    });
    focus = vi.fn();
    restore = vi.fn(() => {
      this.minimized = false;
    });
    maximize = vi.fn(() => {
      this.maximized = true;
    });
    destroy = vi.fn(() => {
      this.destroyed = true;
    });
    isVisible = () => this.visible;
    isMinimized = () => this.minimized;
    isMaximized = () => this.maximized;
    getNormalBounds = vi.fn(() => ({ x: 0, y: 0, width: 1280, height: 800 }));
  }

  const permissionRequestHandlers: PermissionRequestHandler[] = [];
  const permissionCheckHandlers: ((...args: unknown[]) => boolean)[] = [];
  const devicePermissionHandlers: ((...args: unknown[]) => boolean)[] = [];
  const headersListeners: HeadersListener[] = [];
  const session = {
    defaultSession: {
      permissionRequestHandlers,
      permissionCheckHandlers,
      devicePermissionHandlers,
      headersListeners,
      setPermissionRequestHandler: vi.fn((handler: PermissionRequestHandler) => {
        permissionRequestHandlers.push(handler);
      }),
      setPermissionCheckHandler: vi.fn((handler: (...args: unknown[]) => boolean) => {
        permissionCheckHandlers.push(handler);
      }),
      setDevicePermissionHandler: vi.fn((handler: (...args: unknown[]) => boolean) => {
        devicePermissionHandlers.push(handler);
      }),
      webRequest: {
        onHeadersReceived: vi.fn((listener: HeadersListener) => {
          headersListeners.push(listener);
        }),
      },
    },
  };

  const ipcHandlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>();
  const ipcMain = {
    handlers: ipcHandlers,
    handle: vi.fn((channel: string, handler: (event: unknown, ...args: unknown[]) => unknown) => {
      if (ipcHandlers.has(channel)) throw new Error(`second handler for ${channel}`);
      ipcHandlers.set(channel, handler);
    }),
  };

  const workArea = { x: 0, y: 0, width: 1920, height: 1040 };
  const screen = {
    displays: [{ id: 1, workArea, bounds: { ...workArea, height: 1080 } }],
    getPrimaryDisplay: vi.fn(() => screen.displays[0]),
    getDisplayMatching: vi.fn(() => screen.displays[0]),
  };

  /** Back to a freshly started Electron (the mocked module itself outlives vi.resetModules). */
  const reset = () => {
    vi.clearAllMocks();
    app.removeAllListeners();
    app.singleInstanceLock = true;
    app.userData = '/nonexistent';
    BrowserWindow.instances.length = 0;
    BrowserWindow.loadError = null;
    permissionRequestHandlers.length = 0;
    permissionCheckHandlers.length = 0;
    devicePermissionHandlers.length = 0;
    headersListeners.length = 0;
    ipcHandlers.clear();
  };

  return {
    reset,
    app,
    BrowserWindow,
    session,
    ipcMain,
    shell: { openExternal: vi.fn(async (_url: string) => undefined) },
    screen,
    contextBridge: { exposeInMainWorld: vi.fn() },
    ipcRenderer: { invoke: vi.fn(async (..._args: unknown[]) => undefined) },
  };
}

/** An IPC event as a frame of `url` sends it (`parent` set for an iframe). */
export function ipcEventFrom(url: string, options: { iframe?: boolean } = {}) {
  return { senderFrame: { url, parent: options.iframe ? {} : null } };
}

/** A navigation event whose default can be prevented, as `will-navigate` passes it. */
export function navigationEvent(url: string, isMainFrame = true) {
  return { url, isMainFrame, preventDefault: vi.fn() };
}
