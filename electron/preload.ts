import { contextBridge, ipcRenderer } from 'electron';
import { type DesktopBridge, desktopBridgeKey } from '../shared/contracts/desktop-bridge';
import { ipcChannels } from './ipc-channels';

/**
 * The narrow bridge of the console (`window.storefrontDesktop`): one function per action, each
 * invoking its own fixed channel. Nothing of ipcRenderer itself reaches the page. Sandboxed, so
 * this is built as CommonJS and may only use `contextBridge` and `ipcRenderer`.
 */
const bridge: DesktopBridge = {
  platform: process.platform,
  getSettings: () => ipcRenderer.invoke(ipcChannels.getSettings),
  setServerUrl: (serverUrl) => ipcRenderer.invoke(ipcChannels.setServerUrl, serverUrl),
  printReceipt: (receipt) => ipcRenderer.invoke(ipcChannels.printReceipt, receipt),
  openExternal: (url) => ipcRenderer.invoke(ipcChannels.openExternal, url),
};

contextBridge.exposeInMainWorld(desktopBridgeKey, bridge);
