import { cards, orderItems, orders, outbox, payments } from '../../../server/db/schema/index';
import { StageBit } from '../../../shared/checkout/stage-bits';
import { productBySku } from './catalog';
import type { TestApp } from './test-app';

/**
 * An order ready to pay, straight in the database: every item's checkout done but Payment,
 * with a shipping address snapshot (until the cart endpoints build it in these tests).
 */
export async function payableOrder(
  t: TestApp,
  userId: string | null,
  options: {
    items?: { sku: string; qty?: number }[];
    couponCode?: string | null;
    completeStages?: boolean;
    slotId?: number | null;
  } = {},
) {
  const [order] = await t.database.db
    .insert(orders)
    .values({
      storefrontId: 132,
      userId,
      couponCode: options.couponCode ?? null,
      slotId: options.slotId ?? null,
      shippingAddress: {
        fullName: 'Test Person',
        line1: '1 Main St',
        line2: null,
        city: 'Austin',
        state: 'TX',
        zip: '78701',
        phone: '5555550199',
      },
    })
    .returning();
  if (!order) throw new Error('order not created');
  for (const item of options.items ?? [{ sku: 'OTC-EYE-DROPS', qty: 1 }]) {
    const product = await productBySku(t, item.sku);
    await t.database.db.insert(orderItems).values({
      orderId: order.id,
      productId: product.id,
      qty: item.qty ?? 1,
      unitPriceCents: product.priceCents,
      consultFeeCents: product.consultFeeCents,
      checkoutStages: product.requiredStages,
      completedCheckoutStages:
        options.completeStages === false ? 0 : product.requiredStages & ~StageBit.Payment,
    });
  }
  return order;
}

/** The stored card, payment and outbox rows as one text, for the scans. */
export async function cardDataDump(t: TestApp): Promise<string> {
  const db = t.database.db;
  const rows = [
    await db.select().from(cards),
    await db.select().from(payments),
    await db.select().from(outbox),
  ];
  return JSON.stringify(rows);
}
