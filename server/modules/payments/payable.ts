import { fail } from '../../../shared/errors/app-error';
import { completeStepBeforePayingMessage, messages } from '../../../shared/errors/messages';
import type { PricedOrder } from '../orders/order-pricing';
import type { OrderItemRow, OrderRow } from '../orders/order-queries';
import { pendingStagesOf } from '../orders/order-stages';

/** Statuses an order can be paid from: the cart, or a phone order waiting for its payment. */
export function assertPayable(order: OrderRow): void {
  if (order.status === 'cart' || order.status === 'awaiting-payment') return;
  if (order.status === 'disqualified') throw fail.conflict(messages.orderDisqualified);
  if (order.status === 'cancelled' || order.status === 'refunded') {
    throw fail.conflict(messages.orderNotPayable);
  }
  throw fail.conflict(messages.orderAlreadyPaid);
}

/** Every item's checkout done but the payment itself, and something to pay for. */
export function assertReadyToPay(items: readonly OrderItemRow[]): void {
  if (items.length === 0 || items.some((item) => item.qty <= 0)) {
    throw fail.conflict(messages.emptyCart);
  }
  const pending = pendingStagesOf(items, true).filter((stage) => stage !== 'Payment');
  if (pending[0]) throw fail.conflict(completeStepBeforePayingMessage(pending[0]));
}

/** Whose declined payments an order's count (card-testing limits): its patient's, or its own. */
export function declineAccountOf(order: OrderRow): string {
  return order.userId ?? `order:${order.id}`;
}

/** A paid order with a consult goes to the doctor's review; without one it is approved. */
export function needsConsult(priced: PricedOrder): boolean {
  return priced.items.some(
    (item) => priced.products.get(item.productId)?.isConsultRequired ?? item.consultFeeCents > 0,
  );
}
