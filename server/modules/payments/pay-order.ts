import type { NewCardInput } from '../../../shared/contracts/payments';
import { AppError, fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { AppDeps } from '../../deps';
import { isExpired } from '../../integrations/payments/card-checks';
import type { ChargeChannel } from '../../integrations/payments/payment-gateway';
import type { Principal } from '../auth/principal';
import type { RequestContext } from '../auth/request-context';
import { assertIpNotThrottled, countAccountAttempts } from '../auth/throttle';
import { storefrontProducts } from '../catalog/product-cache';
import { cachedStorefrontSettings } from '../config/storefront-cache';
import { orderForCaller } from '../orders/order-access';
import { type OrderRow, orderItemsOf } from '../orders/order-queries';
import { cardOf, keepForOwner, tokenizeOrFail } from './card-service';
import {
  type ChargeOutcome,
  completePayment,
  earlierAnswerOf,
  type OnSettled,
  type PayOrderResult,
} from './complete-payment';
import { assertPayable, assertReadyToPay, declineAccountOf } from './payable';
import {
  type ChargeCard,
  dropLease,
  holdingLease,
  type PaymentRow,
  reservePayment,
  takeAbandonedPayment,
} from './pending-payments';

export type { PayOrderResult } from './complete-payment';

/** Where the money comes from: a saved card of the order's owner, or a card typed in now. */
export type CardSource =
  | { kind: 'saved'; cardId: string }
  | { kind: 'new'; card: NewCardInput; save: boolean };

export interface PayOrderInput {
  orderId: string;
  card: CardSource;
  /**
   * The caller's key for this payment, scoped by the caller (e.g. `paynow:<userId>:<key>`):
   * its retry is answered with the payment it made, and never charges again.
   */
  idempotencyKey: string;
  /** Who pays: the patient, an agent on a phone order, or the refill job acting as the owner. */
  actor: Principal;
  /** Runs in the transaction that records the outcome: the caller keeps its answer there. */
  onSettled?: OnSettled;
}

/**
 * Pays an order (PayNow, phone orders, payment links, auto-refills), crash-safe:
 * 1. a payment an earlier process left pending (its lease ran out) is settled first, by
 *    looking its charge up at the gateway; a retry of a request already answered gets that
 *    answer again;
 * 2. every check that could refuse the order runs under its row lock and a pending payment,
 *    naming the gateway key, is committed before any money moves (reservePayment);
 * 3. the gateway charges under that key, outside of any transaction;
 * 4. one transaction records the outcome with everything it implies (completePayment).
 * A crash between any two steps leaves a pending payment that the next retry, or the
 * recovery job, settles from the gateway's own record: an order is charged at most once, and
 * a charge is never lost. Throws 4xx AppErrors before any charge.
 */
export async function payOrder(
  deps: AppDeps,
  context: RequestContext,
  input: PayOrderInput,
): Promise<PayOrderResult> {
  const { db } = deps.database;
  // A foreign order is a 404 before anything else, a pending payment of it included.
  let seen = await orderForCaller(db, input.actor, input.orderId);
  const abandoned = await takeAbandonedPayment(db, seen.id);
  if (abandoned) {
    const mine = abandoned.requestKey === input.idempotencyKey;
    const settled = await settlePayment(
      deps,
      context,
      abandoned,
      mine ? input.onSettled : undefined,
    );
    if (mine) return settled;
    seen = await orderForCaller(db, input.actor, seen.id);
  }

  // Early answers without locks (all checked again under the lock): an unpayable or
  // unfinished order is a 409 before the card is tokenized. Warming the caches here also keeps
  // priceOrder from reading through another connection while a transaction holds PGlite's
  // only one.
  const earlier = await earlierAnswerOf(deps, seen, input.idempotencyKey);
  if (earlier) return earlier;
  assertPayable(seen);
  assertReadyToPay(await orderItemsOf(db, seen.id));
  await assertDeclinesUnderLimit(deps, context, seen);
  await storefrontProducts(deps.database, seen.storefrontId);
  await cachedStorefrontSettings(deps.database, seen.storefrontId);
  const card = await resolveCard(deps, seen, input.card);
  const channel = channelOf(context, input);

  const pending = await reservePayment(
    deps,
    { orderId: seen.id, actor: input.actor, requestKey: input.idempotencyKey },
    card,
  );
  if (pending.amountCents === 0) {
    return completePayment(deps, context, pending, { ok: true, chargeId: null }, input.onSettled);
  }
  const charge = await chargeOnce(deps, context, pending, () =>
    deps.payments.charge({
      token: card.token,
      channel,
      amountCents: pending.amountCents,
      idempotencyKey: pending.gatewayKey ?? '',
      description: `Storefront order ${pending.orderId}`,
    }),
  );
  return completePayment(deps, context, pending, charge, input.onSettled);
}

/**
 * How the card is present: a job or an agent with a saved card charges with nobody there; an
 * agent typing a card read over the phone is a mail or telephone order (MOTO).
 */
function channelOf(context: RequestContext, input: PayOrderInput): ChargeChannel {
  if (context.job) return 'off-session';
  if (input.actor.kind === 'user' && input.actor.role !== 'patient') {
    return input.card.kind === 'new' ? 'phone' : 'off-session';
  }
  return 'online';
}

/**
 * Card testing: declined payments are limited per client address (an hour) and per account
 * (a day), counted in the database for every server process. A job paying is not limited.
 */
async function assertDeclinesUnderLimit(deps: AppDeps, context: RequestContext, order: OrderRow) {
  if (context.job) return;
  const { db } = deps.database;
  const limits = deps.config.ipLimits;
  await assertIpNotThrottled(db, limits, 'card-decline', context.ip, messages.tooManyDeclines);
  const since = new Date(Date.now() - 24 * 60 * 60 * 1000);
  const declines = await countAccountAttempts(db, 'card-decline', declineAccountOf(order), since);
  if (declines >= limits.cardDeclines) throw fail.tooManyRequests(messages.tooManyDeclines);
}

/** Keys older than this are no longer kept by gateways (Stripe: 24 hours): never charged with. */
const gatewayKeyLifetimeMs = 23 * 60 * 60 * 1000;

/**
 * Settles a pending payment another process left: the gateway's record of its key decides.
 * A key the gateway never saw is charged now, with the same key and token (the dead process
 * cannot have charged meanwhile without the gateway knowing the key), unless it is too old.
 */
export async function settlePayment(
  deps: AppDeps,
  context: RequestContext,
  pending: PaymentRow,
  onSettled?: OnSettled,
): Promise<PayOrderResult> {
  const key = pending.gatewayKey ?? '';
  const charge = await chargeOnce(deps, context, pending, async () => {
    const found = await deps.payments.findCharge(key);
    if (found) return found;
    const tooOld = Date.now() - pending.createdAt.getTime() > gatewayKeyLifetimeMs;
    if (pending.amountCents === 0) return { ok: true, chargeId: null };
    if (tooOld || !pending.gatewayToken) {
      return { ok: false, declineCode: 'abandoned', message: messages.paymentReversed };
    }
    return deps.payments.charge({
      token: pending.gatewayToken,
      // Not known any more: a gateway that compares the retry's parameters answers "unknown"
      // (503) when they differ, and its record of the first call settles the payment later.
      channel: 'off-session',
      amountCents: pending.amountCents,
      idempotencyKey: key,
      description: `Storefront order ${pending.orderId}`,
    });
  });
  return completePayment(deps, context, pending, charge, onSettled);
}

/**
 * Calls the gateway while holding the payment's lease. When the gateway cannot be reached
 * (the charge may or may not have happened), the lease is given up and the answer is a 503:
 * the client retries with its key, and the retry looks the charge up.
 */
async function chargeOnce(
  deps: AppDeps,
  context: RequestContext,
  pending: PaymentRow,
  call: () => Promise<ChargeOutcome>,
): Promise<ChargeOutcome> {
  const { db } = deps.database;
  try {
    return await holdingLease(db, pending.id, call);
  } catch (error) {
    context.log?.error({ err: error, paymentId: pending.id }, 'payment gateway unreachable');
    await dropLease(db, pending.id).catch(() => undefined);
    throw new AppError('unavailable', messages.paymentNotConfirmed);
  }
}

async function resolveCard(
  deps: AppDeps,
  order: OrderRow,
  source: CardSource,
): Promise<ChargeCard> {
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
      expMonth: card.expMonth,
      expYear: card.expYear,
      cardId: card.id,
      save: false,
      holderName: null,
    };
  }
  if (source.save && !order.userId) {
    throw fail.badRequest(messages.saveCardNeedsAccount, { card: 'invalid' });
  }
  const typed = await tokenizeOrFail(deps, source.card, { nestedUnder: 'card' });
  // A card saved by this payment is the owner's at the gateway before it is charged.
  const token = source.save && order.userId ? await keepForOwner(deps, order.userId, typed) : typed;
  return {
    token: token.token,
    brand: token.brand,
    last4: token.last4,
    expMonth: token.expMonth,
    expYear: token.expYear,
    cardId: null,
    save: source.save,
    holderName: source.card.holderName ?? null,
  };
}
