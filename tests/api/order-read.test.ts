import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  doctorSlots,
  doctors,
  pharmacies,
  shippingMethods,
} from '../../server/db/schema/care-network';
import { orders, payments, promoCodes } from '../../server/db/schema/orders';
import type { SignInByRead } from '../../server/modules/auth/request-context';
import { principalOfToken, tokenHashOf } from '../../server/modules/auth/token-service';
import { orderWithDetailsSignedIn } from '../../server/modules/orders/order-access';
import { partsOf, readOrderById } from '../../server/modules/orders/order-parts';
import { placedOrder, savedCard } from './helpers/placed-orders';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createUser, tokenFor } from './helpers/users';

// An order and its parts are read as one JSON value and mapped back to rows: every column of
// every part must come back as drizzle's own relational query reads it (names, dates, numbers,
// JSON columns, nulls), or a screen would show something else than the database holds.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/** drizzle's relational read of the same order: what the JSON read must equal. */
function referenceRead(id: string) {
  return t.database.db.query.orders.findFirst({
    where: eq(orders.id, id),
    with: {
      items: { orderBy: (item, { asc }) => [asc(item.createdAt), asc(item.productId)] },
      owner: { columns: { firstName: true, lastName: true, email: true, phone: true } },
      pharmacy: true,
      doctor: true,
      slot: true,
      shippingMethod: true,
      promo: true,
      payments: {
        with: { card: { columns: { brand: true, last4: true } } },
        orderBy: (payment, { asc }) => [asc(payment.createdAt), asc(payment.id)],
      },
      statusHistory: { orderBy: (entry, { asc }) => [asc(entry.id)] },
    },
  });
}

async function first<Row>(rows: Promise<Row[]>): Promise<Row> {
  const [row] = await rows;
  if (!row) throw new Error('nothing seeded');
  return row;
}

/** A user's sign-in as a route that checks its token in its read hands it to the service. */
async function signInOf(user: { email: string; password: string }): Promise<SignInByRead> {
  const tokenHash = tokenHashOf(await tokenFor(t, user.email, user.password));
  if (!tokenHash) throw new Error('no token');
  return {
    tokenHash,
    async admit(token) {
      const found = token && (await principalOfToken(t.database.db, token, false));
      if (!found) throw new Error('token refused');
      return { principal: found.principal, ip: null, requestId: null };
    },
  };
}

/** A paid order with every part filled: two items, a pharmacy, a doctor, a slot, a promo... */
async function orderWithEveryPart() {
  const { db } = t.database;
  const user = await createUser(t);
  const card = await savedCard(t, user.id);
  const method = await first(db.select().from(shippingMethods).limit(1));
  const order = await placedOrder(t, user.id, {
    items: [{ sku: 'OTC-EYE-DROPS', qty: 2 }, { sku: 'RX-LATANOPROST' }],
    cardId: card.id,
    shippingMethodId: method.id,
    shippingCents: method.feeCents,
  });
  const pharmacy = await first(db.select().from(pharmacies).limit(1));
  const doctor = await first(db.select().from(doctors).limit(1));
  const minute = Date.now() % 100_000;
  const slot = await first(
    db
      .insert(doctorSlots)
      .values({
        doctorId: doctor.id,
        startsAt: new Date(Date.UTC(2098, 0, 1, 0, minute, 0, 123)),
        endsAt: new Date(Date.UTC(2098, 0, 1, 0, minute + 30)),
        bookedByOrderId: order.id,
      })
      .returning(),
  );
  const code = `READ-${randomUUID().slice(0, 8)}`;
  await db.insert(promoCodes).values({
    code,
    storefrontId: 132,
    kind: 'percent',
    value: 1000,
    productIds: [1, 2, 3],
    startsAt: new Date('2026-01-02T03:04:05.678Z'),
    maxUses: 5,
  });
  await db
    .update(orders)
    .set({ pharmacyId: pharmacy.id, doctorId: doctor.id, slotId: slot.id, couponCode: code })
    .where(eq(orders.id, order.id));
  // A card read over the phone and not saved: a payment with no card row.
  await db.insert(payments).values({
    orderId: order.id,
    cardBrand: 'mastercard',
    cardLast4: '4444',
    amountCents: 100,
    status: 'failed',
    gateway: 'sandbox',
    declineCode: 'card_declined',
  });
  return { order, user };
}

describe('an order read as one JSON value', () => {
  it('reads every part of an order as drizzle reads it', async () => {
    const { order, user } = await orderWithEveryPart();
    const reference = await referenceRead(order.id);
    if (!reference) throw new Error('order not read');
    const { payments: paid, statusHistory, ...withParts } = reference;
    const { items, owner, pharmacy, doctor, slot, shippingMethod, promo, ...orderRow } = withParts;
    const parts = { items, owner, pharmacy, doctor, slot, shippingMethod, promo };

    expect(Object.values(parts).every((part) => part !== null)).toBe(true);
    expect(paid.map((p) => p.card)).toEqual([{ brand: 'visa', last4: '4242' }, null]);
    expect(statusHistory.length).toBeGreaterThan(0);

    const signIn = await signInOf(user);
    const { read } = await orderWithDetailsSignedIn(t.database.db, signIn, order.id);
    expect(read).toEqual({ order: orderRow, parts, payments: paid, statusHistory });
    expect(await readOrderById(t.database.db, order.id)).toEqual({
      order: orderRow,
      parts,
    });
    expect(await partsOf(t.database.db, orderRow)).toEqual(parts);
  });

  it('reads a cart with no parts as nulls and no items', async () => {
    const user = await createUser(t, { phone: null });
    const [cart] = await t.database.db
      .insert(orders)
      .values({ storefrontId: 132, userId: user.id })
      .returning();
    if (!cart) throw new Error('cart not created');
    const { read } = await orderWithDetailsSignedIn(t.database.db, await signInOf(user), cart.id);
    expect(read).toEqual({
      order: cart,
      parts: {
        items: [],
        owner: { firstName: 'Test', lastName: 'Person', email: user.email, phone: null },
        pharmacy: null,
        doctor: null,
        slot: null,
        shippingMethod: null,
        promo: null,
      },
      payments: [],
      statusHistory: [],
    });
    expect(await readOrderById(t.database.db, randomUUID())).toBeNull();
  });
});
