import { eq, or } from 'drizzle-orm';
import type {
  CancelOrderRequest,
  RefundOrderRequest,
  StaffOrderDetail,
} from '../../../shared/contracts/staff-orders';
import { AppError, fail, isAppError } from '../../../shared/errors/app-error';
import { messages, statusChangeRefusedMessage } from '../../../shared/errors/messages';
import type { DbOrTx } from '../../db/client';
import { doctorSlots } from '../../db/schema/care-network';
import { users } from '../../db/schema/identity';
import { payments } from '../../db/schema/orders';
import type { AppDeps } from '../../deps';
import type { OutgoingMessage } from '../../integrations/notifier/notifier';
import { writeAudit } from '../audit/audit-service';
import type { Principal } from '../auth/principal';
import type { RequestContext } from '../auth/request-context';
import { reorder } from '../order-history/reorder';
import { orderForCaller } from '../orders/order-access';
import { namedLinesOf, type OrderRow } from '../orders/order-queries';
import { assertTransition, moveStatus } from '../orders/order-status';
import { type IdempotentResult, requestHashOf, withIdempotency } from '../payments/idempotency';
import { receiptEmail } from '../payments/receipt';
import { lockSlots } from '../scheduling/slot-holds';
import { cancelVisit } from '../visits/open-visit';
import { canCancel } from './allowed-actions';
import { detailAfterAction, paymentsOf, refundableChargeOf } from './order-detail';

/** The agent or admin acting; anyone else is refused (the routes admit only them). */
function staffCaller(principal: Principal): { userId: string; role: 'agent' | 'admin' } {
  if (principal.kind !== 'user') throw fail.unauthorized();
  if (principal.role !== 'agent' && principal.role !== 'admin') throw fail.forbidden();
  return { userId: principal.userId, role: principal.role };
}

/**
 * Runs an action; a refusal (409, 404, ...) is audited too, after the rollback, so that the log
 * shows attempts on patient data as well as changes.
 */
async function audited<T>(
  deps: AppDeps,
  context: RequestContext,
  action: string,
  orderId: string,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    await writeAudit(deps.database.db, context, {
      action,
      outcome: 'failure',
      subject: `order:${orderId.slice(0, 64)}`,
      detail: { status: isAppError(error) ? error.status : 500 },
    }).catch(() => undefined);
    throw error;
  }
}

/** Lets go of the visit time an order holds or has booked, so another patient can take it. */
async function releaseSlotsOf(tx: DbOrTx, orderId: string): Promise<number[]> {
  const slots = await lockSlots(
    tx,
    or(eq(doctorSlots.heldByOrderId, orderId), eq(doctorSlots.bookedByOrderId, orderId)),
  );
  for (const slot of slots) {
    await tx
      .update(doctorSlots)
      .set({
        heldByOrderId: slot.heldByOrderId === orderId ? null : slot.heldByOrderId,
        heldUntil: slot.heldByOrderId === orderId ? null : slot.heldUntil,
        bookedByOrderId: slot.bookedByOrderId === orderId ? null : slot.bookedByOrderId,
      })
      .where(eq(doctorSlots.id, slot.id));
  }
  return slots.map((slot) => slot.id);
}

/** Cancels an order that has not shipped and frees its visit time. The money stays (refund). */
export async function cancelOrder(
  deps: AppDeps,
  context: RequestContext,
  orderId: string,
  input: CancelOrderRequest,
): Promise<StaffOrderDetail> {
  const staff = staffCaller(context.principal);
  await audited(deps, context, 'staff.orders.cancel', orderId, () =>
    deps.database.db.transaction(async (tx) => {
      const order = await orderForCaller(tx, context.principal, orderId, { forUpdate: true });
      if (!canCancel(order.status)) {
        assertTransition(order.status, 'cancelled');
        throw fail.conflict(statusChangeRefusedMessage(order.status, 'cancelled'));
      }
      await moveStatus(tx, order, 'cancelled', staff.userId, { note: input.reason });
      const releasedSlots = await releaseSlotsOf(tx, order.id);
      await cancelVisit(tx, order.id, new Date());
      await writeAudit(tx, context, {
        action: 'staff.orders.cancel',
        outcome: 'success',
        subject: `order:${order.id}`,
        detail: { from: order.status, releasedSlots },
      });
    }),
  );
  return detailAfterAction(deps, context, orderId);
}

