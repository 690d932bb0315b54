import { z } from 'zod';
import type { ReceiptToPrint } from '../shared/contracts/desktop-bridge';

/**
 * The arguments each bridge channel accepts, as a tuple: anything else (a missing or extra
 * argument, a wrong type, an oversized payload) is refused before any handler runs.
 */
const text = (max: number) => z.string().max(max);
const url = text(2048);

const receipt: z.ZodType<ReceiptToPrint> = z.strictObject({
  title: text(200),
  lines: z.array(z.strictObject({ label: text(200), value: text(2000) })).max(200),
});

export const ipcArguments = {
  getSettings: z.tuple([]),
  setServerUrl: z.tuple([url]),
  printReceipt: z.tuple([receipt]),
  openExternal: z.tuple([url]),
};
