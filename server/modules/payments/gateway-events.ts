import { eq } from 'drizzle-orm';
import { gatewayEvents, payments } from '../../db/schema/orders';
import type { AppDeps } from '../../deps';
import type { GatewayEvent } from '../../integrations/payments/payment-gateway';
import { writeAudit } from '../audit/audit-service';
import type { RequestContext } from '../auth/request-context';
import { completePayment } from './complete-payment';
import { takeAbandonedPayment } from './pending-payments';

export type EventOutcome = 'processed' | 'duplicate';

/**
 * A webhook event of the gateway, handled once (the gateway resends an event until it is
 * answered, and may send it twice): a charge reported that our database missed is recorded,
 * or refunded when our books say the payment did not go through. An event is marked handled
 * only once its work is done, so one that fails is handled again when it is resent.
 */
export async function handleGatewayEvent(
  deps: AppDeps,
  context: RequestContext,
  event: GatewayEvent,
): Promise<EventOutcome> {
  const { db } = deps.database;
  const [seen] = await db
    .select({ id: gatewayEvents.id })
    .from(gatewayEvents)
    .where(eq(gatewayEvents.id, event.id));
  if (seen) return 'duplicate';
  if (event.type === 'charge-succeeded') await reconcileCharge(deps, context, event);
  const inserted = await db
    .insert(gatewayEvents)
    .values({ id: event.id, type: event.type === 'other' ? event.name : event.type })
    .onConflictDoNothing()
    .returning({ id: gatewayEvents.id });
  return inserted.length > 0 ? 'processed' : 'duplicate';
}

async function reconcileCharge(
  deps: AppDeps,
  context: RequestContext,
  event: Extract<GatewayEvent, { type: 'charge-succeeded' }>,
): Promise<void> {
  const { db } = deps.database;
  if (!event.idempotencyKey?.startsWith('payment:')) return; // not a payment of ours
  const [payment] = await db
    .select()
    .from(payments)
    .where(eq(payments.gatewayKey, event.idempotencyKey));
  if (!payment) {
    context.log?.warn({ chargeId: event.chargeId }, 'a charge names a payment we do not have');
    return;
  }
  if (payment.status === 'succeeded' || payment.status === 'refunded') return;
  if (payment.status === 'pending') {
    // A process that is alive records it itself; one that died left its lease to run out.
    const taken = await takeAbandonedPayment(db, payment.orderId);
    if (taken?.id !== payment.id) return;
    await completePayment(deps, context, taken, { ok: true, chargeId: event.chargeId });
    return;
  }
  // Failed in our books, taken at the gateway: the money goes back.
  const refund = await deps.payments.refund({
    chargeId: event.chargeId,
    amountCents: event.amountCents,
    idempotencyKey: `reverse:${payment.id}`,
  });
  await writeAudit(db, context, {
    action: 'payment.charge-reversed',
    outcome: refund.ok ? 'success' : 'failure',
    subject: `order:${payment.orderId}`,
    detail: { paymentId: payment.id, chargeId: event.chargeId, amountCents: event.amountCents },
  });
  if (!refund.ok) throw new Error(`refund of an unrecorded charge failed: ${refund.message}`);
}
