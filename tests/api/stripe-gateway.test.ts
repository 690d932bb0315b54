import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeSettings } from '../../server/config';
import { users } from '../../server/db/schema/identity';
import { cards, gatewayEvents, orders, outbox, payments } from '../../server/db/schema/index';
import { createStripeGateway } from '../../server/integrations/payments/stripe-gateway';
import { gatewayWebhookPath } from '../../server/modules/payments/gateway-routes';
import { reservePayment } from '../../server/modules/payments/pending-payments';
import { messages } from '../../shared/errors/messages';
import { type LocalStripe, startLocalStripe } from '../support/local-stripe';
import { call } from './helpers/http';
import { payableOrder } from './helpers/payable-order';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createUser, demo, tokenFor } from './helpers/users';

const webhookSecret = 'whsec_localtestsecret0123456789';
let stripe: LocalStripe;
let settings: StripeSettings;
let t: TestApp;

beforeAll(async () => {
  stripe = await startLocalStripe();
  settings = {
    secretKey: 'sk_test_localstripe0123456789',
    publishableKey: 'pk_test_localstripe0123456789',
    webhookSecret,
    apiUrl: stripe.url,
  };
  t = await startTestApp({ paymentGateway: 'stripe', stripe: settings });
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

async function patient() {
  const user = await createUser(t, { email: `stripe-${randomUUID()}@example.test` });
  return { user, token: await tokenFor(t, user.email, user.password) };
}

const payNow = (token: string, json: unknown, key = randomUUID()) =>
  call(t.url, 'POST', '/api/payment/PayNow', { token, json, headers: { 'idempotency-key': key } });

describe('the Stripe adapter against a local Stripe API', () => {
  const gateway = () => createStripeGateway(settings);

  it('reads a card from its PaymentMethod and refuses typed card details', async () => {
    expect(await gateway().cardOfToken('pm_card_amex')).toEqual({
      ok: true,
      card: {
        token: 'pm_card_amex',
        brand: 'american-express',
        last4: '8431',
        expMonth: 12,
        expYear: 2034,
      },
    });
    expect(await gateway().cardOfToken('pm_card_unknown')).toMatchObject({ ok: false });
    expect(await gateway().cardOfToken('4242424242424242')).toMatchObject({ ok: false });
    const typed = await gateway().tokenizeCard({
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2034,
      cvc: '123',
    });
    expect(typed).toMatchObject({ ok: false, message: messages.cardNeedsGatewayFields });
  });

  it('charges once per key, finds the charge by its key, and says why a card is declined', async () => {
    const key = `payment:${randomUUID()}`;
    const request = {
      token: 'pm_card_visa',
      channel: 'online' as const,
      amountCents: 1234,
      idempotencyKey: key,
      description: 'test',
    };
    const first = await gateway().charge(request);
    const again = await gateway().charge(request);
    expect(first.ok).toBe(true);
    expect(again).toEqual(first);
    expect(
      stripe.intents.filter((i) => i.metadata.storefront_idempotency_key === key),
    ).toHaveLength(1);
    expect(await gateway().findCharge(key)).toEqual(first);
    expect(await gateway().findCharge(`payment:${randomUUID()}`)).toBeNull();

    const declined = await gateway().charge({
      ...request,
      token: 'pm_card_chargeDeclinedInsufficientFunds',
      idempotencyKey: `payment:${randomUUID()}`,
    });
    expect(declined).toEqual({
      ok: false,
      declineCode: 'insufficient_funds',
      message: messages.cardInsufficientFunds,
    });
  });

  it('gets the answer of a charge whose first answer was lost, without charging twice', async () => {
    const key = `payment:${randomUUID()}`;
    stripe.dropNextIntentAnswer();
    const result = await gateway().charge({
      token: 'pm_card_visa',
      channel: 'online',
      amountCents: 500,
      idempotencyKey: key,
      description: 'test',
    });
    expect(result.ok).toBe(true);
    expect(
      stripe.intents.filter((i) => i.metadata.storefront_idempotency_key === key),
    ).toHaveLength(1);
  });

  it('marks a card typed by an agent as MOTO and a job charge as off-session', async () => {
    const base = { token: 'pm_card_visa', amountCents: 700, description: 'test' };
    const phoneKey = `payment:${randomUUID()}`;
    const jobKey = `payment:${randomUUID()}`;
    await gateway().charge({ ...base, channel: 'phone', idempotencyKey: phoneKey });
    await gateway().charge({ ...base, channel: 'off-session', idempotencyKey: jobKey });
    const intent = (key: string) =>
      stripe.intents.find((i) => i.metadata.storefront_idempotency_key === key);
    expect(intent(phoneKey)).toMatchObject({ moto: true, offSession: false });
    expect(intent(jobKey)).toMatchObject({ moto: false, offSession: true });
  });

  it('refunds once per key', async () => {
    const charge = await gateway().charge({
      token: 'pm_card_visa',
      channel: 'online',
      amountCents: 900,
      idempotencyKey: `payment:${randomUUID()}`,
      description: 'test',
    });
    if (!charge.ok || !charge.chargeId) throw new Error('not charged');
    const refund = { chargeId: charge.chargeId, amountCents: 900, idempotencyKey: randomUUID() };
    const first = await gateway().refund(refund);
    expect(first.ok).toBe(true);
    expect(await gateway().refund(refund)).toEqual(first);
    expect(stripe.refunds.filter((r) => r.paymentIntent === charge.chargeId)).toHaveLength(1);
  });
});

describe('the app on Stripe', () => {
  it('tells the apps to show Stripe’s card fields, and has no sandbox tokens endpoint', async () => {
    const fields = await call(t.url, 'GET', '/api/payment/CardFields');
    expect(fields.body.Data).toEqual({
      gateway: 'stripe',
      publishableKey: settings.publishableKey,
    });
    const sandbox = await call(t.url, 'POST', '/sandbox-gateway/v1/tokens', {
      json: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
    });
    expect(sandbox.status).toBe(404);
  });

  it('pays with a PaymentMethod and refuses a card number', async () => {
    const { user, token } = await patient();
    const order = await payableOrder(t, user.id);
    const typed = await payNow(token, {
      orderId: order.id,
      card: { cardNumber: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
    });
    expect(typed.status).toBe(400);
    expect(typed.body.Message).toBe(messages.cardNeedsGatewayFields);

    const paid = await payNow(token, { orderId: order.id, card: { paymentToken: 'pm_card_visa' } });
    expect(paid.status).toBe(200);
    expect(paid.body.Data.card).toEqual({ brand: 'visa', last4: '4242' });
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, order.id));
    const intent = stripe.intents.find((i) => i.id === payment?.gatewayChargeId);
    expect(intent).toMatchObject({ amount: payment?.amountCents, customer: null });
  });

  it('keeps a saved card as the patient’s Customer’s PaymentMethod and charges it with the Customer', async () => {
    const { user, token } = await patient();
    const added = await call(t.url, 'POST', '/api/payment/AddCard', {
      token,
      json: { paymentToken: 'pm_card_amex', holderName: 'Pat Doe' },
    });
    expect(added.status).toBe(200);
    expect(added.body.Data).toMatchObject({ brand: 'american-express', last4: '8431' });
    const [owner] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(owner?.gatewayCustomerId).toMatch(/^cus_/);
    const [card] = await t.database.db.select().from(cards).where(eq(cards.userId, user.id));
    expect(card?.gatewayToken).toBe(`${owner?.gatewayCustomerId}:pm_card_amex`);

    const order = await payableOrder(t, user.id);
    const paid = await payNow(token, { orderId: order.id, cardId: added.body.Data.id });
    expect(paid.status).toBe(200);
    const intent = stripe.intents.at(-1);
    expect(intent).toMatchObject({
      paymentMethod: 'pm_card_amex',
      customer: owner?.gatewayCustomerId,
    });
    expect(stripe.customers.filter((c) => c.id === owner?.gatewayCustomerId)).toHaveLength(1);
  });

  it('refunds from the console through Stripe, once', async () => {
    const { user, token } = await patient();
    const order = await payableOrder(t, user.id);
    const paid = await payNow(token, { orderId: order.id, card: { paymentToken: 'pm_card_visa' } });
    expect(paid.status).toBe(200);
    const admin = await tokenFor(t, demo.admin.email, demo.admin.password);
    const key = randomUUID();
    const refund = () =>
      call(t.url, 'POST', `/api/staff/orders/${order.id}/refund`, {
        token: admin,
        json: { reason: 'Patient asked' },
        headers: { 'idempotency-key': key },
      });
    expect((await refund()).status).toBe(200);
    expect((await refund()).status).toBe(200);
    const chargeId = paid.body.Data.paymentId
      ? (
          await t.database.db
            .select()
            .from(payments)
            .where(eq(payments.id, paid.body.Data.paymentId))
        )[0]?.gatewayChargeId
      : null;
    expect(stripe.refunds.filter((r) => r.paymentIntent === chargeId)).toEqual([
      expect.objectContaining({ amount: paid.body.Data.amountCents }),
    ]);
  });
});

describe('Stripe webhooks', () => {
  const signer = new Stripe(settings?.secretKey ?? 'sk_test_signer000000');

  function succeededEvent(idempotencyKey: string, chargeId: string, amount: number) {
    return JSON.stringify({
      id: `evt_${randomUUID().replace(/-/g, '')}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: {
        object: {
          id: chargeId,
          object: 'payment_intent',
          amount,
          amount_received: amount,
          status: 'succeeded',
          metadata: { storefront_idempotency_key: idempotencyKey },
        },
      },
    });
  }

  const post = (payload: string, secret = webhookSecret) =>
    call(t.url, 'POST', gatewayWebhookPath, {
      raw: { body: payload, contentType: 'application/json' },
      headers: {
        'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }),
      },
    });

  /** A payment the database left pending (its process died after Stripe charged). */
  async function chargedButNotRecorded() {
    const { user } = await patient();
    const order = await payableOrder(t, user.id);
    const actor = {
      kind: 'user' as const,
      apiKey: false,
      tokenId: randomUUID(),
      userId: user.id,
      role: 'patient' as const,
      email: user.email,
    };
    const card = await t.deps.payments.cardOfToken('pm_card_visa');
    if (!card.ok) throw new Error('no card');
    const pending = await reservePayment(
      t.deps,
      { orderId: order.id, actor, requestKey: `test:${randomUUID()}` },
      { ...card.card, cardId: null, save: false, holderName: null },
    );
    const charge = await t.deps.payments.charge({
      token: 'pm_card_visa',
      channel: 'online',
      amountCents: pending.amountCents,
      idempotencyKey: pending.gatewayKey ?? '',
      description: 'test',
    });
    if (!charge.ok || !charge.chargeId) throw new Error('not charged');
    await t.database.db
      .update(payments)
      .set({ leaseUntil: new Date(0) })
      .where(eq(payments.id, pending.id));
    return { user, order, pending, chargeId: charge.chargeId };
  }

  it('refuses a forged signature and changes nothing', async () => {
    const { order, pending, chargeId } = await chargedButNotRecorded();
    const payload = succeededEvent(pending.gatewayKey ?? '', chargeId, pending.amountCents);
    const forged = await post(payload, 'whsec_notthesecret0123456789');
    expect(forged.status).toBe(400);
    const unsigned = await call(t.url, 'POST', gatewayWebhookPath, {
      raw: { body: payload, contentType: 'application/json' },
    });
    expect(unsigned.status).toBe(400);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe(order.status);
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, pending.id));
    expect(payment?.status).toBe('pending');
  });

  it('records a charge the database missed, once, with its receipt', async () => {
    const { user, order, pending, chargeId } = await chargedButNotRecorded();
    const payload = succeededEvent(pending.gatewayKey ?? '', chargeId, pending.amountCents);
    const first = await post(payload);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ received: true, duplicate: false });
    const replay = await post(payload);
    expect(replay.body).toEqual({ received: true, duplicate: true });

    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(['in-review', 'approved']).toContain(row?.status);
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, pending.id));
    expect(payment).toMatchObject({ status: 'succeeded', gatewayChargeId: chargeId });
    const receipts = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, user.email));
    expect(receipts).toHaveLength(1);
    const events = await t.database.db.select().from(gatewayEvents);
    expect(events.filter((e) => e.id === JSON.parse(payload).id)).toHaveLength(1);
  });

  it('refunds a charge whose payment our books have as failed', async () => {
    const { pending, chargeId } = await chargedButNotRecorded();
    await t.database.db
      .update(payments)
      .set({ status: 'failed', leaseUntil: null })
      .where(eq(payments.id, pending.id));
    const answer = await post(
      succeededEvent(pending.gatewayKey ?? '', chargeId, pending.amountCents),
    );
    expect(answer.status).toBe(200);
    expect(stripe.refunds.filter((r) => r.paymentIntent === chargeId)).toEqual([
      expect.objectContaining({ amount: pending.amountCents }),
    ]);
  });

  it('answers other events and charges that are not ours without doing anything', async () => {
    const other = JSON.stringify({
      id: `evt_${randomUUID().replace(/-/g, '')}`,
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_x', object: 'customer' } },
    });
    expect((await post(other)).body).toEqual({ received: true, duplicate: false });
    const foreign = succeededEvent('someone-else:123', 'pi_foreign', 100);
    expect((await post(foreign)).status).toBe(200);
    expect(stripe.refunds.filter((r) => r.paymentIntent === 'pi_foreign')).toHaveLength(0);
  });
});
