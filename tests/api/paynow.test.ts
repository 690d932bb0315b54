import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doctorSlots, doctors } from '../../server/db/schema/care-network';
import {
  idempotencyKeys,
  orderItems,
  orderStatusHistory,
  orders,
  payments,
  promoCodes,
  promoRedemptions,
} from '../../server/db/schema/orders';
import { sandboxTestCards } from '../../server/integrations/payments/sandbox-gateway';
import {
  deleteExpiredIdempotencyKeys,
  requestHashOf,
  withIdempotency,
} from '../../server/modules/payments/idempotency';
import { StageBit } from '../../shared/checkout/stage-bits';
import { AppError } from '../../shared/errors/app-error';
import { messages } from '../../shared/errors/messages';
import { cardNumberLikeRuns } from './helpers/card-number-scan';
import { call } from './helpers/http';
import { cardDataDump, payableOrder } from './helpers/payable-order';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createUser, demo, tokenFor } from './helpers/users';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const payNowPath = '/api/payment/PayNow';
const nextYear = new Date().getFullYear() + 1;

function newCard(number: string = sandboxTestCards.success, extra: Record<string, unknown> = {}) {
  return { cardNumber: number, expMonth: 12, expYear: nextYear, cvc: '123', ...extra };
}

/** Emails without long digit runs, so the card-number scans cannot trip over them. */
async function patient() {
  const user = await createUser(t, { email: `payer-${randomUUID()}@example.test` });
  return { user, token: await tokenFor(t, user.email, user.password) };
}

function payNow(token: string, json: unknown, key: string | null = randomUUID()) {
  return call(t.url, 'POST', payNowPath, {
    token,
    json,
    headers: key === null ? {} : { 'idempotency-key': key },
  });
}

async function orderRow(id: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error('no order');
  return row;
}

async function paymentsOf(orderId: string) {
  return t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
}

async function outboxOf(address: string) {
  const res = await call(t.url, 'GET', `/api/dev/outbox?to=${encodeURIComponent(address)}`);
  return res.body.Data as { subject: string; body: string }[];
}

async function saveCard(token: string, number: string = sandboxTestCards.success) {
  const res = await call(t.url, 'POST', '/api/payment/AddCard', { token, json: newCard(number) });
  expect(res.status).toBe(200);
  return res.body.Data.id as string;
}

