import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { orders, payments, sandboxCharges } from '../../server/db/schema/orders';
import { outbox } from '../../server/db/schema/platform';
import type { PaymentGateway } from '../../server/integrations/payments/payment-gateway';
import { sandboxTestCards } from '../../server/integrations/payments/sandbox-gateway';
import { settleAbandonedPayments } from '../../server/jobs/payment-recovery';
import { requestHashOf } from '../../server/modules/payments/idempotency';
import { messages } from '../../shared/errors/messages';
import { call } from './helpers/http';
import { payableOrder } from './helpers/payable-order';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createUser, tokenFor } from './helpers/users';

let t: TestApp;
let realCharge: PaymentGateway['charge'];
beforeAll(async () => {
  t = await startTestApp();
  realCharge = t.payments.charge;
});
afterEach(() => {
  t.payments.charge = realCharge;
});
afterAll(async () => {
  await t.close();
});

const nextYear = new Date().getFullYear() + 1;
const card = { cardNumber: sandboxTestCards.success, expMonth: 12, expYear: nextYear, cvc: '123' };

async function patientWithOrder() {
  const user = await createUser(t, { email: `recover-${randomUUID()}@example.test` });
  const token = await tokenFor(t, user.email, user.password);
  const order = await payableOrder(t, user.id);
  return { user, token, order };
}

function payNow(token: string, orderId: string, key: string) {
  return call(t.url, 'POST', '/api/payment/PayNow', {
    token,
    json: { orderId, card },
    headers: { 'idempotency-key': key },
  });
}

async function paymentsOf(orderId: string) {
  return t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
}

async function chargesOf(orderId: string) {
  return t.database.db
    .select({ chargeId: sandboxCharges.chargeId })
    .from(sandboxCharges)
    .innerJoin(payments, eq(payments.gatewayKey, sandboxCharges.idempotencyKey))
    .where(eq(payments.orderId, orderId));
}

async function receiptsTo(email: string) {
  return t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, email), eq(outbox.channel, 'email')));
}

/** The gateway takes the money, then the connection to it drops before the answer. */
function answerLostAfterCharging() {
  t.payments.charge = async (request) => {
    await realCharge(request);
    throw new Error('connection reset by the gateway');
  };
}

