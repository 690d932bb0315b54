import type { OrderData } from '../../../shared/contracts/orders';

/**
 * The apply-coupon payload of spec §7: orderTotal, storefrontId, promoCode, products with their
 * subtotals, GUID. The server prices the order itself; these figures are informative only.
 */
export function promoPayload(
  order: OrderData,
  promoCode: string,
  storefrontId: number,
  guid: string | null,
) {
  return {
    promoCode,
    orderTotal: order.totals.totalCents / 100,
    storefrontId,
    products: order.items.map((item) => ({
      productId: item.productId,
      subtotal: (item.priceCents * item.qty) / 100,
    })),
    ...(guid ? { GUID: guid } : {}),
  };
}