describe('PayNow: a successful payment', () => {
  it('charges the server total, advances the order, numbers it and mails a receipt', async () => {
    const { user, token } = await patient();
    const order = await payableOrder(t, user.id, { items: [{ sku: 'OTC-EYE-DROPS', qty: 2 }] });
    const chargesBefore = t.payments.succeededChargeCount();

    const res = await payNow(token, { orderId: order.id, card: newCard() });
    expect(res.status).toBe(200);
    const data = res.body.Data;
    expect(data.orderNumber).toMatch(/^SF-\d{6,}$/);
    expect(data.status).toBe('approved');
    expect(data.card).toEqual({ brand: 'visa', last4: '4242' });
    expect(data.order.status).toBe('approved');
    expect(data.order.orderNumber).toBe(data.orderNumber);
    expect(data.order.pendingStages).toEqual([]);
    expect(data.amountCents).toBe(data.order.totals.totalCents);
    expect(data.amountCents).toBeGreaterThan(0);
    expect(t.payments.succeededChargeCount()).toBe(chargesBefore + 1);
    expect(t.payments.charges.at(-1)?.amountCents).toBe(data.amountCents);

    const row = await orderRow(order.id);
    expect(row.status).toBe('approved');
    expect(row.orderNumber).toBe(data.orderNumber);
    expect(row.paidAt).toBeInstanceOf(Date);
    const items = await t.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id));
    for (const item of items)
      expect(item.completedCheckoutStages & StageBit.Payment).toBe(StageBit.Payment);
    const history = await t.database.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id))
      .orderBy(asc(orderStatusHistory.id));
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actorId])).toEqual([
      ['cart', 'paid', user.id],
      ['paid', 'approved', user.id],
    ]);
    const paid = await paymentsOf(order.id);
    expect(paid).toEqual([
      expect.objectContaining({
        status: 'succeeded',
        amountCents: data.amountCents,
        gateway: 'sandbox',
        gatewayChargeId: expect.stringMatching(/^ch_sandbox_/),
        cardId: null,
        cardBrand: 'visa',
        cardLast4: '4242',
      }),
    ]);
    // The order details name the unsaved card it was paid with.
    const details = await call(t.url, 'GET', `/api/order/GetOrderDetails?orderId=${order.id}`, {
      token,
    });
    expect(details.body.Data.payments).toMatchObject([{ brand: 'visa', last4: '4242' }]);

    const [receipt] = await outboxOf(user.email);
    expect(receipt?.subject).toBe(`Your receipt for order ${data.orderNumber}`);
    expect(receipt?.body).toContain(`Order number: ${data.orderNumber}`);
    expect(receipt?.body).toContain(`Total: $${(data.amountCents / 100).toFixed(2)}`);
    expect(receipt?.body).toMatch(/ x 2: \$\d+\.\d{2}/);
    expect(receipt?.body).toContain('Paid with Visa ending in 4242.');
  });

  it('sends an order with a consult product to the doctor (in-review)', async () => {
    const { user, token } = await patient();
    const order = await payableOrder(t, user.id, { items: [{ sku: 'RX-FINASTERIDE' }] });
    const res = await payNow(token, { orderId: order.id, card: newCard() });
    expect(res.status).toBe(200);
    expect(res.body.Data.status).toBe('in-review');
    expect((await orderRow(order.id)).status).toBe('in-review');
  });

  it('pays with a saved card, or saves the new card (token only) when asked', async () => {
    const { user, token } = await patient();
    const cardId = await saveCard(token);
    const first = await payableOrder(t, user.id);
    const bySaved = await payNow(token, { orderId: first.id, cardId });
    expect(bySaved.status).toBe(200);
    expect((await paymentsOf(first.id))[0]?.cardId).toBe(cardId);

    const second = await payableOrder(t, user.id);
    const saving = await payNow(token, {
      orderId: second.id,
      card: newCard('5555555555554444', { saveCard: true }),
    });
    expect(saving.status).toBe(200);
    const methods = await call(t.url, 'GET', '/api/payment/PaymentMethods', { token });
    expect(methods.body.Data.map((c: { last4: string }) => c.last4).sort()).toEqual([
      '4242',
      '4444',
    ]);
    const saved = methods.body.Data.find((c: { last4: string }) => c.last4 === '4444');
    expect((await paymentsOf(second.id))[0]?.cardId).toBe(saved.id);
  });

  it('lets an agent pay a patient order with the patient card', async () => {
    const { user, token } = await patient();
    const cardId = await saveCard(token);
    const order = await payableOrder(t, user.id);
    const agent = await tokenFor(t, demo.agent.email, demo.agent.password);
    const res = await payNow(agent, { orderId: order.id, cardId });
    expect(res.status).toBe(200);
    const [history] = await t.database.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id))
      .orderBy(asc(orderStatusHistory.id));
    expect(history?.actorId).not.toBe(user.id);
  });
});

