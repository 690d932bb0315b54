/**
 * The desktop console's preload bridge (`window.storefrontDesktop`): one function per action,
 * no generic send or invoke. The preload implements it; the console renderer uses it when it
 * runs inside Electron and does without it in a browser (then the API is the page's origin).
 */
export interface DesktopSettings {
  /** The API server the console talks to, e.g. `https://storefront.example.com`. */
  serverUrl: string;
}

/** What `setServerUrl` answers: the stored value, or why it was refused. */
export type SaveServerUrlResult = { ok: true; serverUrl: string } | { ok: false; error: string };

/** What the console asks the main process to print: plain text lines, never HTML. */
export interface ReceiptToPrint {
  title: string;
  lines: { label: string; value: string }[];
}

export type PrintReceiptResult = { ok: true } | { ok: false; error: string };

export interface DesktopBridge {
  readonly platform: string;
  getSettings(): Promise<DesktopSettings>;
  setServerUrl(serverUrl: string): Promise<SaveServerUrlResult>;
  printReceipt(receipt: ReceiptToPrint): Promise<PrintReceiptResult>;
  /** Opens an https link on an allowed host in the system browser; others are refused. */
  openExternal(url: string): Promise<boolean>;
}

/** The global name under which the preload exposes the bridge. */
export const desktopBridgeKey = 'storefrontDesktop';
