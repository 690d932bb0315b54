import { type CartTotals, cartTotals } from '../../../shared/cart/totals';
import type { OrderData } from '../../../shared/contracts/orders';

/**
 * The totals shown for an order, computed with the shared cart rules (consult fee once, the
 * discount capped, amounts in cents) from its items and the discount, sales tax and shipping
 * the server priced. The server recomputes all of it at payment.
 */
export function orderTotals(order: Pick<OrderData, 'items' | 'totals'>): CartTotals {
  return cartTotals({
    items: order.items.map((item) => ({
      productId: item.productId,
      unitPriceCents: item.priceCents,
      qty: item.qty,
      defaultQuantity: item.defaultQuantity,
      consultFeeCents: item.consultFeeCents,
      isConsultAttached: item.isConsultAttached,
    })),
    discountCents: order.totals.discountCents,
    salesTax: { kind: 'fixed', cents: order.totals.salesTaxCents },
    shippingCents: order.totals.shippingCents,
  });
}