describe('PayNow: declines', () => {
  const declines: [string, string, string][] = [
    [sandboxTestCards.declined, 'card_declined', 'Your card was declined.'],
    [sandboxTestCards.insufficientFunds, 'insufficient_funds', 'Your card has insufficient funds.'],
    [sandboxTestCards.expired, 'expired_card', 'Your card has expired.'],
    [sandboxTestCards.incorrectCvc, 'incorrect_cvc', "Your card's security code is incorrect."],
  ];

  for (const [number, code, message] of declines) {
    it(`answers 402 "${message}" and changes nothing else (${code})`, async () => {
      const { user, token } = await patient();
      const order = await payableOrder(t, user.id);
      const charged = t.payments.succeededChargeCount();
      const res = await payNow(token, { orderId: order.id, card: newCard(number) });
      expect(res.status).toBe(402);
      expect(res.body).toEqual({ Data: null, Message: message, status: 402 });
      const row = await orderRow(order.id);
      expect(row.status).toBe('cart');
      expect(row.orderNumber).toBeNull();
      expect(row.paidAt).toBeNull();
      expect(await paymentsOf(order.id)).toEqual([
        expect.objectContaining({ status: 'failed', declineCode: code, gatewayChargeId: null }),
      ]);
      expect(t.payments.succeededChargeCount()).toBe(charged);
      expect(await outboxOf(user.email)).toEqual([]);
    });
  }

  it('declines a saved test card at charge time, then a retry with a good card and a new key pays', async () => {
    const { user, token } = await patient();
    const bad = await saveCard(token, sandboxTestCards.declined);
    const order = await payableOrder(t, user.id);
    const declined = await payNow(token, { orderId: order.id, cardId: bad });
    expect(declined.status).toBe(402);
    expect(declined.body.Message).toBe('Your card was declined.');
    const paid = await payNow(token, { orderId: order.id, card: newCard() });
    expect(paid.status).toBe(200);
    const rows = await paymentsOf(order.id);
    expect(rows.map((r) => r.status).sort()).toEqual(['failed', 'succeeded']);
  });

  it('refuses a Luhn-invalid or expired new card with 400 before any charge', async () => {
    const { user, token } = await patient();
    const order = await payableOrder(t, user.id);
    const luhn = await payNow(token, { orderId: order.id, card: newCard('4242424242424241') });
    expect(luhn.status).toBe(400);
    expect(luhn.body.Message).toBe('Your card number is incorrect.');
    expect(luhn.body.errors).toEqual({ card: 'cardNumberError' });
    const expired = await payNow(token, {
      orderId: order.id,
      card: newCard(sandboxTestCards.success, { expYear: nextYear - 3 }),
    });
    expect(expired.status).toBe(400);
    expect(expired.body.Message).toBe('Your card has expired.');
    expect(await paymentsOf(order.id)).toEqual([]);
    expect((await orderRow(order.id)).status).toBe('cart');
  });
});

