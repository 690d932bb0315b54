/**
 * The fixed IPC channels of the bridge, one per action (DesktopBridge in
 * shared/contracts/desktop-bridge.ts). Main registers exactly these and the preload invokes
 * exactly these: there is no generic channel a page could use to reach anything else.
 */
export const ipcChannels = {
  getSettings: 'storefront-desktop:get-settings',
  setServerUrl: 'storefront-desktop:set-server-url',
  printReceipt: 'storefront-desktop:print-receipt',
  openExternal: 'storefront-desktop:open-external',
} as const;

export type IpcChannel = (typeof ipcChannels)[keyof typeof ipcChannels];
