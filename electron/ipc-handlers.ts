import { type IpcMainInvokeEvent, ipcMain } from 'electron';
import type { z } from 'zod';
import type {
  DesktopSettings,
  PrintReceiptResult,
  ReceiptToPrint,
  SaveServerUrlResult,
} from '../shared/contracts/desktop-bridge';
import { ipcChannels } from './ipc-channels';
import { ipcArguments } from './ipc-schemas';

export interface IpcDependencies {
  /** Whether a URL is the console (the server's or the bundled one). */
  isAppUrl(url: string): boolean;
  getSettings(): DesktopSettings;
  setServerUrl(serverUrl: string): Promise<SaveServerUrlResult>;
  printReceipt(receipt: ReceiptToPrint): Promise<PrintReceiptResult>;
  openExternal(url: string): Promise<boolean>;
}

/**
 * One `ipcMain.handle` per bridge function. Each checks that the call comes from the top frame
 * of a page that is the console, and validates its arguments, before doing anything.
 */
export function registerIpcHandlers(dependencies: IpcDependencies) {
  const handle = <Args extends unknown[]>(
    channel: string,
    schema: z.ZodType<Args>,
    run: (...args: Args) => unknown,
  ) => {
    ipcMain.handle(channel, (event, ...args: unknown[]) => {
      if (!isTrustedSender(event, dependencies.isAppUrl)) {
        throw new Error(`${channel} refused: the caller is not the console.`);
      }
      const parsed = schema.safeParse(args);
      if (!parsed.success) throw new Error(`${channel} refused: invalid arguments.`);
      return run(...parsed.data);
    });
  };

  handle(ipcChannels.getSettings, ipcArguments.getSettings, () => dependencies.getSettings());
  handle(ipcChannels.setServerUrl, ipcArguments.setServerUrl, (serverUrl) =>
    dependencies.setServerUrl(serverUrl),
  );
  handle(ipcChannels.printReceipt, ipcArguments.printReceipt, (receipt) =>
    dependencies.printReceipt(receipt),
  );
  handle(ipcChannels.openExternal, ipcArguments.openExternal, (url) =>
    dependencies.openExternal(url),
  );
}

/** The sender must be a live top-level frame showing the console (never an iframe). */
export function isTrustedSender(
  event: IpcMainInvokeEvent,
  isAppUrl: (url: string) => boolean,
): boolean {
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null) return false;
  return isAppUrl(frame.url);
}