describe('PayNow: refusals before charging', () => {
  it('answers 409 naming the first pending stage', async () => {
    const { user, token } = await patient();
    const order = await payableOrder(t, user.id, { completeStages: false });
    const charged = t.payments.charges.length;
    const res = await payNow(token, { orderId: order.id, card: newCard() });
    expect(res.status).toBe(409);
    expect(res.body.Message).toBe('Please complete the Shipping step before paying.');
    expect(t.payments.charges.length).toBe(charged);
    expect(await paymentsOf(order.id)).toEqual([]);
  });

  it('answers 409 for an empty order and for an order already paid', async () => {
    const { user, token } = await patient();
    const empty = await payableOrder(t, user.id, { items: [] });
    const none = await payNow(token, { orderId: empty.id, card: newCard() });
    expect(none.status).toBe(409);
    expect(none.body.Message).toBe('Your Cart Is Empty');
    await t.database.db.delete(orders).where(eq(orders.id, empty.id));

    const order = await payableOrder(t, user.id);
    expect((await payNow(token, { orderId: order.id, card: newCard() })).status).toBe(200);
    const again = await payNow(token, { orderId: order.id, card: newCard() });
    expect(again.status).toBe(409);
    expect(again.body.Message).toBe('This order has already been paid.');
    expect((await paymentsOf(order.id)).filter((p) => p.status === 'succeeded')).toHaveLength(1);
  });

  it("answers 404 for another patient's order or card", async () => {
    const owner = await patient();
    const other = await patient();
    const order = await payableOrder(t, owner.user.id);
    const foreignOrder = await payNow(other.token, { orderId: order.id, card: newCard() });
    expect(foreignOrder.status).toBe(404);
    const theirCard = await saveCard(other.token);
    const foreignCard = await payNow(owner.token, { orderId: order.id, cardId: theirCard });
    expect(foreignCard.status).toBe(404);
    expect(foreignCard.body.Message).toBe('Card not found.');
    const unknown = await payNow(owner.token, { orderId: randomUUID(), card: newCard() });
    expect(unknown.status).toBe(404);
    expect(await paymentsOf(order.id)).toEqual([]);
    expect((await orderRow(order.id)).status).toBe('cart');
  });

  it('refuses when the promo code reached its cap meanwhile, and redeems it once paid', async () => {
    const code = `CAP-${randomUUID().slice(0, 8)}`;
    await t.database.db.insert(promoCodes).values({
      code,
      storefrontId: 132,
      kind: 'percent',
      value: 1000,
      maxUses: 1,
    });
    const a = await patient();
    const b = await patient();
    const orderA = await payableOrder(t, a.user.id, { couponCode: code });
    const orderB = await payableOrder(t, b.user.id, { couponCode: code });

    const paid = await payNow(a.token, { orderId: orderA.id, card: newCard() });
    expect(paid.status).toBe(200);
    expect(paid.body.Data.order.totals.discountCents).toBeGreaterThan(0);
    const [promo] = await t.database.db.select().from(promoCodes).where(eq(promoCodes.code, code));
    expect(promo?.uses).toBe(1);
    const redemptions = await t.database.db
      .select()
      .from(promoRedemptions)
      .where(eq(promoRedemptions.code, code));
    expect(redemptions.map((r) => r.orderId)).toEqual([orderA.id]);

    const charged = t.payments.charges.length;
    const refused = await payNow(b.token, { orderId: orderB.id, card: newCard() });
    expect(refused.status).toBe(409);
    expect(refused.body.Message).toBe('Sorry that promo code is invalid');
    expect(t.payments.charges.length).toBe(charged);
    expect((await orderRow(orderB.id)).status).toBe('cart');
  });

  it('books the held visit slot; a slot lost to another order refuses with no charge', async () => {
    const [doctor] = await t.database.db.select().from(doctors).limit(1);
    if (!doctor) throw new Error('no doctor seeded');
    const startsAt = (minutes: number) => new Date(Date.UTC(2099, 0, 1, 0, minutes));
    const holdUntil = new Date(Date.now() + 10 * 60_000);

    const mine = await patient();
    const rival = await patient();
    const rivalOrder = await payableOrder(t, rival.user.id);
    const [lost] = await t.database.db
      .insert(doctorSlots)
      .values({
        doctorId: doctor.id,
        startsAt: startsAt(Date.now() % 100_000),
        endsAt: startsAt((Date.now() % 100_000) + 30),
        heldByOrderId: rivalOrder.id,
        heldUntil: holdUntil,
      })
      .returning();
    const order = await payableOrder(t, mine.user.id, {
      items: [{ sku: 'RX-LATANOPROST' }],
      slotId: lost?.id ?? null,
    });
    const charged = t.payments.charges.length;
    const refused = await payNow(mine.token, { orderId: order.id, card: newCard() });
    expect(refused.status).toBe(409);
    expect(refused.body.Message).toBe('That time is not available. Please choose another time.');
    expect(t.payments.charges.length).toBe(charged);

    const [held] = await t.database.db
      .insert(doctorSlots)
      .values({
        doctorId: doctor.id,
        startsAt: startsAt((Date.now() % 100_000) + 60),
        endsAt: startsAt((Date.now() % 100_000) + 90),
        heldByOrderId: order.id,
        heldUntil: holdUntil,
      })
      .returning();
    if (!held) throw new Error('slot not created');
    await t.database.db.update(orders).set({ slotId: held.id }).where(eq(orders.id, order.id));
    const paid = await payNow(mine.token, { orderId: order.id, card: newCard() });
    expect(paid.status).toBe(200);
    expect(paid.body.Data.status).toBe('in-review');
    // The order as answered is read after the booking: the visit's time, no longer on hold.
    const visitLine = paid.body.Data.order.items.find(
      (item: { schedule: unknown }) => item.schedule !== null,
    );
    expect(visitLine?.schedule).toMatchObject({ id: held.id, heldUntil: null });
    const [booked] = await t.database.db
      .select()
      .from(doctorSlots)
      .where(eq(doctorSlots.id, held.id));
    expect(booked).toMatchObject({
      bookedByOrderId: order.id,
      heldByOrderId: null,
      heldUntil: null,
    });
  });
});

