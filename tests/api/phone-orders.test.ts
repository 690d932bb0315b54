import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doctorSlots } from '../../server/db/schema/care-network';
import { addresses, cards, idempotencyKeys, orders, payments } from '../../server/db/schema/orders';
import { auditLog } from '../../server/db/schema/platform';
import { paymentLinks } from '../../server/db/schema/staff';
import { sandboxTestCards } from '../../server/integrations/payments/sandbox-gateway';
import { sha256 } from '../../server/lib/secrets';
import { messages } from '../../shared/errors/messages';
import { cardNumberLikeRuns } from './helpers/card-number-scan';
import { answerQuestionnaires, californiaAddress } from './helpers/checkout';
import { call } from './helpers/http';
import { cardDataDump } from './helpers/payable-order';
import { phoneOrders } from './helpers/phone-order';
import { placedOrder, savedCard } from './helpers/placed-orders';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createUser, tokenFor } from './helpers/users';

/**
 * Customer-service phone orders (spec §7, issue 5): an agent builds a patient's cart with the
 * same checkout endpoints as the patient app, then places it with a saved card, a card read
 * over the phone, or a payment link the patient pays themselves.
 */
let t: TestApp;
let agent: Awaited<ReturnType<typeof createUser>>;
let agentToken: string;

beforeAll(async () => {
  t = await startTestApp();
  agent = await createUser(t, { role: 'agent' });
  agentToken = await tokenFor(t, agent.email, agent.password);
  phone = phoneOrders(t, agentToken);
});
afterAll(async () => {
  await t.close();
});

const phoneCard = (cardNumber: string = sandboxTestCards.success) => ({
  cardNumber,
  expMonth: 12,
  expYear: new Date().getFullYear() + 3,
  cvc: '123',
  holderName: 'Jane Doe',
});

async function newPatient(phone: string | null = '5555550199') {
  return createUser(t, { role: 'patient', phone, email: `patient-${randomUUID()}@example.test` });
}

let phone: ReturnType<typeof phoneOrders>;
const openPhoneOrder = (patientId: string, token?: string) => phone.open(patientId, token);
const setItems = (orderId: string, items: { sku: string; qty: number }[]) =>
  phone.setItems(orderId, items);
const shipToCalifornia = (orderId: string) => phone.shipToCalifornia(orderId);

/**
 * The rest of a consult order's checkout, as the agent reads it to the patient: questionnaire,
 * shipping, pharmacy, then a doctor and a visit time. Leaves only the payment.
 */
async function completeConsultCheckout(orderId: string) {
  const answered = await answerQuestionnaires(t, agentToken, orderId);
  expect(answered.disqualified).toBe(false);
  await shipToCalifornia(orderId);

  const pharmacies = await call(t.url, 'GET', '/api/order/GetPharmacyList?search=94041', {
    token: agentToken,
  });
  const pharmacyId = pharmacies.body.Data[0]?.id as number | undefined;
  const chosen = pharmacyId
    ? await call(t.url, 'POST', '/api/order/SelectPharmacy', {
        token: agentToken,
        json: { orderId, pharmacyId },
      })
    : await call(t.url, 'POST', '/api/order/AcceptInternalPharmacy', {
        token: agentToken,
        json: { orderId },
      });
  expect(chosen.status).toBe(200);

  const doctors = await call(t.url, 'GET', `/api/order/GetDoctorsByOrderId?orderId=${orderId}`, {
    token: agentToken,
  });
  expect(doctors.status).toBe(200);
  const doctorId = doctors.body.Data[0].doctorId as number;
  const slots = await call(
    t.url,
    'GET',
    `/api/order/GetDoctorSlots?doctorId=${doctorId}&days=14&timeZone=America/Los_Angeles`,
    { token: agentToken },
  );
  const slotId = slots.body.Data[0].id as number;
  const selected = await call(t.url, 'POST', '/api/order/SelectDoctor', {
    token: agentToken,
    json: { orderId, doctorId, slotId },
  });
  expect(selected.status).toBe(200);
  expect(selected.body.Data.pendingStages).toEqual(['Payment']);
  return { slotId, totalCents: selected.body.Data.totals.totalCents as number };
}

const readyOtcOrder = (patientId: string) => phone.readyOtcOrder(patientId);
const placeOrder = (body: unknown, key?: string, token?: string) => phone.place(body, key, token);

async function orderRow(orderId: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw new Error('order missing');
  return row;
}

async function succeededPayments(orderId: string) {
  const rows = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
  return rows.filter((p) => p.status === 'succeeded');
}

