import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards } from '../../server/db/schema/orders';
import { sandboxTestCards } from '../../server/integrations/payments/sandbox-gateway';
import { cardNumberLikeRuns } from './helpers/card-number-scan';
import { call } from './helpers/http';
import { cardDataDump } from './helpers/payable-order';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createUser, demo, guestToken, tokenFor } from './helpers/users';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const paths = {
  addCard: '/api/payment/AddCard',
  paymentMethods: '/api/payment/PaymentMethods',
  allPaymentMethods: '/api/payment/AllPaymentMethods',
  updateCard: '/api/payment/UpdateCard',
  updateCurrentCard: '/api/payment/UpdateCurrentCard',
  removeCard: '/api/payment/RemoveCard',
  addNewOrSwitchCard: '/api/payment/AddNewOrSwitchCard',
};

const nextYear = new Date().getFullYear() + 1;
const lastYear = new Date().getFullYear() - 1;

function visa(overrides: Record<string, unknown> = {}) {
  return {
    cardNumber: '4242 4242 4242 4242',
    expMonth: 12,
    expYear: nextYear,
    cvc: '123',
    ...overrides,
  };
}

/** Emails without long digit runs, so the card-number scans cannot trip over them. */
async function patient() {
  const user = await createUser(t, { email: `payer-${randomUUID()}@example.test` });
  return { user, token: await tokenFor(t, user.email, user.password) };
}

function post(token: string, path: string, json: unknown) {
  return call(t.url, 'POST', path, { token, json });
}

describe('AddCard', () => {
  it('tokenizes the card and keeps only token, brand, last 4, expiry and holder name', async () => {
    const { user, token } = await patient();
    const res = await post(token, paths.addCard, visa({ holderName: '  Test   Person ' }));
    expect(res.status).toBe(200);
    expect(res.body.Data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: nextYear,
      holderName: 'Test Person',
      isDefault: true,
      isExpired: false,
    });
    const [row] = await t.database.db.select().from(cards).where(eq(cards.userId, user.id));
    expect(row?.gatewayToken).toMatch(/^tok_sandbox_ok_[A-Za-z0-9_-]+$/);
    expect(JSON.stringify(row)).not.toContain('4242424242424242');
    expect(JSON.stringify(row)).not.toContain('"123"');
    // The token is self-describing; the sandbox instance also remembers the card's facts.
    expect(t.payments.cardOf(row?.gatewayToken ?? '')).toMatchObject({
      brand: 'visa',
      last4: '4242',
    });
  });

  it('saves a test card that will decline: the decline comes when it is charged', async () => {
    const { token } = await patient();
    const res = await post(token, paths.addCard, visa({ cardNumber: sandboxTestCards.declined }));
    expect(res.status).toBe(200);
    expect(res.body.Data.last4).toBe('0002');
  });

  it('refuses a number that fails the Luhn check', async () => {
    const { token } = await patient();
    const res = await post(token, paths.addCard, visa({ cardNumber: '4242424242424241' }));
    expect(res.status).toBe(400);
    expect(res.body.Message).toBe('Your card number is incorrect.');
    expect(res.body.errors).toEqual({ cardNumber: 'cardNumberError' });
  });

  it('refuses an expired card', async () => {
    const { token } = await patient();
    const res = await post(token, paths.addCard, visa({ expYear: lastYear }));
    expect(res.status).toBe(400);
    expect(res.body.Message).toBe('Your card has expired.');
    expect(res.body.errors).toEqual({ expMonth: 'cardExpiredError', expYear: 'cardExpiredError' });
  });

  it('refuses an expiry too far ahead and a CVC of the wrong length for the brand', async () => {
    const { token } = await patient();
    const far = await post(token, paths.addCard, visa({ expYear: nextYear + 40 }));
    expect(far.status).toBe(400);
    expect(far.body.Message).toBe("Your card's expiration date is invalid.");
    expect(far.body.errors).toEqual({ expMonth: 'cardExpiryError', expYear: 'cardExpiryError' });
    // American Express has a 4-digit code.
    const amex = await post(
      token,
      paths.addCard,
      visa({ cardNumber: '378282246310005', cvc: '123' }),
    );
    expect(amex.status).toBe(400);
    expect(amex.body.Message).toBe("Your card's security code is invalid.");
    expect(amex.body.errors).toEqual({ cvc: 'cvcError' });
    const amexOk = await post(
      token,
      paths.addCard,
      visa({ cardNumber: '378282246310005', cvc: '1234' }),
    );
    expect(amexOk.status).toBe(200);
    expect(amexOk.body.Data).toMatchObject({ brand: 'american-express', last4: '0005' });
  });

  it('refuses malformed fields with their keys, and unknown fields', async () => {
    const { token } = await patient();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [visa({ cardNumber: 'abcd' }), { cardNumber: 'cardNumberError' }],
      [visa({ cardNumber: 4242424242424242 }), { cardNumber: 'cardNumberError' }],
      [visa({ expMonth: 13 }), { expMonth: 'cardExpiryError' }],
      [visa({ expMonth: '12' }), { expMonth: 'cardExpiryError' }],
      [visa({ expYear: 26 }), { expYear: 'cardExpiryError' }],
      [visa({ cvc: '12' }), { cvc: 'cvcError' }],
      [visa({ holderName: 'x'.repeat(101) }), { holderName: 'holderNameError' }],
      [visa({ gatewayToken: 'tok_sandbox_ok_forged' }), { gatewayToken: 'unknownField' }],
    ];
    for (const [json, errors] of cases) {
      const res = await post(token, paths.addCard, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.errors).toEqual(errors);
    }
    const list = await call(t.url, 'GET', paths.paymentMethods, { token });
    expect(list.body.Data).toEqual([]);
  });
});

