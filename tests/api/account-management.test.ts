import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, autoRefills } from '../../server/db/schema/orders';
import { auditLog } from '../../server/db/schema/platform';
import { runDueRefills } from '../../server/jobs/auto-refill-runner';
import { messages } from '../../shared/errors/messages';
import { productBySku } from './helpers/catalog';
import { call } from './helpers/http';
import { placedOrder, savedCard, testAddress } from './helpers/placed-orders';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createUser, demo, tokenFor } from './helpers/users';

/**
 * What the account screens of issue 14 call beyond the spec's endpoints: pausing a refill,
 * its card, removing a card a refill pays with, saved addresses (remove, default), signing
 * out of other devices, and consents accepted with their version.
 */
let t: TestApp;
let agentToken: string;
beforeAll(async () => {
  t = await startTestApp();
  agentToken = await tokenFor(t, demo.agent.email, demo.agent.password);
});
afterAll(async () => {
  await t.close();
});

const post = (token: string, path: string, json: unknown) =>
  call(t.url, 'POST', path, { token, json });

/** A patient with a saved card, a saved address and an active refill of a paid order. */
async function patientWithRefill() {
  const user = await createUser(t, { email: `account-${randomUUID()}@example.test` });
  const token = await tokenFor(t, user.email, user.password);
  const card = await savedCard(t, user.id);
  const [address] = await t.database.db
    .insert(addresses)
    .values({ userId: user.id, ...testAddress })
    .returning();
  const order = await placedOrder(t, user.id, {
    items: [{ sku: 'RX-LATANOPROST', qty: 1 }],
    status: 'in-review',
    paidAt: new Date(),
    cardId: card.id,
  });
  const product = await productBySku(t, 'RX-LATANOPROST');
  const activated = await post(token, '/api/order/ActivateAutoRefillForProduct', {
    orderId: order.id,
    productId: product.id,
    addressId: address?.id,
  });
  expect(activated.status).toBe(200);
  return { user, token, card, address, refillId: activated.body.Data.autoRefillId as string };
}

describe('auto-refill pause and card', () => {
  it('pauses and resumes; the job skips a paused refill; an agent doing it is audited', async () => {
    const p = await patientWithRefill();
    const paused = await post(p.token, '/api/payment/PauseAutoRefill', {
      autoRefillId: p.refillId,
      paused: true,
    });
    expect(paused.status).toBe(200);
    expect(paused.body.Data.pausedAt).toEqual(expect.any(String));
    await t.database.db
      .update(autoRefills)
      .set({ nextRunAt: new Date(Date.now() - 60_000) })
      .where(eq(autoRefills.id, p.refillId));
    const summary = await runDueRefills(t.deps);
    expect(summary.runs.map((run) => run.autoRefillId)).not.toContain(p.refillId);

    // An agent resumes it for the caller: a day from now, not at once; written to the audit.
    const resumed = await post(agentToken, '/api/payment/PauseAutoRefill', {
      autoRefillId: p.refillId,
      paused: false,
    });
    expect(resumed.status).toBe(200);
    expect(resumed.body.Data.pausedAt).toBeNull();
    expect(Date.parse(resumed.body.Data.nextRunAt)).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'auto-refill.resumed'),
          eq(auditLog.subject, `auto-refill:${p.refillId}`),
        ),
      );
    expect(audit).toHaveLength(1);
    // Another patient cannot touch it.
    const other = await patientWithRefill();
    expect(
      (
        await post(other.token, '/api/payment/PauseAutoRefill', {
          autoRefillId: p.refillId,
          paused: true,
        })
      ).status,
    ).toBe(404);
  });

  it('changes the card of a refill, by ship settings or by AddNewOrSwitchCard', async () => {
    const p = await patientWithRefill();
    const second = await savedCard(t, p.user.id, { isDefault: false, last4: '1111' });
    const viaSettings = await post(p.token, '/api/payment/UpdateShipSettings', {
      autoRefillId: p.refillId,
      cardId: second.id,
      intervalDays: 60,
    });
    expect(viaSettings.body.Data).toMatchObject({ intervalDays: 60, card: { cardId: second.id } });
    const switched = await post(p.token, '/api/payment/AddNewOrSwitchCard', {
      autoRefillId: p.refillId,
      card: { cardNumber: '4242424242424242', expMonth: 12, expYear: 2031, cvc: '123' },
    });
    expect(switched.status).toBe(200);
    const [refill] = await t.database.db
      .select()
      .from(autoRefills)
      .where(eq(autoRefills.id, p.refillId));
    expect(refill?.cardId).toBe(switched.body.Data.id);
    // The account's current card did not change.
    const cards = await call(t.url, 'GET', '/api/payment/PaymentMethods', { token: p.token });
    expect(cards.body.Data.find((c: { isDefault: boolean }) => c.isDefault).id).toBe(p.card.id);
  });

  it('removes a card a refill pays with only with the card to use instead', async () => {
    const p = await patientWithRefill();
    const refused = await post(p.token, '/api/payment/RemoveCard', { cardId: p.card.id });
    expect(refused.status).toBe(409);
    expect(refused.body.Message).toBe(messages.cardUsedByRefill);
    expect(refused.body.errors).toEqual({ replacementCardId: 'required' });
    const sameCard = await post(p.token, '/api/payment/RemoveCard', {
      cardId: p.card.id,
      replacementCardId: p.card.id,
    });
    expect(sameCard.status).toBe(400);
    const other = await savedCard(t, p.user.id, { isDefault: false, last4: '5555' });
    const removed = await post(p.token, '/api/payment/RemoveCard', {
      cardId: p.card.id,
      replacementCardId: other.id,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.Data.map((c: { id: string }) => c.id)).toEqual([other.id]);
    const [refill] = await t.database.db
      .select()
      .from(autoRefills)
      .where(eq(autoRefills.id, p.refillId));
    expect(refill?.cardId).toBe(other.id);
  });
});