async function outboxOf(to: string) {
  const res = await call(t.url, 'GET', `/api/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(res.status).toBe(200);
  return res.body.Data as { channel: string; to: string; subject: string; body: string }[];
}

const linkTokenIn = (text: string) => phone.linkTokenIn(text);

describe('an agent places a phone order for a patient', () => {
  it('builds the cart with the checkout endpoints and pays with a card read over the phone', async () => {
    const patient = await newPatient();
    const opened = await openPhoneOrder(patient.id);
    expect(opened.status).toBe(200);
    const orderId = opened.body.Data.id as string;
    expect(opened.body.Data.status).toBe('cart');

    // Opening again returns the same order.
    expect((await openPhoneOrder(patient.id)).body.Data.id).toBe(orderId);

    const items = await setItems(orderId, [
      { sku: 'OTC-EYE-DROPS', qty: 1 },
      { sku: 'RX-LATANOPROST', qty: 1 },
    ]);
    expect(items.status).toBe(200);
    expect(items.body.Data.items).toHaveLength(2);

    const { slotId, totalCents } = await completeConsultCheckout(orderId);
    // The address is saved for the patient, not for the agent.
    const saved = await t.database.db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, patient.id));
    expect(saved.map((a) => a.zip)).toEqual([californiaAddress.zip]);

    const body = { orderId, payment: { kind: 'card', ...phoneCard() } };
    const key = randomUUID();
    const placed = await placeOrder(body, key);
    expect(placed.status).toBe(200);
    expect(placed.body.Data).toMatchObject({
      outcome: 'paid',
      orderId,
      status: 'in-review',
      amountCents: totalCents,
      card: { last4: '4242' },
    });
    expect(placed.body.Data.orderNumber).toMatch(/^SF-\d+$/);
    expect(placed.body.Data.receiptSentTo).toMatch(/^p\*\*\*@example\.test$/);

    const row = await orderRow(orderId);
    expect(row).toMatchObject({ status: 'in-review', placedByAgentId: agent.id, source: 'phone' });
    expect(row.userId).toBe(patient.id);
    const [slot] = await t.database.db.select().from(doctorSlots).where(eq(doctorSlots.id, slotId));
    expect(slot?.bookedByOrderId).toBe(orderId);

    const receipts = (await outboxOf(patient.email)).filter(
      (m) => m.subject === `Your receipt for order ${placed.body.Data.orderNumber}`,
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.body).toContain('ending in 4242');

    // The order names the card it was paid with, though the card itself was not kept.
    const detail = await call(t.url, 'GET', `/api/staff/orders/${orderId}`, { token: agentToken });
    expect(detail.body.Data.payments).toMatchObject([
      { status: 'succeeded', brand: 'visa', last4: '4242', amountCents: totalCents },
    ]);

    // A retry with the same key answers the first answer and charges nothing more.
    const again = await placeOrder(body, key);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(placed.body);
    expect(await succeededPayments(orderId)).toHaveLength(1);

    // The card read over the phone is stored nowhere: not in cards, payments, the outbox,
    // the idempotency keys or the audit log.
    expect(await t.database.db.select().from(cards).where(eq(cards.userId, patient.id))).toEqual(
      [],
    );
    const stored =
      (await cardDataDump(t)) +
      JSON.stringify(await t.database.db.select().from(auditLog)) +
      JSON.stringify(await t.database.db.select().from(idempotencyKeys));
    expect(stored).not.toContain(sandboxTestCards.success);
    expect(cardNumberLikeRuns(stored)).toEqual([]);
  });

  it('pays with one of the patient saved cards (never another patient card)', async () => {
    const patient = await newPatient();
    const other = await newPatient();
    const card = await savedCard(t, patient.id);
    const foreign = await savedCard(t, other.id);
    const { orderId, totalCents } = await readyOtcOrder(patient.id);

    const refused = await placeOrder({
      orderId,
      payment: { kind: 'saved-card', cardId: foreign.id },
    });
    expect(refused.status).toBe(404);
    expect(refused.body.Message).toBe(messages.cardNotFound);

    const placed = await placeOrder({ orderId, payment: { kind: 'saved-card', cardId: card.id } });
    expect(placed.status).toBe(200);
    expect(placed.body.Data).toMatchObject({ status: 'approved', amountCents: totalCents });
    const [payment] = await succeededPayments(orderId);
    expect(payment?.cardId).toBe(card.id);
  });

  it('places one order on a double click: the same key in parallel, then another key', async () => {
    const patient = await newPatient();
    const { orderId } = await readyOtcOrder(patient.id);
    const charged = t.payments.succeededChargeCount();
    const body = { orderId, payment: { kind: 'card', ...phoneCard() } };
    const key = randomUUID();

    const answers = await Promise.all([placeOrder(body, key), placeOrder(body, key)]);
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    expect(statuses).toContain(200);
    const bodies = answers.filter((a) => a.status === 200).map((a) => JSON.stringify(a.body));
    expect(new Set(bodies).size).toBe(1);

    // A second submit with a new key finds the order placed.
    const second = await placeOrder(body);
    expect(second.status).toBe(409);
    expect(second.body.Message).toBe(messages.orderAlreadyPaid);

    expect(await succeededPayments(orderId)).toHaveLength(1);
    expect(t.payments.succeededChargeCount()).toBe(charged + 1);
  });

  it('answers 402 with the gateway message on a declined card and leaves the order open', async () => {
    const patient = await newPatient();
    const { orderId } = await readyOtcOrder(patient.id);
    const declined = await placeOrder({
      orderId,
      payment: { kind: 'card', ...phoneCard(sandboxTestCards.declined) },
    });
    expect(declined.status).toBe(402);
    expect(declined.body.Message).toBe(messages.cardDeclined);
    expect((await orderRow(orderId)).status).toBe('cart');
  });

  it('changes promo codes and items of a phone order only', async () => {
    const patient = await newPatient();
    const opened = await openPhoneOrder(patient.id);
    const orderId = opened.body.Data.id as string;
    await setItems(orderId, [{ sku: 'OTC-EYE-DROPS', qty: 2 }]);

    const applied = await call(t.url, 'POST', `/api/staff/phone-orders/${orderId}/promo`, {
      token: agentToken,
      json: { promoCode: 'welcome10' },
    });
    expect(applied.status).toBe(200);
    expect(applied.body.Data.coupon).toEqual({ code: 'WELCOME10' });
    expect(applied.body.Data.totals.discountCents).toBeGreaterThan(0);

    const bad = await call(t.url, 'POST', `/api/staff/phone-orders/${orderId}/promo`, {
      token: agentToken,
      json: { promoCode: 'NOPE123' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toBe('Sorry that promo code is invalid');

    const removed = await call(t.url, 'DELETE', `/api/staff/phone-orders/${orderId}/promo`, {
      token: agentToken,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.Data.coupon).toBeNull();

    const emptied = await setItems(orderId, [{ sku: 'OTC-EYE-DROPS', qty: 0 }]);
    expect(emptied.body.Data.items).toEqual([]);

    // A patient's own web order is not a phone order; an unknown patient is not found.
    const web = await placedOrder(t, (await newPatient()).id, { status: 'cart' });
    const refused = await call(t.url, 'PATCH', `/api/staff/phone-orders/${web.id}/items`, {
      token: agentToken,
      json: { items: [{ productId: 1, qty: 1 }] },
    });
    expect(refused.status).toBe(404);
    expect((await openPhoneOrder(randomUUID())).status).toBe(404);
    expect((await openPhoneOrder(agent.id)).status).toBe(404);

    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `order:${orderId}`));
    expect(audited.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'phone-order.opened',
        'phone-order.items-changed',
        'phone-order.promo-applied',
        'phone-order.promo-removed',
      ]),
    );
    expect(audited.every((a) => a.actorId === agent.id)).toBe(true);
  });

  it('refuses patients and ECPs on every phone-order staff route', async () => {
    const patient = await newPatient();
    const patientToken = await tokenFor(t, patient.email, patient.password);
    const ecp = await createUser(t, { role: 'ecp' });
    const ecpToken = await tokenFor(t, ecp.email, ecp.password);
    const { orderId } = await readyOtcOrder(patient.id);
    for (const token of [patientToken, ecpToken]) {
      const answers = [
        await openPhoneOrder(patient.id, token),
        await call(t.url, 'PATCH', `/api/staff/phone-orders/${orderId}/items`, {
          token,
          json: { items: [{ productId: 1, qty: 1 }] },
        }),
        await call(t.url, 'POST', `/api/staff/phone-orders/${orderId}/promo`, {
          token,
          json: { promoCode: 'WELCOME10' },
        }),
        await call(t.url, 'DELETE', `/api/staff/phone-orders/${orderId}/promo`, { token }),
        await placeOrder(
          { orderId, payment: { kind: 'card', ...phoneCard() } },
          randomUUID(),
          token,
        ),
      ];
      expect(answers.map((a) => a.status)).toEqual([403, 403, 403, 403, 403]);
    }
    expect((await orderRow(orderId)).status).toBe('cart');
  });

  it('needs an Idempotency-Key and a finished checkout', async () => {
    const patient = await newPatient();
    const opened = await openPhoneOrder(patient.id);
    const orderId = opened.body.Data.id as string;
    const noKey = await call(t.url, 'POST', '/api/order/PhoneOrder', {
      token: agentToken,
      json: { orderId, payment: { kind: 'payment-link', channel: 'email' } },
    });
    expect(noKey.status).toBe(400);

    const badCard = await placeOrder({
      orderId,
      payment: { kind: 'card', ...phoneCard('4242 4242 42x2 4242') },
    });
    expect(badCard.status).toBe(400);
    expect(badCard.body.Message).toBe('Your card number is incorrect.');
    expect(badCard.body.errors).toEqual({ payment: 'cardNumberError' });
    expect((await placeOrder({ orderId, payment: { kind: 'cash' } })).status).toBe(400);

    await setItems(orderId, [{ sku: 'OTC-EYE-DROPS', qty: 1 }]);
    const early = await placeOrder({
      orderId,
      payment: { kind: 'payment-link', channel: 'email' },
    });
    expect(early.status).toBe(409);
    expect(early.body.Message).toBe('Please complete the Shipping step before paying.');
    expect((await orderRow(orderId)).status).toBe('cart');
  });
});

describe('a payment link', () => {
  it('is sent by email, shows the order, survives a decline and works once', async () => {
    const patient = await newPatient();
    const { orderId, totalCents } = await readyOtcOrder(patient.id);
    const linkKey = randomUUID();
    const linkBody = { orderId, payment: { kind: 'payment-link', channel: 'email' } };
    const sent = await placeOrder(linkBody, linkKey);
    expect(sent.status).toBe(200);
    expect(sent.body.Data).toMatchObject({
      outcome: 'link-sent',
      orderId,
      status: 'awaiting-payment',
      channel: 'email',
      linkSentTo: 'p***@example.test',
    });
    // A double click sends nothing more.
    expect((await placeOrder(linkBody, linkKey)).body).toEqual(sent.body);
    expect((await orderRow(orderId)).status).toBe('awaiting-payment');

    const mails = (await outboxOf(patient.email)).filter((m) => m.body.includes('/pay/'));
    expect(mails).toHaveLength(1);
    const token = linkTokenIn(mails[0]?.body ?? '');
    const [link] = await t.database.db
      .select()
      .from(paymentLinks)
      .where(eq(paymentLinks.orderId, orderId));
    expect(link?.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(link)).not.toContain(token);

    const shown = await call(t.url, 'GET', `/api/payment/links/${token}`);
    expect(shown.status).toBe(200);
    expect(shown.body.Data.totals.totalCents).toBe(totalCents);
    expect(shown.body.Data.items).toMatchObject([{ qty: 1 }]);
    expect(shown.body.Data.storefrontName).toEqual(expect.any(String));
    expect(JSON.stringify(shown.body)).not.toContain(patient.email);

    const pay = (cardNumber: string) =>
      call(t.url, 'POST', `/api/payment/links/${token}/pay`, {
        headers: { 'idempotency-key': randomUUID() },
        json: { card: phoneCard(cardNumber) },
      });

    const declined = await pay(sandboxTestCards.declined);
    expect(declined.status).toBe(402);
    expect(declined.body.Message).toBe(messages.cardDeclined);
    expect((await orderRow(orderId)).status).toBe('awaiting-payment');
    expect((await call(t.url, 'GET', `/api/payment/links/${token}`)).status).toBe(200);

    const paid = await pay(sandboxTestCards.success);
    expect(paid.status).toBe(200);
    expect(paid.body.Data).toMatchObject({ status: 'approved', amountCents: totalCents });
    const row = await orderRow(orderId);
    expect(row).toMatchObject({ status: 'approved', placedByAgentId: agent.id });
    const [used] = await t.database.db
      .select()
      .from(paymentLinks)
      .where(eq(paymentLinks.orderId, orderId));
    expect(used?.usedAt).not.toBeNull();
    expect(await succeededPayments(orderId)).toHaveLength(1);
    expect(
      (await outboxOf(patient.email)).some((m) => m.subject.startsWith('Your receipt for order')),
    ).toBe(true);

    // The link holder learns why it no longer works: it was used.
    const second = await pay(sandboxTestCards.success);
    expect(second.status).toBe(410);
    expect(second.body.Message).toBe(messages.paymentLinkUsed);
    const again = await call(t.url, 'GET', `/api/payment/links/${token}`);
    expect(again.status).toBe(410);
    expect(again.body.Message).toBe(messages.paymentLinkUsed);
    expect(cardNumberLikeRuns(await cardDataDump(t))).toEqual([]);
  });

  it('keeps the visit time held while it can be paid, and books it when paid', async () => {
    const patient = await newPatient();
    const opened = await openPhoneOrder(patient.id);
    const orderId = opened.body.Data.id as string;
    await setItems(orderId, [{ sku: 'RX-VALACYCLOVIR', qty: 1 }]);
    const { slotId, totalCents } = await completeConsultCheckout(orderId);

    const sent = await placeOrder({ orderId, payment: { kind: 'payment-link', channel: 'email' } });
    expect(sent.status).toBe(200);
    expect(sent.body.Data.totals.totalCents).toBe(totalCents);
    const [held] = await t.database.db.select().from(doctorSlots).where(eq(doctorSlots.id, slotId));
    expect(held?.heldByOrderId).toBe(orderId);
    // Held past the checkout's usual 15 minutes: until the link expires or the visit starts.
    const expected = Math.min(Date.parse(sent.body.Data.expiresAt), held?.startsAt.getTime() ?? 0);
    expect(held?.heldUntil?.getTime()).toBe(expected);

    const token = linkTokenIn(
      (await outboxOf(patient.email)).find((m) => m.body.includes('/pay/'))?.body ?? '',
    );
    const paid = await call(t.url, 'POST', `/api/payment/links/${token}/pay`, {
      headers: { 'idempotency-key': randomUUID() },
      json: { card: phoneCard() },
    });
    expect(paid.status).toBe(200);
    expect(paid.body.Data).toMatchObject({ status: 'in-review', amountCents: totalCents });
    const [booked] = await t.database.db
      .select()
      .from(doctorSlots)
      .where(eq(doctorSlots.id, slotId));
    expect(booked?.bookedByOrderId).toBe(orderId);
  });

  it('is sent by SMS to the patient phone', async () => {
    const patient = await newPatient('5035550123');
    const { orderId } = await readyOtcOrder(patient.id);
    const sent = await placeOrder({ orderId, payment: { kind: 'payment-link', channel: 'sms' } });
    expect(sent.status).toBe(200);
    expect(sent.body.Data.linkSentTo).toBe('***-***-0123');
    const texts = await outboxOf('5035550123');
    expect(texts[0]?.channel).toBe('sms');
    const token = linkTokenIn(texts[0]?.body ?? '');
    expect((await call(t.url, 'GET', `/api/payment/links/${token}`)).status).toBe(200);

    const noPhone = await newPatient(null);
    const other = await readyOtcOrder(noPhone.id);
    const refused = await placeOrder({
      orderId: other.orderId,
      payment: { kind: 'payment-link', channel: 'sms' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.Message).toBe(messages.patientHasNoPhone);
  });

  it('says it expired once expired; a wrong token is not found', async () => {
    const patient = await newPatient();
    const { orderId } = await readyOtcOrder(patient.id);
    await placeOrder({ orderId, payment: { kind: 'payment-link', channel: 'email' } });
    const token = linkTokenIn(
      (await outboxOf(patient.email)).find((m) => m.body.includes('/pay/'))?.body ?? '',
    );
    await t.database.db
      .update(paymentLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(paymentLinks.orderId, orderId));

    const shown = await call(t.url, 'GET', `/api/payment/links/${token}`);
    expect(shown.status).toBe(410);
    expect(shown.body.Message).toBe(messages.paymentLinkExpired);
    const paid = await call(t.url, 'POST', `/api/payment/links/${token}/pay`, {
      headers: { 'idempotency-key': randomUUID() },
      json: { card: phoneCard() },
    });
    expect(paid.status).toBe(410);
    expect((await orderRow(orderId)).status).toBe('awaiting-payment');

    for (const wrong of ['x', `${token}x`, 'A'.repeat(43), "'; drop table orders; --"]) {
      const res = await call(t.url, 'GET', `/api/payment/links/${encodeURIComponent(wrong)}`);
      expect(res.status).toBe(404);
      expect(res.body.Message).toBe(messages.paymentLinkInvalid);
    }
  });
});