describe('a payment whose outcome was not known', () => {
  it('answers 503, keeps the key usable, and the retry finds the charge instead of charging again', async () => {
    const { user, token, order } = await patientWithOrder();
    const key = randomUUID();
    answerLostAfterCharging();
    const lost = await payNow(token, order.id, key);
    expect(lost.status).toBe(503);
    expect(lost.body.Message).toBe(messages.paymentNotConfirmed);
    expect((await paymentsOf(order.id)).map((p) => p.status)).toEqual(['pending']);
    expect(await chargesOf(order.id)).toHaveLength(1);

    t.payments.charge = realCharge;
    const retry = await payNow(token, order.id, key);
    expect(retry.status).toBe(200);
    expect(retry.body.Data.orderNumber).toMatch(/^SF-/);
    expect(await chargesOf(order.id)).toHaveLength(1);
    const [payment] = await paymentsOf(order.id);
    expect(payment).toMatchObject({ status: 'succeeded', leaseUntil: null });
    expect(payment?.gatewayChargeId).toBe((await chargesOf(order.id))[0]?.chargeId);
    expect(await receiptsTo(user.email)).toHaveLength(1);

    // A third try with the key answers the same, and a new key finds the order paid.
    const again = await payNow(token, order.id, key);
    expect(again.status).toBe(200);
    expect(again.body.Data.paymentId).toBe(retry.body.Data.paymentId);
    expect((await payNow(token, order.id, randomUUID())).status).toBe(409);
    expect(await chargesOf(order.id)).toHaveLength(1);
  });

  it('charges with the same gateway key when the first call never reached the gateway', async () => {
    const { token, order } = await patientWithOrder();
    const key = randomUUID();
    t.payments.charge = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    expect((await payNow(token, order.id, key)).status).toBe(503);
    expect(await chargesOf(order.id)).toHaveLength(0);
    t.payments.charge = realCharge;
    expect((await payNow(token, order.id, key)).status).toBe(200);
    const [payment] = await paymentsOf(order.id);
    expect(payment?.status).toBe('succeeded');
    expect(await chargesOf(order.id)).toHaveLength(1);
  });

  it('refuses another payment of the order while one is on its way (409), then settles it from the gateway', async () => {
    const { token, order } = await patientWithOrder();
    answerLostAfterCharging();
    expect((await payNow(token, order.id, randomUUID())).status).toBe(503);
    t.payments.charge = realCharge;
    // The lease was given up with the 503: a new key settles the first payment (charged), and
    // the order it finds paid is refused as such, with no second charge.
    const other = await payNow(token, order.id, randomUUID());
    expect(other.status).toBe(409);
    expect(other.body.Message).toBe(messages.orderAlreadyPaid);
    expect(await chargesOf(order.id)).toHaveLength(1);
    expect((await paymentsOf(order.id)).map((p) => p.status)).toEqual(['succeeded']);

    // A payment whose process still holds it is not touched.
    const second = await patientWithOrder();
    await t.database.db.insert(payments).values({
      orderId: second.order.id,
      amountCents: 100,
      status: 'pending',
      gateway: 'sandbox',
      gatewayKey: `payment:${randomUUID()}`,
      leaseUntil: new Date(Date.now() + 60_000),
    });
    const busy = await payNow(second.token, second.order.id, randomUUID());
    expect(busy.status).toBe(409);
    expect(busy.body.Message).toBe(messages.paymentInProgress);
  });

  it('is settled by the recovery job when nobody comes back: charged means paid, with a receipt', async () => {
    const { user, token, order } = await patientWithOrder();
    answerLostAfterCharging();
    expect((await payNow(token, order.id, randomUUID())).status).toBe(503);
    t.payments.charge = realCharge;

    // Too recent for the job, which leaves it to the client's retry.
    expect(await settleAbandonedPayments(t.deps)).toBe(0);
    const later = new Date(Date.now() + 2 * 60_000);
    expect(await settleAbandonedPayments(t.deps, undefined, later)).toBe(1);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.paidAt).not.toBeNull();
    expect((await paymentsOf(order.id)).map((p) => p.status)).toEqual(['succeeded']);
    expect(await chargesOf(order.id)).toHaveLength(1);
    expect(await receiptsTo(user.email)).toHaveLength(1);
    // Nothing left to settle.
    expect(await settleAbandonedPayments(t.deps, undefined, later)).toBe(0);
  });
});

describe('request fingerprints', () => {
  it('leave the card number (but its last 4) and the CVC out, under the server-only secret', () => {
    const secret = loadConfig({ NODE_ENV: 'test', STOREFRONT_DEV_MODE: 'true' }).serverSecret;
    const body = (cardNumber: string, cvc: string) => ({
      orderId: 'o',
      card: { cardNumber, cvc, expMonth: 1, expYear: 2030 },
    });
    const a = requestHashOf(secret, body('4242424242424242', '123'));
    expect(requestHashOf(secret, body('4000056655664242', '999'))).toBe(a);
    expect(requestHashOf(secret, body('4000000000000002', '123'))).not.toBe(a);
    expect(requestHashOf(`${secret}-other`, body('4242424242424242', '123'))).not.toBe(a);
  });
});

describe('the gateway in production', () => {
  it('refuses to start on the sandbox, and needs its own server secret', () => {
    const production = {
      NODE_ENV: 'production',
      API_KEY: 'k'.repeat(32),
      GUEST_CLIENT_ID: 'web',
      GUEST_CLIENT_SECRET: 's'.repeat(32),
    };
    expect(() => loadConfig(production)).toThrow(/SERVER_SECRET: required/);
    expect(() => loadConfig({ ...production, SERVER_SECRET: 'x'.repeat(40) })).toThrow(
      /PAYMENT_GATEWAY: the sandbox approves any valid card number/,
    );
  });
});
