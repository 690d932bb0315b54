import { randomBytes, randomUUID } from 'node:crypto';
import {
  type AddressSnapshot,
  cards,
  type OrderStatus,
  orderItems,
  orderStatusHistory,
  orders,
  payments,
} from '../../../server/db/schema/orders';
import { StageBit } from '../../../shared/checkout/stage-bits';
import { productBySku } from './catalog';
import type { AppUnderTest } from './test-app';

export const testAddress: AddressSnapshot = {
  fullName: 'Test Person',
  line1: '1 Main St',
  line2: null,
  city: 'Portland',
  state: 'OR',
  zip: '97201',
  phone: '5555550199',
};

/** A saved card straight in the database: a sandbox token that charges fine (or declines). */
export async function savedCard(
  t: AppUnderTest,
  userId: string,
  options: { outcome?: 'ok' | 'declined'; isDefault?: boolean; last4?: string } = {},
) {
  const outcome = options.outcome ?? 'ok';
  const [card] = await t.database.db
    .insert(cards)
    .values({
      userId,
      gatewayToken: `tok_sandbox_${outcome}_${randomBytes(18).toString('base64url')}`,
      brand: 'visa',
      last4: options.last4 ?? (outcome === 'ok' ? '4242' : '0002'),
      expMonth: 12,
      expYear: new Date().getFullYear() + 2,
      isDefault: options.isDefault ?? true,
    })
    .returning();
  if (!card) throw new Error('card not created');
  return card;
}

/**
 * A placed order straight in the database, as paying would leave it: charged prices on the
 * items, every stage complete, totals, an order number, a succeeded payment when a card is
 * given, and its status history.
 */
export async function placedOrder(
  t: AppUnderTest,
  userId: string | null,
  options: {
    items?: { sku: string; qty?: number; unitPriceCents?: number }[];
    status?: OrderStatus;
    paidAt?: Date | null;
    createdAt?: Date;
    cardId?: string | null;
    shippingMethodId?: number | null;
    shippingCents?: number;
    address?: AddressSnapshot | null;
  } = {},
) {
  const status = options.status ?? 'approved';
  const open = status === 'cart' || status === 'disqualified';
  const paidAt =
    options.paidAt !== undefined
      ? options.paidAt
      : open || status === 'awaiting-payment'
        ? null
        : new Date();
  const lines = [];
  for (const item of options.items ?? [{ sku: 'OTC-EYE-DROPS', qty: 1 }]) {
    const product = await productBySku(t, item.sku);
    lines.push({
      product,
      qty: item.qty ?? 1,
      unitPriceCents: item.unitPriceCents ?? product.priceCents,
    });
  }
  const subtotalCents = lines.reduce((sum, l) => sum + l.unitPriceCents * l.qty, 0);
  const consultFeeCents = Math.max(0, ...lines.map((l) => l.product.consultFeeCents));
  const shippingCents = options.shippingCents ?? 0;
  const totalCents = subtotalCents + consultFeeCents + shippingCents;
  const [order] = await t.database.db
    .insert(orders)
    .values({
      storefrontId: 132,
      userId,
      status,
      orderNumber: open ? null : `T-${randomUUID().slice(0, 13)}`,
      shippingAddress: options.address === undefined ? testAddress : options.address,
      shippingMethodId: options.shippingMethodId ?? null,
      subtotalCents,
      consultFeeCents,
      shippingCents,
      totalCents,
      paidAt,
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning();
  if (!order) throw new Error('order not created');
  // Items are listed in the order they were added; distinct times keep that order stable
  // (two inserts within one millisecond would otherwise tie and fall back to random ids).
  const addedAt = order.createdAt.getTime();
  for (const [index, line] of lines.entries()) {
    await t.database.db.insert(orderItems).values({
      createdAt: new Date(addedAt + index),
      orderId: order.id,
      productId: line.product.id,
      qty: line.qty,
      unitPriceCents: line.unitPriceCents,
      consultFeeCents: line.product.consultFeeCents,
      checkoutStages: line.product.requiredStages,
      completedCheckoutStages: open
        ? 0
        : line.product.requiredStages & (paidAt ? ~0 : ~StageBit.Payment),
    });
  }
  if (options.cardId && paidAt) {
    await t.database.db.insert(payments).values({
      orderId: order.id,
      cardId: options.cardId,
      amountCents: totalCents,
      status: 'succeeded',
      gateway: 'sandbox',
      gatewayChargeId: `ch_test_${randomBytes(9).toString('base64url')}`,
    });
  }
  if (!open) {
    const history: { fromStatus: OrderStatus | null; toStatus: OrderStatus }[] = paidAt
      ? [{ fromStatus: 'cart', toStatus: 'paid' }]
      : [];
    if (status !== 'paid' && paidAt) history.push({ fromStatus: 'paid', toStatus: status });
    if (!paidAt) history.push({ fromStatus: 'cart', toStatus: status });
    for (const h of history) {
      await t.database.db.insert(orderStatusHistory).values({ orderId: order.id, ...h });
    }
  }
  return order;
}
