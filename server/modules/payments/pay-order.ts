import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { StageBit } from '../../../shared/checkout/stage-bits';
import type { NewCardInput, PayNowData } from '../../../shared/contracts/payments';
import { AppError, fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/identity';
import {
  type OrderStatus,
  orders,
  payments,
  promoCodes,
  promoRedemptions,
} from '../../db/schema/orders';
import type { AppDeps } from '../../deps';
import { isExpired } from '../../integrations/payments/card-checks';
import type { CardToken } from '../../integrations/payments/payment-gateway';
import { writeAudit } from '../audit/audit-service';
import type { Principal } from '../auth/principal';
import { storefrontProducts } from '../catalog/product-cache';
import { cachedStorefrontSettings } from '../config/storefront-cache';
import { orderForCaller } from '../orders/order-access';
import { type PricedOrder, priceOrder } from '../orders/order-pricing';
import { type OrderItemRow, type OrderRow, orderItemsOf } from '../orders/order-queries';
import { markStageComplete, pendingStagesOf } from '../orders/order-stages';
import { assertTransition, recordStatusChange } from '../orders/order-status';
import { orderView } from '../orders/order-view';
import { bookHeldSlot, extendHoldForPayment } from '../scheduling/slot-holds';
import { cardOf, saveTokenizedCard, tokenizeOrFail } from './card-service';
import { receiptEmail } from './receipt';

/** Where the money comes from: a saved card of the order's owner, or a card typed in now. */
export type CardSource =
  | { kind: 'saved'; cardId: string }
  | { kind: 'new'; card: NewCardInput; save: boolean };

export interface PayOrderInput {
  orderId: string;
  card: CardSource;
  /**
   * The caller's key for this payment (scoped by the caller, e.g. `paynow:<userId>:<key>`):
   * the gateway charges at most once per order and key, even across a crash and a retry.
   */
  idempotencyKey: string;
  /** Who pays: the patient, an agent on a phone order, or the refill job acting as the owner. */
  actor: Principal;
}

export type PayOrderResult =
  | { outcome: 'paid'; data: PayNowData }
  | { outcome: 'declined'; declineCode: string; message: string };

interface ResolvedCard {
  token: string;
  brand: string;
  last4: string;
  /** The saved card paid with, if any. */
  cardId: string | null;
  /** A new card to save once the payment succeeded. */
  toSave: { token: CardToken; holderName: string | null } | null;
}

/** A decline inside the transaction: thrown to roll everything back, then answered. */
class Declined extends Error {
  constructor(
    readonly declineCode: string,
    readonly reason: string,
    readonly amountCents: number,
  ) {
    super(reason);
  }
}

/** Statuses an order can be paid from: the cart, or a phone order waiting for its payment. */
function assertPayable(order: OrderRow): void {
  if (order.status === 'cart' || order.status === 'awaiting-payment') return;
  if (order.status === 'disqualified') throw fail.conflict(messages.orderDisqualified);
  if (order.status === 'cancelled' || order.status === 'refunded') {
    throw fail.conflict(messages.orderNotPayable);
  }
  throw fail.conflict(messages.orderAlreadyPaid);
}

/** Every item's checkout done but the payment itself, and something to pay for. */
function assertReadyToPay(items: readonly OrderItemRow[]): void {
  if (items.length === 0 || items.some((item) => item.qty <= 0)) {
    throw fail.conflict(messages.emptyCart);
  }
  const pending = pendingStagesOf(items, true).filter((stage) => stage !== 'Payment');
  if (pending[0]) throw fail.conflict(`Please complete the ${pending[0]} step before paying.`);
}

function needsConsult(priced: PricedOrder): boolean {
  return priced.items.some(
    (item) => priced.products.get(item.productId)?.isConsultRequired ?? item.consultFeeCents > 0,
  );
}

async function resolveCard(
  deps: AppDeps,
  order: OrderRow,
  source: CardSource,
): Promise<ResolvedCard> {
  if (source.kind === 'saved') {
    // The order owner's card: an agent pays with the patient's cards, not their own.
    if (!order.userId) throw fail.notFound(messages.cardNotFound);
    const card = await cardOf(deps.database.db, order.userId, source.cardId);
    if (isExpired(card.expMonth, card.expYear)) {
      throw fail.badRequest(messages.cardExpired, { cardId: 'cardExpiredError' });
    }
    return {
      token: card.gatewayToken,
      brand: card.brand,
      last4: card.last4,
      cardId: card.id,
      toSave: null,
    };
  }
  if (source.save && !order.userId) {
    throw fail.badRequest(messages.saveCardNeedsAccount, { card: 'invalid' });
  }
  const token = await tokenizeOrFail(deps, source.card, { nestedUnder: 'card' });
  return {
    token: token.token,
    brand: token.brand,
    last4: token.last4,
    cardId: null,
    toSave: source.save ? { token, holderName: source.card.holderName ?? null } : null,
  };
}

/**
 * The promo code of the order, locked: its usage cap is checked again under the lock, so two
 * orders cannot both take its last use. A code that no longer applies refuses the payment
 * (the patient agreed to the discounted total, not to another one).
 */
async function lockPromo(tx: DbOrTx, priced: PricedOrder) {
  const code = priced.order.couponCode;
  if (!code) return null;
  if (!priced.isPromoCodeApplied) throw fail.conflict(messages.promoInvalid);
  const [promo] = await tx.select().from(promoCodes).where(eq(promoCodes.code, code)).for('update');
  if (!promo || (promo.maxUses !== null && promo.uses >= promo.maxUses)) {
    throw fail.conflict(messages.promoInvalid);
  }
  return promo;
}

async function moveStatus(
  tx: DbOrTx,
  order: OrderRow,
  to: OrderStatus,
  actorId: string | null,
  extra: PgUpdateSetSource<typeof orders> = {},
): Promise<OrderRow> {
  assertTransition(order.status, to);
  const [updated] = await tx
    .update(orders)
    .set({ ...extra, status: to, updatedAt: new Date() })
    .where(eq(orders.id, order.id))
    .returning();
  if (!updated) throw new Error('order vanished while being paid');
  await recordStatusChange(tx, { orderId: order.id, from: order.status, to, actorId });
  return updated;
}

/**
 * Pays an order (PayNow, phone orders, auto-refills). Everything happens in one transaction
 * that holds the order's row lock from the first check to the commit, and the charge happens
 * inside it, after every check that could refuse the order (status, stages, promo cap, visit
 * slot): a concurrent attempt waits for the lock, then finds the order paid, so an order is
 * charged once. A decline rolls everything back and leaves only a failed payment row. If
 * anything fails after the charge, the charge is refunded and the answer is a final 500.
 * Throws 4xx AppErrors before any charge.
 */
export async function payOrder(
  deps: AppDeps,
  request: FastifyRequest | null,
  input: PayOrderInput,
): Promise<PayOrderResult> {
  const { db } = deps.database;
  const actorId = input.actor.kind === 'user' ? input.actor.userId : null;

  // Early answers without locks (all checked again under the lock): a foreign order is a 404,
  // an unpayable or unfinished one a 409, before the card is tokenized. Warming the caches here also keeps priceOrder from reading through
  // another connection while the transaction holds PGlite's only one.
  const seen = await orderForCaller(db, input.actor, input.orderId);
  assertPayable(seen);
  assertReadyToPay(await orderItemsOf(db, seen.id));
  await storefrontProducts(deps.database, seen.storefrontId);
  await cachedStorefrontSettings(deps.database, seen.storefrontId);
  const card = await resolveCard(deps, seen, input.card);

  // Set inside the transaction once money moved (an object: TS does not track closures' writes).
  const attempt: { charged: { chargeId: string; amountCents: number } | null } = { charged: null };
  let paid: { data: PayNowData; receipt: ReturnType<typeof receiptEmail> | null };
  try {
    paid = await db.transaction(async (tx) => {
      const order = await orderForCaller(tx, input.actor, input.orderId, { forUpdate: true });
      assertPayable(order);
      const priced = await priceOrder(deps, tx, order);
      assertReadyToPay(priced.items);
      const promo = await lockPromo(tx, priced);
      if (!(await extendHoldForPayment(tx, order.id))) throw fail.conflict(messages.slotNotFound);

      const amountCents = priced.totals.totalCents;
      let chargeId: string | null = null;
      if (amountCents > 0) {
        const result = await deps.payments.charge({
          token: card.token,
          amountCents,
          idempotencyKey: `order:${order.id}:${input.idempotencyKey}`,
          description: `Storefront order ${order.id}`,
        });
        if (!result.ok) throw new Declined(result.declineCode, result.message, amountCents);
        chargeId = result.chargeId;
        attempt.charged = { chargeId, amountCents };
      }

      let cardId = card.cardId;
      if (card.toSave && order.userId) {
        const saved = await saveTokenizedCard(tx, order.userId, card.toSave.token, {
          holderName: card.toSave.holderName,
        });
        cardId = saved.id;
      }
      const [payment] = await tx
        .insert(payments)
        .values({
          orderId: order.id,
          cardId,
          cardBrand: card.brand,
          cardLast4: card.last4,
          amountCents,
          status: 'succeeded',
          gateway: deps.payments.name,
          gatewayChargeId: chargeId,
        })
        .returning({ id: payments.id });
      if (!payment) throw new Error('payment not recorded');

      if (promo) {
        await tx.insert(promoRedemptions).values({ code: promo.code, orderId: order.id });
        await tx
          .update(promoCodes)
          .set({ uses: sql`${promoCodes.uses} + 1` })
          .where(eq(promoCodes.code, promo.code));
      }
      await bookHeldSlot(tx, order.id);
      await markStageComplete(tx, order.id, StageBit.Payment);

      // priceOrder above froze the items at the catalog's prices; once paid they stay.
      const paidAt = new Date();
      let current = await moveStatus(tx, order, 'paid', actorId, {
        paidAt,
        orderNumber: sql`'SF-' || nextval('order_number_seq')::text`,
      });
      current = await moveStatus(
        tx,
        current,
        needsConsult(priced) ? 'in-review' : 'approved',
        actorId,
      );

      if (request) {
        await writeAudit(tx, request, {
          action: 'payment.succeeded',
          outcome: 'success',
          subject: `order:${order.id}`,
          detail: { paymentId: payment.id, amountCents, orderNumber: current.orderNumber },
        });
      }

      const view = await orderView(deps, tx, await priceOrder(deps, tx, current));
      const orderNumber = current.orderNumber ?? '';
      const [owner] = order.userId
        ? await tx.select({ email: users.email }).from(users).where(eq(users.id, order.userId))
        : [];
      const cardFacts = { brand: card.brand, last4: card.last4 };
      return {
        data: {
          orderId: order.id,
          orderNumber,
          status: current.status,
          paidAt: paidAt.toISOString(),
          amount: amountCents / 100,
          amountCents,
          paymentId: payment.id,
          card: cardFacts,
          order: view,
        },
        receipt: owner
          ? receiptEmail({
              to: owner.email,
              orderNumber,
              paidAt,
              items: priced.items.map((item) => ({
                name: priced.products.get(item.productId)?.displayName ?? 'Product',
                qty: item.qty,
                unitPriceCents: item.unitPriceCents,
              })),
              totals: priced.totals,
              card: cardFacts,
            })
          : null,
      };
    });
  } catch (error) {
    if (error instanceof Declined) return declined(deps, request, input, card, error);
    if (attempt.charged) throw await reverse(deps, request, input.orderId, attempt.charged, error);
    throw error;
  }

  if (paid.receipt) {
    // After the commit: the payment stands even if the mail cannot go out now.
    await deps.notifier.send(paid.receipt).catch((error: unknown) => {
      request?.log.warn({ err: error, orderId: input.orderId }, 'receipt email failed');
    });
  }
  return { outcome: 'paid', data: paid.data };
}

async function declined(
  deps: AppDeps,
  request: FastifyRequest | null,
  input: PayOrderInput,
  card: ResolvedCard,
  decline: Declined,
): Promise<PayOrderResult> {
  await deps.database.db.insert(payments).values({
    orderId: input.orderId,
    cardId: card.cardId,
    cardBrand: card.brand,
    cardLast4: card.last4,
    amountCents: decline.amountCents,
    status: 'failed',
    gateway: deps.payments.name,
    declineCode: decline.declineCode,
  });
  if (request) {
    await writeAudit(deps.database.db, request, {
      action: 'payment.declined',
      outcome: 'failure',
      subject: `order:${input.orderId}`,
      detail: { declineCode: decline.declineCode, amountCents: decline.amountCents },
    });
  }
  return { outcome: 'declined', declineCode: decline.declineCode, message: decline.reason };
}

/** The charge went through but the order could not be completed: give the money back. */
async function reverse(
  deps: AppDeps,
  request: FastifyRequest | null,
  orderId: string,
  charged: { chargeId: string; amountCents: number },
  cause: unknown,
): Promise<AppError> {
  const refund = await deps.payments
    .refund(charged)
    .catch((error: unknown) => ({ ok: false as const, message: String(error) }));
  request?.log.error(
    { err: cause, orderId, chargeId: charged.chargeId, refunded: refund.ok },
    refund.ok ? 'payment reversed after a failure' : 'payment failed and its refund failed too',
  );
  return new AppError('internal', messages.paymentReversed);
}
