import type { AppConfig } from '../../config';
import type { DbOrTx } from '../../db/client';
import type { PaymentGateway } from './payment-gateway';
import { createSandboxGateway } from './sandbox-gateway';

/**
 * The configured card processor: Stripe with its keys, else the sandbox (development only).
 * Stripe's SDK is loaded only when configured.
 */
export async function gatewayFor(config: AppConfig, ledger: DbOrTx): Promise<PaymentGateway> {
  if (config.paymentGateway === 'stripe') {
    if (!config.stripe) throw new Error('PAYMENT_GATEWAY=stripe needs the STRIPE_* settings');
    const { createStripeGateway } = await import('./stripe-gateway');
    return createStripeGateway(config.stripe);
  }
  return createSandboxGateway(ledger, { latencyMs: config.sandboxLatencyMs });
}
