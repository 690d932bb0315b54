import { randomUUID } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { DbOrTx } from '../../db/client';
import { payments, promoCodes, promoRedemptions } from '../../db/schema/orders';
import type { AppDeps } from '../../deps';
import type { Principal } from '../auth/principal';
import { orderForCaller } from '../orders/order-access';
import { type PricedOrder, priceOrder } from '../orders/order-pricing';
import { extendHoldForPayment } from '../scheduling/slot-holds';
import { assertPayable, assertReadyToPay } from './payable';

export type PaymentRow = typeof payments.$inferSelect;

/** The process paying holds its pending payment this long, and renews it while it runs. */
export const paymentLeaseMs = 12_000;
const renewEveryMs = 3_000;

/** The card a payment charges, as resolved before the reservation. */
export interface ChargeCard {
  token: string;
  brand: string;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
  /** The saved card paid with, if any. */
  cardId: string | null;
  /** Save the card to the owner's account once the payment succeeds. */
  save: boolean;
  holderName: string | null;
}

const leaseEnd = () => new Date(Date.now() + paymentLeaseMs);

/**
 * Commits a pending payment before the gateway is called (Stripe's advice for crash safety):
 * under the order's row lock, every check that could refuse the order runs (status, stages,
 * promo cap, visit slot), and the payment row names the gateway key
 * the charge will be made with. A crash after this leaves the row for a retry to settle.
 * 409 while another payment of the order is on its way.
 */
export async function reservePayment(
  deps: AppDeps,
  input: { orderId: string; actor: Principal; requestKey: string },
  card: ChargeCard,
): Promise<PaymentRow> {
  return deps.database.db.transaction(async (tx) => {
    const order = await orderForCaller(tx, input.actor, input.orderId, { forUpdate: true });
    assertPayable(order);
    const [inProgress] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'pending')));
    if (inProgress) throw fail.conflict(messages.paymentInProgress);
    const priced = await priceOrder(deps, tx, order);
    assertReadyToPay(priced.items);
    await checkPromo(tx, priced, { take: false });
    if (!(await extendHoldForPayment(tx, order.id))) throw fail.conflict(messages.slotNotFound);

    const id = randomUUID();
    const [payment] = await tx
      .insert(payments)
      .values({
        id,
        orderId: order.id,
        cardId: card.cardId,
        cardBrand: card.brand,
        cardLast4: card.last4,
        cardExpMonth: card.expMonth,
        cardExpYear: card.expYear,
        amountCents: priced.totals.totalCents,
        status: 'pending',
        gateway: deps.payments.name,
        gatewayKey: `payment:${id}`,
        gatewayToken: card.token,
        saveCard: card.save,
        holderName: card.holderName,
        actorId: input.actor.kind === 'user' ? input.actor.userId : null,
        requestKey: input.requestKey,
        leaseUntil: leaseEnd(),
      })
      .returning();
    if (!payment) throw new Error('pending payment not recorded');
    return payment;
  });
}

/**
 * The order's promo code, checked under the code's lock: its cap is checked again there, so
 * two orders cannot both take its last use. A code that no longer applies refuses the payment
 * (the patient agreed to the discounted total, not to another one). With `take`, the use is
 * taken (when the payment is recorded, in the same transaction).
 */
export async function checkPromo(
  tx: DbOrTx,
  priced: PricedOrder,
  options: { take: boolean },
): Promise<void> {
  const code = priced.order.couponCode;
  if (!code) return;
  if (!priced.isPromoCodeApplied) throw fail.conflict(messages.promoInvalid);
  const [promo] = await tx.select().from(promoCodes).where(eq(promoCodes.code, code)).for('update');
  if (!promo || (promo.maxUses !== null && promo.uses >= promo.maxUses)) {
    throw fail.conflict(messages.promoInvalid);
  }
  if (!options.take) return;
  await tx.insert(promoRedemptions).values({ code: promo.code, orderId: priced.order.id });
  await tx
    .update(promoCodes)
    .set({ uses: sql`${promoCodes.uses} + 1` })
    .where(eq(promoCodes.code, promo.code));
}

/**
 * Runs `work` (the gateway call) while renewing the payment's lease, so that no other process
 * takes the payment for abandoned while this one is alive.
 */
export async function holdingLease<T>(
  db: DbOrTx,
  paymentId: string,
  work: () => Promise<T>,
): Promise<T> {
  const renew = setInterval(() => {
    db.update(payments)
      .set({ leaseUntil: leaseEnd() })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
      .catch(() => undefined); // a missed renewal only lets a retry settle it sooner
  }, renewEveryMs);
  renew.unref();
  try {
    return await work();
  } finally {
    clearInterval(renew);
  }
}

/** Gives the lease up at once: the next retry settles the payment (the gateway call failed). */
export async function dropLease(db: DbOrTx, paymentId: string): Promise<void> {
  await db
    .update(payments)
    .set({ leaseUntil: new Date(0) })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')));
}

/**
 * The order's pending payment whose process died (its lease ran out), taken over by this one:
 * one process wins the compare-and-set, the others see nothing to take.
 */
export async function takeAbandonedPayment(
  db: DbOrTx,
  orderId: string,
): Promise<PaymentRow | null> {
  const [stale] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.status, 'pending'),
        lt(payments.leaseUntil, new Date()),
      ),
    );
  if (!stale?.leaseUntil) return null;
  const [taken] = await db
    .update(payments)
    .set({ leaseUntil: leaseEnd() })
    .where(
      and(
        eq(payments.id, stale.id),
        eq(payments.status, 'pending'),
        eq(payments.leaseUntil, stale.leaseUntil),
      ),
    )
    .returning();
  return taken ?? null;
}