describe('PaymentMethods and AllPaymentMethods', () => {
  it('list the usable cards with the default first; All adds expired ones, flagged', async () => {
    const { user, token } = await patient();
    const first = await post(token, paths.addCard, visa());
    const second = await post(token, paths.addCard, visa({ cardNumber: '5555555555554444' }));
    expect(second.body.Data).toMatchObject({ brand: 'mastercard', isDefault: false });
    await t.database.db.insert(cards).values({
      userId: user.id,
      gatewayToken: 'tok_sandbox_ok_expiredcard0000000000',
      brand: 'visa',
      last4: '1111',
      expMonth: 1,
      expYear: lastYear,
    });

    const usable = await call(t.url, 'GET', paths.paymentMethods, { token });
    expect(usable.status).toBe(200);
    expect(usable.body.Data.map((c: { id: string }) => c.id)).toEqual([
      first.body.Data.id,
      second.body.Data.id,
    ]);
    const all = await call(t.url, 'GET', paths.allPaymentMethods, { token });
    expect(all.body.Data).toHaveLength(3);
    expect(all.body.Data[0]).toMatchObject({ id: first.body.Data.id, isDefault: true });
    expect(all.body.Data.find((c: { last4: string }) => c.last4 === '1111')).toMatchObject({
      isExpired: true,
      isDefault: false,
    });
    for (const card of all.body.Data) {
      expect(Object.keys(card).sort()).toEqual(
        [
          'brand',
          'expMonth',
          'expYear',
          'holderName',
          'id',
          'isDefault',
          'isExpired',
          'last4',
        ].sort(),
      );
    }
  });

  it('is for patients only', async () => {
    const guest = await call(t.url, 'GET', paths.paymentMethods, { token: await guestToken(t) });
    expect(guest.status).toBe(401);
    const agent = await tokenFor(t, demo.agent.email, demo.agent.password);
    expect((await call(t.url, 'GET', paths.paymentMethods, { token: agent })).status).toBe(403);
    expect((await call(t.url, 'GET', paths.paymentMethods)).status).toBe(401);
  });
});

