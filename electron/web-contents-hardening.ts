import type { WebContents } from 'electron';

export interface WebContentsHardeningOptions {
  isAppUrl(url: string): boolean;
  /** Hands a link the page tried to open to the system browser when it is allowed. */
  openExternal(url: string): Promise<boolean>;
}

/**
 * Rules for every page the app creates (the console window and the print window): no
 * navigation or redirect off the app, no new windows (allowed links go to the system browser
 * instead), no <webview>. The remote module no longer exists in Electron and is never added.
 */
export function hardenWebContents(contents: WebContents, options: WebContentsHardeningOptions) {
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.on('will-navigate', (event) => {
    if (!options.isAppUrl(event.url)) event.preventDefault();
  });
  contents.on('will-frame-navigate', (event) => {
    if (!options.isAppUrl(event.url)) event.preventDefault();
  });
  contents.on('will-redirect', (event) => {
    if (event.isMainFrame && !options.isAppUrl(event.url)) event.preventDefault();
  });
  contents.setWindowOpenHandler(({ url }) => {
    void options.openExternal(url);
    return { action: 'deny' };
  });
}
