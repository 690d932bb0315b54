import { eq } from 'drizzle-orm';
import { formatMoney } from '../../../shared/cart/money';
import type { OrderDetailsData, ReceiptData } from '../../../shared/contracts/order-history';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import { cardLabel } from '../../../shared/payments/card-label';
import type { DbOrTx } from '../../db/client';
import { storefronts } from '../../db/schema/platform';
import type { AppDeps } from '../../deps';
import { writeAudit } from '../audit/audit-service';
import type { Principal } from '../auth/principal';
import type { RequestContext, SignInByRead } from '../auth/request-context';
import { answerKeptOrMade } from '../orders/kept-answers';
import { orderForCaller, orderWithDetailsSignedIn } from '../orders/order-access';
import { type OrderPayment, readPaymentsAndHistory, type StatusEntry } from '../orders/order-parts';
import { priceOrder } from '../orders/order-pricing';
import { namedLinesOf, type OrderRow } from '../orders/order-queries';
import { orderView } from '../orders/order-view';
import { dollars, isPlaced } from './placed-orders';

/**
 * A staff member reading a patient's order is audited (DESIGN §6: every staff read of patient
 * data).
 */
async function auditStaffRead(
  db: DbOrTx,
  context: RequestContext,
  order: OrderRow,
  action: string,
): Promise<void> {
  const principal: Principal = context.principal;
  if (
    principal.kind === 'user' &&
    principal.role !== 'patient' &&
    order.userId !== principal.userId
  ) {
    await writeAudit(db, context, { action, outcome: 'success', subject: `order:${order.id}` });
  }
}

/** A payment with the card it used: as charged (a card not saved), else the saved card's. */
function withCard(payment: OrderPayment) {
  return {
    paymentId: payment.id,
    cardId: payment.cardId,
    brand: payment.cardBrand ?? payment.card?.brand ?? null,
    last4: payment.cardLast4 ?? payment.card?.last4 ?? null,
    amountCents: payment.amountCents,
    status: payment.status,
    gatewayChargeId: payment.gatewayChargeId,
    declineCode: payment.declineCode,
    createdAt: payment.createdAt,
  };
}

type PaymentWithCard = ReturnType<typeof withCard>;

/**
 * An order's payments with the card each used (oldest first) and its status history, in one
 * statement: as read, and as the order screens show them (staff views read them too).
 */
export async function paymentsAndHistory(db: DbOrTx, orderId: string) {
  const read = await readPaymentsAndHistory(db, orderId);
  const paid = read.payments.map(withCard);
  return { paid, shown: shownPaymentsAndHistory(paid, read.statusHistory) };
}

/** An order's payments with the card each used, oldest first. */
export async function paymentsOf(db: DbOrTx, orderId: string): Promise<PaymentWithCard[]> {
  return (await paymentsAndHistory(db, orderId)).paid;
}

/**
 * The full order view (charged prices once paid) with its payments and status history: the
 * order, its parts, payments and history read in one query (the answer kept for the caller
 * when none of their rows changed, `answerKeptOrMade`).
 */
export async function orderDetails(
  deps: AppDeps,
  signIn: SignInByRead,
  orderId: string,
): Promise<OrderDetailsData> {
  const db = deps.database.db;
  const { context, found } = await answerKeptOrMade(
    deps,
    `details:${signIn.tokenHash}:${orderId}`,
    (known) => orderWithDetailsSignedIn(db, signIn, orderId, known),
    async (read) => {
      const view = await orderView(deps, db, await priceOrder(deps, db, read.order, read.parts));
      // Onto the view itself, not a copy: the copy (a spread of its 31 fields) cost its making
      // and the answer's serializer three times the cart's (CPU profile; README, Where the time
      // goes).
      return Object.assign(
        view,
        shownPaymentsAndHistory(read.payments.map(withCard), read.statusHistory),
      );
    },
  );
  if (!found) throw fail.notFound(messages.orderNotFound);
  await auditStaffRead(db, context, found.order, 'order.details.read');
  return found.answer;
}

function shownPaymentsAndHistory(paid: PaymentWithCard[], history: StatusEntry[]) {
  return {
    payments: paid.map((p) => ({
      paymentId: p.paymentId,
      brand: p.brand,
      last4: p.last4,
      amount: dollars(p.amountCents),
      amountCents: p.amountCents,
      status: p.status,
      declineCode: p.declineCode,
      at: p.createdAt.toISOString(),
    })),
    statusHistory: history.map((h) => ({
      from: h.fromStatus,
      to: h.toStatus,
      at: h.at.toISOString(),
      note: h.note,
    })),
  };
}

/**
 * The customer receipt of a placed order. Amounts are the ones stored when the order was
 * charged (not recomputed: a later tax or price change must not rewrite a receipt).
 */
export async function orderReceipt(
  deps: AppDeps,
  context: RequestContext,
  orderId: string,
): Promise<ReceiptData> {
  const db = deps.database.db;
  const order = await orderForCaller(db, context.principal, orderId);
  await auditStaffRead(db, context, order, 'order.receipt.read');
  if (!isPlaced(order.status)) {
    throw fail.conflict(messages.orderNotPlacedNoReceipt);
  }
  const [storefront] = await db
    .select({ name: storefronts.name, phone: storefronts.phone, email: storefronts.email })
    .from(storefronts)
    .where(eq(storefronts.id, order.storefrontId));
  const lines = await namedLinesOf(db, [order.id]);
  // The card of the successful charge; none while a phone order still awaits payment.
  const card = (await paymentsOf(db, order.id)).find((p) => p.status === 'succeeded');
  return {
    orderNumber: order.orderNumber,
    placedAt: (order.paidAt ?? order.createdAt).toISOString(),
    storefront: storefront ?? { name: '', phone: '', email: '' },
    shipTo: order.shippingAddress
      ? { id: order.shippingAddressId, ...order.shippingAddress }
      : null,
    items: lines.map((line) => ({
      name: line.name,
      qty: line.qty,
      unitPrice: formatMoney(line.unitPriceCents),
      lineTotal: formatMoney(line.unitPriceCents * line.qty),
    })),
    subtotal: formatMoney(order.subtotalCents),
    consultFee: formatMoney(order.consultFeeCents),
    discount: formatMoney(order.discountCents),
    salesTax: formatMoney(order.salesTaxCents),
    shipping: formatMoney(order.shippingCents),
    total: formatMoney(order.totalCents),
    paymentMethod: card?.brand && card.last4 ? cardLabel(card.brand, card.last4) : null,
  };
}
