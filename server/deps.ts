import type { AppConfig } from './config';
import type { Database } from './db/client';
import type { FileStore } from './integrations/files/file-store';
import type { Notifier } from './integrations/notifier/notifier';
import type { PaymentGateway } from './integrations/payments/payment-gateway';

/** What every module gets: built once in main.ts (or by a test) and passed down. */
export interface AppDeps {
  config: AppConfig;
  database: Database;
  notifier: Notifier;
  /** The card processor: the built-in sandbox unless another is configured (DESIGN §4). */
  payments: PaymentGateway;
  /** Where uploaded files' bytes live (FILES_DIR on the local disk). */
  files: FileStore;
}