describe('UpdateCard, UpdateCurrentCard, RemoveCard', () => {
  it('updates a renewed card and refuses a past expiry', async () => {
    const { token } = await patient();
    const card = (await post(token, paths.addCard, visa())).body.Data;
    const res = await post(token, paths.updateCard, {
      cardId: card.id,
      expMonth: 3,
      expYear: nextYear + 2,
      holderName: 'New Name',
    });
    expect(res.status).toBe(200);
    expect(res.body.Data).toMatchObject({
      id: card.id,
      expMonth: 3,
      expYear: nextYear + 2,
      holderName: 'New Name',
    });
    const past = await post(token, paths.updateCard, {
      cardId: card.id,
      expMonth: 1,
      expYear: lastYear,
    });
    expect(past.status).toBe(400);
    expect(past.body.Message).toBe('Your card has expired.');
  });

  it('switches the default card and passes it on when the default is removed', async () => {
    const { user, token } = await patient();
    const a = (await post(token, paths.addCard, visa())).body.Data;
    const b = (await post(token, paths.addCard, visa({ cardNumber: '5555555555554444' }))).body
      .Data;
    const switched = await post(token, paths.updateCurrentCard, { cardId: b.id });
    expect(switched.status).toBe(200);
    expect(
      switched.body.Data.map((c: { id: string; isDefault: boolean }) => [c.id, c.isDefault]),
    ).toEqual([
      [b.id, true],
      [a.id, false],
    ]);

    const removed = await post(token, paths.removeCard, { cardId: b.id });
    expect(removed.status).toBe(200);
    expect(removed.body.Data).toEqual([expect.objectContaining({ id: a.id, isDefault: true })]);
    // Soft removal: the row stays for the payments that used it.
    const [row] = await t.database.db.select().from(cards).where(eq(cards.id, b.id));
    expect(row?.removedAt).toBeInstanceOf(Date);
    expect(row?.userId).toBe(user.id);
    const again = await post(token, paths.removeCard, { cardId: b.id });
    expect(again.status).toBe(404);
  });
});

describe('AddNewOrSwitchCard', () => {
  it('switches to a saved card or saves a new one as the default', async () => {
    const { token } = await patient();
    const a = (await post(token, paths.addCard, visa())).body.Data;
    const added = await post(token, paths.addNewOrSwitchCard, {
      card: visa({ cardNumber: '5555555555554444' }),
    });
    expect(added.status).toBe(200);
    expect(added.body.Data).toMatchObject({ brand: 'mastercard', isDefault: true });
    const back = await post(token, paths.addNewOrSwitchCard, { cardId: a.id });
    expect(back.status).toBe(200);
    expect(back.body.Data).toMatchObject({ id: a.id, isDefault: true });
    const list = await call(t.url, 'GET', paths.paymentMethods, { token });
    expect(list.body.Data.filter((c: { isDefault: boolean }) => c.isDefault)).toHaveLength(1);
  });

  it('needs exactly one of cardId and card; a bad new card is refused under card', async () => {
    const { token } = await patient();
    const a = (await post(token, paths.addCard, visa())).body.Data;
    expect((await post(token, paths.addNewOrSwitchCard, {})).status).toBe(400);
    expect(
      (await post(token, paths.addNewOrSwitchCard, { cardId: a.id, card: visa() })).status,
    ).toBe(400);
    const bad = await post(token, paths.addNewOrSwitchCard, {
      card: visa({ cardNumber: '4242424242424241' }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toBe('Your card number is incorrect.');
    expect(bad.body.errors).toEqual({ card: 'cardNumberError' });
  });
});

describe('owner checks', () => {
  it("answers 404 for another patient's card on every card call", async () => {
    const owner = await patient();
    const other = await patient();
    const card = (await post(owner.token, paths.addCard, visa())).body.Data;
    const attempts = [
      post(other.token, paths.updateCard, { cardId: card.id, expMonth: 1, expYear: nextYear }),
      post(other.token, paths.updateCurrentCard, { cardId: card.id }),
      post(other.token, paths.removeCard, { cardId: card.id }),
      post(other.token, paths.addNewOrSwitchCard, { cardId: card.id }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404);
      expect(res.body.Message).toBe('Card not found.');
    }
    const theirs = await call(t.url, 'GET', paths.allPaymentMethods, { token: other.token });
    expect(theirs.body.Data).toEqual([]);
    const mine = await call(t.url, 'GET', paths.paymentMethods, { token: owner.token });
    expect(mine.body.Data).toEqual([
      expect.objectContaining({ id: card.id, isDefault: true, expMonth: 12 }),
    ]);
  });

  it('refuses a malformed card id with 400', async () => {
    const { token } = await patient();
    const res = await post(token, paths.removeCard, { cardId: 'not-a-uuid' });
    expect(res.status).toBe(400);
  });
});

describe('stored card data', () => {
  it('holds no card number anywhere in cards, payments or the outbox', async () => {
    const dump = await cardDataDump(t);
    expect(dump).toContain('tok_sandbox_');
    expect(cardNumberLikeRuns(dump)).toEqual([]);
  });
});