describe('PayNow: Idempotency-Key', () => {
  it('is required: 8 to 255 visible characters', async () => {
    const { user, token } = await patient();
    const order = await payableOrder(t, user.id);
    for (const key of [null, 'short', 'x'.repeat(256), 'has spaces in it']) {
      const res = await payNow(token, { orderId: order.id, card: newCard() }, key);
      expect(res.status, String(key)).toBe(400);
      expect(res.body.Message).toBe(
        'An Idempotency-Key header of 8 to 255 characters is required.',
      );
      expect(res.body.errors).toEqual({ 'idempotency-key': 'idempotencyKeyError' });
    }
    expect(await paymentsOf(order.id)).toEqual([]);
  });

  it('answers a retry with the first answer and pays once', async () => {
    const { user, token } = await patient();
    const order = await payableOrder(t, user.id);
    const key = randomUUID();
    const body = { orderId: order.id, card: newCard() };
    const first = await payNow(token, body, key);
    const retry = await payNow(token, body, key);
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(await paymentsOf(order.id)).toHaveLength(1);
  });

  it('answers a retried decline with the same 402', async () => {
    const { user, token } = await patient();
    const order = await payableOrder(t, user.id);
    const key = randomUUID();
    const body = { orderId: order.id, card: newCard(sandboxTestCards.insufficientFunds) };
    const first = await payNow(token, body, key);
    const retry = await payNow(token, body, key);
    expect(first.status).toBe(402);
    expect(retry.status).toBe(402);
    expect(retry.body).toEqual(first.body);
    expect(await paymentsOf(order.id)).toHaveLength(1);
  });

  it('answers 422 for the same key with another body', async () => {
    const { user, token } = await patient();
    const order = await payableOrder(t, user.id);
    const key = randomUUID();
    expect(
      (await payNow(token, { orderId: order.id, card: newCard(sandboxTestCards.declined) }, key))
        .status,
    ).toBe(402);
    const other = await payNow(token, { orderId: order.id, card: newCard() }, key);
    expect(other.status).toBe(422);
    expect(other.body.Message).toBe(
      'This Idempotency-Key was already used for a different request. Please use a new key.',
    );
    expect((await orderRow(order.id)).status).toBe('cart');
  });

  it('releases the key when the request was refused before any charge', async () => {
    const { user, token } = await patient();
    const order = await payableOrder(t, user.id, { completeStages: false });
    const key = randomUUID();
    const body = { orderId: order.id, card: newCard() };
    expect((await payNow(token, body, key)).status).toBe(409);
    await t.database.db
      .update(orderItems)
      .set({ completedCheckoutStages: StageBit.Shipping })
      .where(eq(orderItems.orderId, order.id));
    expect((await payNow(token, body, key)).status).toBe(200);
  });

  it('keeps a final 5xx and throws it again to retries; a 503 leaves the key free', async () => {
    const scope = `final-error-test:${randomUUID()}`;
    const ticket = { scope, key: 'final-500-key', requestHash: 'h' };
    const reversed = new AppError('internal', messages.paymentReversed);
    let runs = 0;
    const failing = async () => {
      runs += 1;
      throw reversed;
    };
    await expect(withIdempotency(t.database.db, ticket, failing)).rejects.toBe(reversed);
    const again = withIdempotency(t.database.db, ticket, failing);
    await expect(again).rejects.toMatchObject({ status: 500, message: messages.paymentReversed });
    expect(runs).toBe(1);

    const unknown = { ...ticket, key: 'unknown-503-key' };
    const unavailable = async () => {
      throw new AppError('unavailable', messages.paymentNotConfirmed);
    };
    await expect(withIdempotency(t.database.db, unknown, unavailable)).rejects.toMatchObject({
      status: 503,
    });
    const retried = await withIdempotency(t.database.db, unknown, async () => 'settled');
    expect(retried).toEqual({ result: 'settled', replayed: false });
  });

  it('answers 409 while the first request still runs, and takes over an abandoned one', async () => {
    const { user, token } = await patient();
    const order = await payableOrder(t, user.id);
    const body = { orderId: order.id, card: newCard() };
    const requestHash = requestHashOf(t.config.serverSecret, body);
    const scope = `paynow:${user.id}`;
    await t.database.db
      .insert(idempotencyKeys)
      .values({ scope, key: 'running-now-1', requestHash, state: 'running' });
    const busy = await payNow(token, body, 'running-now-1');
    expect(busy.status).toBe(409);
    expect(busy.body.Message).toBe(
      'This payment is already being processed. Please wait a moment.',
    );

    await t.database.db.insert(idempotencyKeys).values({
      scope,
      key: 'died-midway-1',
      requestHash,
      state: 'running',
      // Its process stopped beating 20 seconds ago: taken over without a long wait.
      heartbeatAt: new Date(Date.now() - 20_000),
    });
    const resumed = await payNow(token, body, 'died-midway-1');
    expect(resumed.status).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, 'died-midway-1')));
    expect(row?.state).toBe('done');
  });

  it('keeps keys a day and more, and the cleanup drops those older than 48 hours', async () => {
    const hours = (h: number) => new Date(Date.now() - h * 3600_000);
    const scope = `cleanup-test:${randomUUID()}`;
    await t.database.db.insert(idempotencyKeys).values([
      {
        scope,
        key: 'old-key-49h',
        requestHash: 'h',
        state: 'done',
        result: { a: 1 },
        createdAt: hours(49),
      },
      {
        scope,
        key: 'key-30h-old',
        requestHash: 'h',
        state: 'done',
        result: { b: 2 },
        createdAt: hours(30),
      },
      {
        scope,
        key: 'fresh-key-1',
        requestHash: 'h',
        state: 'done',
        result: {},
        createdAt: hours(1),
      },
    ]);
    // A 30-hour-old key still gives its first result.
    const replay = await withIdempotency(
      t.database.db,
      { scope, key: 'key-30h-old', requestHash: 'h' },
      async () => ({ ran: 'must not run' }),
    );
    expect(replay).toEqual({ result: { b: 2 }, replayed: true });

    expect(await deleteExpiredIdempotencyKeys(t.database.db)).toBeGreaterThanOrEqual(1);
    const left = await t.database.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.scope, scope));
    expect(left.map((r) => r.key).sort()).toEqual(['fresh-key-1', 'key-30h-old']);
  });
});

