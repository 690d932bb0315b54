import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { StageBit } from '../../shared/checkout/stage-bits';
import type { DbOrTx } from '../db/client';
import { products } from '../db/schema/catalog';
import {
  type AddressSnapshot,
  addresses,
  type autoRefills,
  cards,
  orderItems,
  orders,
} from '../db/schema/orders';
import type { AppDeps } from '../deps';
import { priceOrder } from '../modules/orders/order-pricing';
import { findOrder } from '../modules/orders/order-queries';
import { recordStatusChange } from '../modules/orders/order-status';

type AutoRefillRow = typeof autoRefills.$inferSelect;

export type RefillOrderResult =
  | { ok: true; orderId: string; cardId: string; productName: string }
  | { ok: false; reason: string; productName: string };

/**
 * The order of one refill, ready to be charged. It is made as 'awaiting-payment', not 'cart':
 * the patient's own cart may exist (one cart per user) and must not be touched, and an order
 * that is not open keeps the prices it was made with. It repeats the source order: the
 * product and quantity, the address (the refill's saved one, else the source order's
 * snapshot), the shipping method and the pharmacy. A consult product reuses the original
 * prescription: no consult fee, and every stage but Payment is complete.
 */
export async function createRefillOrder(
  tx: DbOrTx,
  refill: AutoRefillRow,
): Promise<RefillOrderResult> {
  const [product] = await tx.select().from(products).where(eq(products.id, refill.productId));
  const productName = product?.displayName ?? 'your product';
  if (!product?.active)
    return { ok: false, reason: 'The product is no longer available.', productName };
  const [source] = await tx.select().from(orders).where(eq(orders.id, refill.sourceOrderId));
  if (!source) return { ok: false, reason: 'The original order is missing.', productName };

  // The refill's card, or the patient's default card once that one was removed.
  const [card] = await tx
    .select({ id: cards.id })
    .from(cards)
    .where(and(eq(cards.userId, refill.userId), isNull(cards.removedAt)))
    .orderBy(
      sql`${cards.id} = ${refill.cardId ?? '00000000-0000-0000-0000-000000000000'} desc`,
      desc(cards.isDefault),
      desc(cards.createdAt),
    )
    .limit(1);
  if (!card) return { ok: false, reason: 'No saved card to charge.', productName };

  let shippingAddress: AddressSnapshot | null = source.shippingAddress;
  let shippingAddressId = source.shippingAddressId;
  if (refill.addressId) {
    const [saved] = await tx
      .select()
      .from(addresses)
      .where(and(eq(addresses.id, refill.addressId), eq(addresses.userId, refill.userId)));
    if (saved) {
      const { fullName, line1, line2, city, state, zip, phone } = saved;
      shippingAddress = { fullName, line1, line2, city, state, zip, phone };
      shippingAddressId = saved.id;
    }
  }
  if (!shippingAddress) return { ok: false, reason: 'No shipping address.', productName };
  if (!product.shippableStates.includes(shippingAddress.state)) {
    return {
      ok: false,
      reason: `${product.displayName} cannot ship to ${shippingAddress.state}.`,
      productName,
    };
  }

  const [order] = await tx
    .insert(orders)
    .values({
      storefrontId: source.storefrontId,
      userId: refill.userId,
      status: 'awaiting-payment',
      source: 'refill',
      shippingAddressId,
      shippingAddress,
      shippingMethodId: refill.shippingMethodId ?? source.shippingMethodId,
      pharmacyId: source.pharmacyId,
      doctorId: product.isConsultRequired ? source.doctorId : null,
      visitType: product.isConsultRequired ? source.visitType : null,
    })
    .returning();
  if (!order) throw new Error('refill order not created');
  await tx.insert(orderItems).values({
    orderId: order.id,
    productId: product.id,
    qty: refill.qty,
    unitPriceCents: product.priceCents,
    consultFeeCents: 0,
    checkoutStages: product.requiredStages,
    completedCheckoutStages: product.requiredStages & ~StageBit.Payment,
  });
  await recordStatusChange(tx, {
    orderId: order.id,
    from: null,
    to: 'awaiting-payment',
    actorId: null,
    note: `Auto-refill ${refill.id}`,
  });
  return { ok: true, orderId: order.id, cardId: card.id, productName };
}

/**
 * Stores the refill order's totals. An order that is not open keeps its stored totals (pricing
 * does not write them), so they are written here, before the charge. Outside any transaction
 * on purpose: pricing reads the catalog and settings caches, which on PGlite must not wait for
 * the one connection a transaction holds. Repeatable: the resumed run of a crash calls it again.
 */
export async function storeRefillTotals(deps: AppDeps, orderId: string): Promise<void> {
  const { db } = deps.database;
  const order = await findOrder(db, orderId);
  if (!order) throw new Error(`refill order ${orderId} vanished`);
  const { totals } = await priceOrder(deps, db, order);
  await db
    .update(orders)
    .set({ ...totals, updatedAt: new Date() })
    .where(eq(orders.id, orderId));
}
