import { describe, expect, it, vi } from 'vitest';
import { ipcChannels } from '../../../electron/ipc-channels';
import type { DesktopBridge } from '../../../shared/contracts/desktop-bridge';
import type { ElectronFake } from './electron-fake';

vi.mock('electron', async () => (await import('./electron-fake')).createElectronFake());

const electron = (await import('electron')) as unknown as ElectronFake;

describe('preload bridge', () => {
  it('exposes window.storefrontDesktop with exactly the bridge functions on fixed channels', async () => {
    electron.reset();
    await import('../../../electron/preload');
    expect(electron.contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(1);
    const [key, bridge] = electron.contextBridge.exposeInMainWorld.mock.calls[0] as [
      string,
      DesktopBridge,
    ];
    expect(key).toBe('storefrontDesktop');
    expect(Object.keys(bridge).sort()).toEqual(
      ['getSettings', 'openExternal', 'platform', 'printReceipt', 'setServerUrl'].sort(),
    );
    expect(bridge.platform).toBe(process.platform);

    const receipt = { title: 'Order 1001', lines: [] };
    await bridge.getSettings();
    await bridge.setServerUrl('https://shop.example.com');
    await bridge.printReceipt(receipt);
    await bridge.openExternal('https://www.fda.gov/');
    expect(electron.ipcRenderer.invoke.mock.calls).toEqual([
      [ipcChannels.getSettings],
      [ipcChannels.setServerUrl, 'https://shop.example.com'],
      [ipcChannels.printReceipt, receipt],
      [ipcChannels.openExternal, 'https://www.fda.gov/'],
    ]);
  });
});