/**
 * Gives a paid order's money back through the gateway (all of it unless amountCents says less)
 * and ends the order as refunded. The refund is recorded as its own payment row (status
 * refunded, the gateway's refund id) next to the charge, which keeps what was charged. One
 * refund per order: a second is a 409. The gateway is called last, inside the transaction, so
 * that a refusal rolls everything back.
 */
export async function refundOrder(
  deps: AppDeps,
  context: RequestContext,
  orderId: string,
  input: RefundOrderRequest,
): Promise<StaffOrderDetail> {
  const staff = staffCaller(context.principal);
  if (staff.role !== 'admin') throw fail.forbidden();
  await audited(deps, context, 'staff.orders.refund', orderId, () =>
    deps.database.db.transaction(async (tx) => {
      const order = await orderForCaller(tx, context.principal, orderId, { forUpdate: true });
      const paid = await paymentsOf(tx, order.id);
      if (order.status === 'refunded' || paid.some((p) => p.status === 'refunded')) {
        throw fail.conflict(messages.orderAlreadyRefunded);
      }
      const charge = refundableChargeOf(paid);
      if (!charge?.gatewayChargeId) throw fail.conflict(messages.orderNothingToRefund);
      const amountCents = input.amountCents ?? charge.amountCents;
      if (amountCents > charge.amountCents) {
        throw fail.badRequest(messages.refundTooLarge, { amountCents: 'invalid' });
      }
      await moveStatus(tx, order, 'refunded', staff.userId, { note: input.reason });
      const releasedSlots = await releaseSlotsOf(tx, order.id);
      await cancelVisit(tx, order.id, new Date());

      const result = await deps.payments.refund({
        chargeId: charge.gatewayChargeId,
        amountCents,
        idempotencyKey: `refund:${order.id}`,
      });
      if (!result.ok) {
        context.log?.warn({ orderId: order.id }, 'gateway refused a refund');
        throw fail.conflict(messages.refundRefused);
      }
      try {
        const [refund] = await tx
          .insert(payments)
          .values({
            orderId: order.id,
            cardId: charge.cardId,
            cardBrand: charge.brand,
            cardLast4: charge.last4,
            amountCents,
            status: 'refunded',
            gateway: deps.payments.name,
            gatewayChargeId: result.refundId,
          })
          .returning({ id: payments.id });
        await writeAudit(tx, context, {
          action: 'staff.orders.refund',
          outcome: 'success',
          subject: `order:${order.id}`,
          detail: {
            from: order.status,
            amountCents,
            chargedCents: charge.amountCents,
            paymentId: refund?.id ?? null,
            refundId: result.refundId,
            releasedSlots,
          },
        });
      } catch (error) {
        // The money went back but the record did not: someone must reconcile by hand.
        context.log?.error(
          { err: error, orderId: order.id, refundId: result.refundId, amountCents },
          'refund done at the gateway but not recorded',
        );
        throw new AppError('internal');
      }
    }),
  );
  return detailAfterAction(deps, context, orderId);
}

/**
 * refundOrder once per Idempotency-Key (per admin): a retry with the same key gets the detail
 * the first refund answered, and the gateway is never asked twice.
 */
export async function refundOrderOnce(
  deps: AppDeps,
  context: RequestContext,
  orderId: string,
  input: RefundOrderRequest,
  key: string,
): Promise<IdempotentResult<StaffOrderDetail>> {
  const staff = staffCaller(context.principal);
  return withIdempotency<StaffOrderDetail>(
    deps.database.db,
    {
      scope: `staff-refund:${staff.userId}`,
      key,
      requestHash: requestHashOf(deps.config.serverSecret, { orderId, ...input }),
    },
    () => refundOrder(deps, context, orderId, input),
  );
}