describe('PayNow: concurrency', () => {
  it('20 parallel requests with one key charge once', async () => {
    const { user, token } = await patient();
    const order = await payableOrder(t, user.id);
    const charged = t.payments.succeededChargeCount();
    const key = randomUUID();
    const body = { orderId: order.id, card: newCard() };
    const answers = await Promise.all(Array.from({ length: 20 }, () => payNow(token, body, key)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    expect(statuses).toContain(200);
    const bodies = answers.filter((a) => a.status === 200).map((a) => JSON.stringify(a.body));
    expect(new Set(bodies).size).toBe(1);
    expect((await paymentsOf(order.id)).filter((p) => p.status === 'succeeded')).toHaveLength(1);
    expect(t.payments.succeededChargeCount()).toBe(charged + 1);
  });

  it('20 parallel requests with different keys charge once', async () => {
    const { user, token } = await patient();
    const cardId = await saveCard(token);
    const order = await payableOrder(t, user.id);
    const charged = t.payments.succeededChargeCount();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => payNow(token, { orderId: order.id, cardId })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect((await paymentsOf(order.id)).filter((p) => p.status === 'succeeded')).toHaveLength(1);
    expect(t.payments.succeededChargeCount()).toBe(charged + 1);
  });
});

describe('PayNow: hostile input', () => {
  const odd = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom('\u0000', '\ud800', "' OR 1=1 --", '4242424242424242', '-1', '1e400', '{}'),
    fc.jsonValue({ maxDepth: 2 }),
  );
  const field = fc.constantFrom(
    'orderId',
    'cardId',
    'card',
    'cardNumber',
    'expMonth',
    'expYear',
    'cvc',
    'holderName',
    'saveCard',
    '__proto__',
    'extra',
  );

  it('never answers 500 and never charges or saves anything', async () => {
    const { user, token } = await patient();
    // Pending stages: even a body that turns out valid stops before the charge.
    const order = await payableOrder(t, user.id, { completeStages: false });
    const charges = t.payments.charges.length;
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(field, odd, fc.boolean(), async (name, value, nested) => {
        const card: Record<string, unknown> = newCard();
        const body: Record<string, unknown> = { orderId: order.id, card };
        if (nested && name in card) card[name] = value;
        else body[name] = value;
        const res = await payNow(token, body);
        if (res.status >= 500) failures.push(`${name}=${JSON.stringify(value)} -> ${res.status}`);
        return res.status < 500;
      }),
      { numRuns: 150, seed: 20260402 },
    );
    expect(failures).toEqual([]);
    expect(t.payments.charges.length).toBe(charges);
    expect(await paymentsOf(order.id)).toEqual([]);
    const saved = await call(t.url, 'GET', '/api/payment/AllPaymentMethods', { token });
    expect(saved.body.Data).toEqual([]);
  });
});

describe('stored card data', () => {
  it('holds no card number anywhere in cards, payments or the outbox', async () => {
    const dump = await cardDataDump(t);
    expect(dump).toContain('ch_sandbox_');
    expect(cardNumberLikeRuns(dump)).toEqual([]);
    const stored = await t.database.db.select().from(idempotencyKeys);
    expect(cardNumberLikeRuns(JSON.stringify(stored.map((r) => r.result)))).toEqual([]);
  });
});
