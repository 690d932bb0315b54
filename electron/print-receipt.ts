import { BrowserWindow } from 'electron';
import type { PrintReceiptResult, ReceiptToPrint } from '../shared/contracts/desktop-bridge';
import { receiptDataUrl } from './receipt-html';

export const printMessages = {
  cancelled: 'Printing was cancelled.',
  failed: 'The receipt could not be printed. Please check the printer and try again.',
} as const;

/**
 * Prints a receipt through the system print dialog: the lines are rendered into escaped HTML,
 * loaded into a hidden window that runs no script and has no preload, printed, then closed.
 */
export async function printReceipt(receipt: ReceiptToPrint): Promise<PrintReceiptResult> {
  const window = new BrowserWindow({
    show: false,
    webPreferences: {
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      javascript: false,
      spellcheck: false,
    },
  });
  try {
    await window.loadURL(receiptDataUrl(receipt));
    return await new Promise<PrintReceiptResult>((resolve) => {
      window.webContents.print({ silent: false, printBackground: false }, (success, reason) => {
        if (success) return resolve({ ok: true });
        const error = reason === 'cancelled' ? printMessages.cancelled : printMessages.failed;
        resolve({ ok: false, error });
      });
    });
  } catch (error) {
    console.error('Could not print the receipt:', error);
    return { ok: false, error: printMessages.failed };
  } finally {
    window.destroy();
  }
}
