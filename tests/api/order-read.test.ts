import { randomUUID } from 'node:crypto';
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  doctorSlots,
  doctors,
  pharmacies,
  shippingMethods,
} from '../../server/db/schema/care-network';
import { orders, payments, promoCodes } from '../../server/db/schema/orders';
import type { SignInByRead } from '../../server/modules/auth/request-context';
import type { KnownOrder } from '../../server/modules/orders/kept-answers';
import { orderWithDetailsSignedIn } from '../../server/modules/orders/order-access';
import { partsOf, readOrderById } from '../../server/modules/orders/order-parts';
import { placedOrder, savedCard } from './helpers/placed-orders';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createUser, signInByToken, tokenFor } from './helpers/users';

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
  return signInByToken(t, await tokenFor(t, user.email, user.password));
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
    const {
      found: { read },
    } = await orderWithDetailsSignedIn(t.database.db, signIn, order.id);
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
    const {
      found: { read },
    } = await orderWithDetailsSignedIn(t.database.db, await signInOf(user), cart.id);
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

describe('the versions of the rows an order is read from', () => {
  it('are the same while none is written, and new when any one is', async () => {
    const { db } = t.database;
    const { order, user } = await orderWithEveryPart();
    const signIn = await signInOf(user);
    const read = async (known: KnownOrder | null) =>
      (await orderWithDetailsSignedIn(db, signIn, order.id, known)).found;
    let known = await read(null);
    expect(known.read).not.toBeNull();
    expect(await read(known)).toEqual({ version: known.version, order: known.order, read: null });

    // Each written again as it is: a new version of that row, nothing else changed.
    const ofOrder = sql`(select o from orders o where o.id = ${order.id})`;
    const writes: [string, SQL][] = [
      ['the order', sql`update orders set status = status where id = ${order.id}`],
      ['an item', sql`update order_items set qty = qty where order_id = ${order.id}`],
      ['the owner', sql`update users set phone = phone where id = (${ofOrder}).user_id`],
      ['the pharmacy', sql`update pharmacies set fax = fax where id = (${ofOrder}).pharmacy_id`],
      ['the doctor', sql`update doctors set bio = bio where id = (${ofOrder}).doctor_id`],
      ['the slot', sql`update doctor_slots set ends_at = ends_at where id = (${ofOrder}).slot_id`],
      [
        'the shipping method',
        sql`update shipping_methods set fee_cents = fee_cents where id = (${ofOrder}).shipping_method_id`,
      ],
      [
        'the promo code',
        sql`update promo_codes set uses = uses where code = (${ofOrder}).coupon_code`,
      ],
      ['a payment', sql`update payments set status = status where order_id = ${order.id}`],
      [
        "a payment's card",
        sql`update cards set last4 = last4 where id in (select card_id from payments where order_id = ${order.id})`,
      ],
      [
        'the status history',
        sql`update order_status_history set note = note where order_id = ${order.id}`,
      ],
      [
        'the items (one removed)',
        sql`delete from order_items where id = (select id from order_items where order_id = ${order.id} limit 1)`,
      ],
    ];
    for (const [what, write] of writes) {
      await db.execute(write);
      const next = await read(known);
      expect(next.version, what).not.toBe(known.version);
      expect(next.read, what).not.toBeNull();
      known = next;
    }
  });
});

describe("a batched read's plan", () => {
  /** The plans made so far of the details' statement on the connection this runs on. */
  async function plansMade(): Promise<{ generic: number; custom: number }> {
    const result = (await t.database.db.execute(
      sql`select generic_plans::int as generic, custom_plans::int as custom
        from pg_prepared_statements where name = 'tokens_with_order_details'`,
    )) as unknown as { rows: { generic: number; custom: number }[] };
    return result.rows[0] ?? { generic: 0, custom: 0 };
  }

  it('is made once for batches of every size, after at most five made for their values', async () => {
    const { db } = t.database;
    const user = await createUser(t);
    const order = await placedOrder(t, user.id, { status: 'approved' });
    const signIn = await signInOf(user);
    // One call a batch, each read in full (no version known matches), one after another: on
    // the same connection (the pool hands out its last idle one), whose plans we count.
    await orderWithDetailsSignedIn(db, signIn, order.id);
    const before = await plansMade();
    for (let i = 0; i < 12; i++) {
      await orderWithDetailsSignedIn(db, signIn, order.id, { version: `none-${i}`, order });
    }
    const after = await plansMade();
    const custom = after.custom - before.custom;
    expect(custom).toBeLessThanOrEqual(5);
    expect(after.generic - before.generic).toBe(12 - custom);
  });
});