describe('saved addresses', () => {
  it('makes one the default, and removes one no refill ships to', async () => {
    const p = await patientWithRefill();
    const [spare] = await t.database.db
      .insert(addresses)
      .values({ userId: p.user.id, ...testAddress, line1: '9 Spare Rd' })
      .returning();
    const defaulted = await post(p.token, '/api/order/SetDefaultAddress', { addressId: spare?.id });
    expect(defaulted.status).toBe(200);
    expect(defaulted.body.Data.filter((a: { isDefault: boolean }) => a.isDefault)).toMatchObject([
      { id: spare?.id },
    ]);
    await post(p.token, '/api/order/SetDefaultAddress', { addressId: p.address?.id });
    const listed = await call(t.url, 'GET', '/api/order/GetSavedAddresses', { token: p.token });
    expect(listed.body.Data.filter((a: { isDefault: boolean }) => a.isDefault)).toMatchObject([
      { id: p.address?.id },
    ]);

    const inUse = await post(p.token, '/api/order/RemoveSavedAddress', {
      addressId: p.address?.id,
    });
    expect(inUse.status).toBe(409);
    expect(inUse.body.Message).toBe(messages.addressUsedByRefill);
    const removed = await post(p.token, '/api/order/RemoveSavedAddress', { addressId: spare?.id });
    expect(removed.body.Data.map((a: { id: string }) => a.id)).toEqual([p.address?.id]);
    // Someone else's address is not found.
    const other = await patientWithRefill();
    expect(
      (await post(other.token, '/api/order/RemoveSavedAddress', { addressId: p.address?.id }))
        .status,
    ).toBe(404);
  });
});

describe('sessions and consents', () => {
  it('signs out of every other device, keeping this one', async () => {
    const user = await createUser(t);
    const here = await tokenFor(t, user.email, user.password);
    const phone = await tokenFor(t, user.email, user.password);
    const laptop = await tokenFor(t, user.email, user.password);
    const res = await post(here, '/api/user/User/SignOutOtherDevices', {});
    expect(res.body.Data).toEqual({ signedOut: 2 });
    for (const token of [phone, laptop]) {
      expect((await call(t.url, 'GET', '/api/user/User/UserInfo', { token })).status).toBe(401);
    }
    expect((await call(t.url, 'GET', '/api/user/User/UserInfo', { token: here })).status).toBe(200);
  });

  it('keeps which consent version was accepted and when; a stale version is refused', async () => {
    const user = await createUser(t);
    const token = await tokenFor(t, user.email, user.password);
    const consents = await call(t.url, 'POST', '/api/config/v1/consents', {
      apiKey: t.config.apiKey,
      json: { StorefrontId: 132 },
    });
    const required = consents.body.Data.filter((c: { required: boolean }) => c.required);
    const accepted = await post(token, '/api/config/v1/consents/accept', {
      StorefrontId: 132,
      consents: required.map((c: { id: string; version: number }) => ({
        consentId: c.id,
        version: c.version,
      })),
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.Data).toHaveLength(required.length);
    const read = await call(t.url, 'GET', '/api/config/v1/consents/accepted?storefrontId=132', {
      token,
    });
    expect(read.body.Data.map((c: { consentId: string }) => c.consentId).sort()).toEqual(
      required.map((c: { id: string }) => c.id).sort(),
    );
    const stale = await post(token, '/api/config/v1/consents/accept', {
      StorefrontId: 132,
      consents: [{ consentId: required[0].id, version: required[0].version + 1 }],
    });
    expect(stale.status).toBe(409);
    expect(stale.body.Message).toBe(messages.consentChanged);
  });
});
