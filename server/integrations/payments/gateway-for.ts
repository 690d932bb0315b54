import type { AppConfig } from '../../config';
import type { DbOrTx } from '../../db/client';
import type { PaymentGateway } from './payment-gateway';
import { createSandboxGateway } from './sandbox-gateway';
import { createStripeGateway } from './stripe-gateway';

/** The configured card processor: Stripe with its keys, else the sandbox (development only). */
export function gatewayFor(config: AppConfig, ledger: DbOrTx): PaymentGateway {
  if (config.paymentGateway === 'stripe') {
    if (!config.stripe) throw new Error('PAYMENT_GATEWAY=stripe needs the STRIPE_* settings');
    return createStripeGateway(config.stripe);
  }
  return createSandboxGateway(ledger, { latencyMs: config.sandboxLatencyMs });
}
