import { and, eq, inArray, sql } from 'drizzle-orm';
import { orderPendingStages } from '../../../shared/checkout/pending-stages';
import type { CheckoutStage } from '../../../shared/checkout/stages';
import type { DbOrTx } from '../../db/client';
import { orderItems } from '../../db/schema/orders';
import type { OrderItemRow } from './order-queries';

/**
 * Marks a checkout stage done (spec §4 bit flags) on the order's items that require it, or on
 * the given products only (the questionnaire is answered per product).
 */
export async function markStageComplete(
  db: DbOrTx,
  orderId: string,
  bit: number,
  productIds?: readonly number[],
): Promise<void> {
  const conditions = [
    eq(orderItems.orderId, orderId),
    sql`(${orderItems.checkoutStages} & ${bit}) <> 0`,
  ];
  if (productIds) conditions.push(inArray(orderItems.productId, [...productIds]));
  await db
    .update(orderItems)
    .set({ completedCheckoutStages: sql`${orderItems.completedCheckoutStages} | ${bit}` })
    .where(and(...conditions));
}

/** Undoes a stage, e.g. scheduling when the shipping state changes and the doctor may not fit. */
export async function clearStage(db: DbOrTx, orderId: string, bit: number): Promise<void> {
  await db
    .update(orderItems)
    .set({ completedCheckoutStages: sql`${orderItems.completedCheckoutStages} & ~${bit}::int` })
    .where(eq(orderItems.orderId, orderId));
}

/** Stages required by any item. */
export function requiredStageBits(items: readonly OrderItemRow[]): number {
  return items.reduce((bits, item) => bits | item.checkoutStages, 0);
}

/** Stages that every item requiring them has completed. */
export function completedStageBits(items: readonly OrderItemRow[]): number {
  const required = requiredStageBits(items);
  let missing = 0;
  for (const item of items) missing |= item.checkoutStages & ~item.completedCheckoutStages;
  return required & ~missing;
}

/** The order's pending stages, in stage order, with Register when the buyer is not signed in. */
export function pendingStagesOf(
  items: readonly OrderItemRow[],
  signedIn: boolean,
): CheckoutStage[] {
  return orderPendingStages({
    items: items.map((i) => ({
      checkoutStages: i.checkoutStages,
      completedCheckoutStages: i.completedCheckoutStages,
    })),
    hasLoginToken: signedIn,
  });
}
