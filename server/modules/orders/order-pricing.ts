import { eq } from 'drizzle-orm';
import { evaluatePromo } from '../../../shared/cart/promo';
import { type CartTotals, cartTotals } from '../../../shared/cart/totals';
import type { DbOrTx } from '../../db/client';
import { orderItems, orders } from '../../db/schema/orders';
import type { AppDeps } from '../../deps';
import { type Product, storefrontProducts } from '../catalog/product-cache';
import { cachedStorefrontSettings } from '../config/storefront-cache';
import { type OrderParts, partsOf } from './order-parts';
import type { OrderItemRow, OrderRow } from './order-queries';
import { openStatuses } from './order-status';

export interface PricedOrder {
  order: OrderRow;
  /** The order's parts as read with it; `items` as priced (open orders at current prices). */
  parts: OrderParts;
  items: OrderItemRow[];
  products: Map<number, Product>;
  totals: CartTotals;
  isSalesTaxApplied: boolean;
  isPromoCodeApplied: boolean;
}

/**
 * The server's own totals of an order (it never trusts one sent by a client), from the
 * catalog's current prices while the order is open, the promo code if it still applies, the
 * storefront's sales tax for the shipping state, and the chosen shipping method's fee. An open
 * order's stored prices and totals are brought up to date.
 */
export async function priceOrder(
  deps: AppDeps,
  db: DbOrTx,
  order: OrderRow,
  partsRead?: OrderParts,
): Promise<PricedOrder> {
  const parts = partsRead ?? (await partsOf(db, order));
  const products = await storefrontProducts(deps.database, order.storefrontId, db);
  let items = parts.items;
  const open = openStatuses.includes(order.status);
  const lines = items.map((item) => {
    const product = products.get(item.productId);
    const unitPriceCents = open && product ? product.priceCents : item.unitPriceCents;
    const consultFeeCents = open && product ? product.consultFeeCents : item.consultFeeCents;
    return {
      item,
      unitPriceCents,
      consultFeeCents,
      isConsultAttached: product?.isConsultRequired ?? consultFeeCents > 0,
    };
  });

  let discountCents = 0;
  let isPromoCodeApplied = false;
  if (order.couponCode) {
    const promo = parts.promo;
    const outcome = promo
      ? evaluatePromo(
          promo,
          lines.map((l) => ({
            productId: l.item.productId,
            lineCents: l.unitPriceCents * l.item.qty,
          })),
          new Date(),
        )
      : { valid: false as const };
    // A paid order keeps the discount it was charged with, even if the code has ended since.
    if (outcome.valid) {
      discountCents = outcome.discountCents;
      isPromoCodeApplied = true;
    } else if (!open) {
      discountCents = order.discountCents;
      isPromoCodeApplied = true;
    }
  }

  const settings = await cachedStorefrontSettings(deps.database, order.storefrontId, db);
  const state = order.shippingAddress?.state ?? null;
  const rate = state ? settings?.taxSettings.rateBasisPointsByState[state] : undefined;
  const isSalesTaxApplied = Boolean(settings?.taxSettings.isSalesTaxEnabled && rate && rate > 0);

  const shippingCents = parts.shippingMethod?.feeCents ?? 0;

  const totals = cartTotals({
    items: lines.map((l) => ({
      productId: l.item.productId,
      unitPriceCents: l.unitPriceCents,
      qty: l.item.qty,
      consultFeeCents: l.consultFeeCents,
      isConsultAttached: l.isConsultAttached,
    })),
    discountCents,
    salesTax: isSalesTaxApplied && rate ? { kind: 'rate', basisPoints: rate } : undefined,
    shippingCents,
  });

  if (open) {
    for (const line of lines) {
      if (
        line.item.unitPriceCents !== line.unitPriceCents ||
        line.item.consultFeeCents !== line.consultFeeCents
      ) {
        await db
          .update(orderItems)
          .set({ unitPriceCents: line.unitPriceCents, consultFeeCents: line.consultFeeCents })
          .where(eq(orderItems.id, line.item.id));
      }
    }
    items = lines.map((l) => ({
      ...l.item,
      unitPriceCents: l.unitPriceCents,
      consultFeeCents: l.consultFeeCents,
    }));
    if (totalsChanged(order, totals)) {
      const [updated] = await db
        .update(orders)
        .set({ ...totals, updatedAt: new Date() })
        .where(eq(orders.id, order.id))
        .returning();
      if (updated) order = updated;
    }
  }
  return { order, parts, items, products, totals, isSalesTaxApplied, isPromoCodeApplied };
}

function totalsChanged(order: OrderRow, totals: CartTotals): boolean {
  return (
    order.subtotalCents !== totals.subtotalCents ||
    order.consultFeeCents !== totals.consultFeeCents ||
    order.discountCents !== totals.discountCents ||
    order.salesTaxCents !== totals.salesTaxCents ||
    order.shippingCents !== totals.shippingCents ||
    order.totalCents !== totals.totalCents
  );
}
