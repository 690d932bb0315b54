import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ipcChannels } from '../../../electron/ipc-channels';
import { registerIpcHandlers } from '../../../electron/ipc-handlers';
import { isAppUrl } from '../../../electron/window-security';
import { type ElectronFake, ipcEventFrom } from './electron-fake';

vi.mock('electron', async () => (await import('./electron-fake')).createElectronFake());

const electron = (await import('electron')) as unknown as ElectronFake;
const bundledPage = 'file:///opt/storefront/resources/app.asar/out/renderer/index.html';
const consolePage = ipcEventFrom('http://localhost:3000/console/orders');

const dependencies = {
  isAppUrl: (url: string) => isAppUrl(url, ['http://localhost:3000', bundledPage]),
  getSettings: vi.fn(() => ({ serverUrl: 'http://localhost:3000' })),
  setServerUrl: vi.fn(async (serverUrl: string) => ({ ok: true as const, serverUrl })),
  printReceipt: vi.fn(async () => ({ ok: true as const })),
  openExternal: vi.fn(async () => true),
};

function handler(channel: string) {
  const found = electron.ipcMain.handlers.get(channel);
  if (!found) throw new Error(`no handler for ${channel}`);
  return found;
}

const receipt = { title: 'Order 1001', lines: [{ label: 'Total', value: '$12.00' }] };

beforeEach(() => {
  electron.reset();
  registerIpcHandlers(dependencies);
});

describe('bridge IPC handlers', () => {
  it('serve calls from the console, on the server or bundled, with valid arguments', async () => {
    expect(await handler(ipcChannels.getSettings)(consolePage)).toEqual({
      serverUrl: 'http://localhost:3000',
    });
    expect(
      await handler(ipcChannels.setServerUrl)(
        ipcEventFrom(`${bundledPage}#/settings`),
        'https://shop.example.com',
      ),
    ).toEqual({ ok: true, serverUrl: 'https://shop.example.com' });
    expect(await handler(ipcChannels.printReceipt)(consolePage, receipt)).toEqual({ ok: true });
    expect(dependencies.printReceipt).toHaveBeenCalledWith(receipt);
    expect(await handler(ipcChannels.openExternal)(consolePage, 'https://www.fda.gov/')).toBe(true);
  });

  it.each([
    ['another site', ipcEventFrom('https://evil.example/console/')],
    ['another port', ipcEventFrom('http://localhost:3001/console/')],
    ['another local file', ipcEventFrom('file:///tmp/evil.html')],
    [
      'an iframe inside the console',
      ipcEventFrom('http://localhost:3000/console/', { iframe: true }),
    ],
    ['a frame that is gone', { senderFrame: null }],
  ])('refuse calls from %s', (_case, event) => {
    for (const channel of Object.values(ipcChannels)) {
      expect(() => handler(channel)(event, 'https://www.fda.gov/')).toThrow(/not the console/);
    }
    expect(dependencies.setServerUrl).not.toHaveBeenCalled();
    expect(dependencies.openExternal).not.toHaveBeenCalled();
  });

  it.each([
    [ipcChannels.getSettings, ['extra']],
    [ipcChannels.setServerUrl, []],
    [ipcChannels.setServerUrl, [42]],
    [ipcChannels.setServerUrl, [{ toString: () => 'https://evil.example' }]],
    [ipcChannels.setServerUrl, ['https://shop.example.com', 'extra']],
    [ipcChannels.setServerUrl, [`https://example.com/${'a'.repeat(3000)}`]],
    [ipcChannels.openExternal, [null]],
    [ipcChannels.printReceipt, ['<p>html</p>']],
    [ipcChannels.printReceipt, [{ title: 'x' }]],
    [ipcChannels.printReceipt, [{ ...receipt, html: '<script>alert(1)</script>' }]],
    [ipcChannels.printReceipt, [{ title: 'x', lines: [{ label: 'a', value: 5 }] }]],
    [
      ipcChannels.printReceipt,
      [{ title: 'x', lines: Array.from({ length: 201 }, () => ({ label: 'a', value: 'b' })) }],
    ],
  ])('refuse %s with bad arguments %#', (channel, args) => {
    expect(() => handler(channel)(consolePage, ...args)).toThrow(/invalid arguments/);
    expect(dependencies.setServerUrl).not.toHaveBeenCalled();
    expect(dependencies.printReceipt).not.toHaveBeenCalled();
    expect(dependencies.openExternal).not.toHaveBeenCalled();
  });
});