/** The receipt email of a paid order, from the amounts stored when it was charged. */
async function receiptOf(tx: DbOrTx, order: OrderRow): Promise<OutgoingMessage> {
  if (!order.paidAt || !order.orderNumber) throw fail.conflict(messages.orderNotPaidNoReceipt);
  const [owner] = order.userId
    ? await tx
        .select({ email: users.email, role: users.role })
        .from(users)
        .where(eq(users.id, order.userId))
    : [];
  if (owner?.role !== 'patient') throw fail.conflict(messages.orderHasNoPatient);
  const lines = await namedLinesOf(tx, [order.id]);
  const charge = (await paymentsOf(tx, order.id)).find((p) => p.status === 'succeeded');
  return receiptEmail({
    to: owner.email,
    orderNumber: order.orderNumber,
    paidAt: order.paidAt,
    items: lines,
    totals: {
      subtotalCents: order.subtotalCents,
      consultFeeCents: order.consultFeeCents,
      discountCents: order.discountCents,
      salesTaxCents: order.salesTaxCents,
      shippingCents: order.shippingCents,
      totalCents: order.totalCents,
    },
    card: charge?.brand && charge.last4 ? { brand: charge.brand, last4: charge.last4 } : null,
  });
}

/**
 * Sends the receipt to the patient again. It is built under the order lock, and handed to the
 * notifier once the transaction is over: the notifier writes the outbox through its own
 * connection (on PGlite, the only one, which the transaction holds).
 */
export async function resendReceipt(
  deps: AppDeps,
  context: RequestContext,
  orderId: string,
): Promise<StaffOrderDetail> {
  staffCaller(context.principal);
  const receipt = await audited(deps, context, 'staff.orders.resend-receipt', orderId, () =>
    deps.database.db.transaction(async (tx) => {
      const order = await orderForCaller(tx, context.principal, orderId, { forUpdate: true });
      const message = await receiptOf(tx, order);
      await writeAudit(tx, context, {
        action: 'staff.orders.resend-receipt',
        outcome: 'success',
        subject: `order:${order.id}`,
      });
      return message;
    }),
  );
  try {
    await deps.notifier.send(receipt);
  } catch (error) {
    context.log?.warn({ err: error, orderId }, 'receipt email failed');
    throw fail.unavailable(messages.receiptNotSent);
  }
  return detailAfterAction(deps, context, orderId);
}

/**
 * Puts the order's products into the PATIENT's cart (never the agent's), with the
 * order-history reorder rules, and answers the source order's detail like every action. The agent acts as the order's patient: a patient principal is
 * built here, only after the caller was checked to be an agent or admin, and only for the
 * patient who owns the order.
 */
export async function reorderForPatient(
  deps: AppDeps,
  context: RequestContext,
  orderId: string,
): Promise<StaffOrderDetail> {
  staffCaller(context.principal);
  await audited(deps, context, 'staff.orders.reorder', orderId, async () => {
    const db = deps.database.db;
    const source = await orderForCaller(db, context.principal, orderId);
    const [owner] = source.userId
      ? await db
          .select({ id: users.id, email: users.email, role: users.role })
          .from(users)
          .where(eq(users.id, source.userId))
      : [];
    if (owner?.role !== 'patient') throw fail.conflict(messages.orderHasNoPatient);
    const patient: Principal = {
      kind: 'user',
      role: 'patient',
      userId: owner.id,
      email: owner.email,
      tokenId: '',
      apiKey: false,
    };
    const cart = await reorder(deps, patient, { orderId: source.id });
    await writeAudit(db, context, {
      action: 'staff.orders.reorder',
      outcome: 'success',
      subject: `order:${source.id}`,
      detail: { cartOrderId: cart.id, patientId: owner.id },
    });
  });
  return detailAfterAction(deps, context, orderId);
}
