import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAttempts } from '../../server/db/schema/identity';
import { sandboxTestCards } from '../../server/integrations/payments/sandbox-gateway';
import { tooManyAttemptsMessage } from '../../server/modules/auth/throttle';
import { messages } from '../../shared/errors/messages';
import { call } from './helpers/http';
import { payableOrder } from './helpers/payable-order';
import { withEmailCode } from './helpers/registration-code';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createUser, guestToken, tokenFor } from './helpers/users';

// Small limits, so that a test reaches each of them (every call comes from 127.0.0.1).
const limits = {
  signInFailures: 3,
  sends: 100,
  registrations: 2,
  guestTokens: 3,
  cardDeclines: 2,
};
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ ipLimits: limits });
});
afterAll(async () => {
  await t.close();
});

const nextYear = new Date().getFullYear() + 1;

async function register() {
  const caller = { apiKey: t.config.apiKey };
  const json = await withEmailCode(
    t.url,
    {
      Email: `limit-${randomUUID()}@example.test`,
      Password: 'Sunrise#2026',
      CompanyId: 132,
      FirstName: 'Lim',
      LastName: 'It',
    },
    caller,
  );
  return call(t.url, 'POST', '/api/user/Register', { ...caller, json });
}

describe('limits per address, shared by every server process', () => {
  it('registrations: 2 an hour, the third refused', async () => {
    expect((await register()).status).toBe(200);
    expect((await register()).status).toBe(200);
    const refused = await register();
    expect(refused.status).toBe(429);
    expect(refused.body.Message).toBe(tooManyAttemptsMessage);
  });

  it('guest tokens: every one counts, not only failures', async () => {
    for (let i = 0; i < limits.guestTokens; i++) await guestToken(t);
    await expect(guestToken(t)).rejects.toThrow(/429/);
  });

  it('password reset links: a wrong one is refused before the new password is hashed, and 3 refusals stop the address', async () => {
    for (let i = 0; i < limits.signInFailures; i++) {
      const res = await call(t.url, 'POST', '/api/auth/ResetPassword', {
        apiKey: t.config.apiKey,
        json: { token: `not-a-link-${i}-${'x'.repeat(40)}`, password: 'Sunrise#2026' },
      });
      expect(res.status).toBe(400);
    }
    const stopped = await call(t.url, 'POST', '/api/auth/ResetPassword', {
      apiKey: t.config.apiKey,
      json: { token: `not-a-link-${'y'.repeat(40)}`, password: 'Sunrise#2026' },
    });
    expect(stopped.status).toBe(429);
  });

  it('declined card payments: 2 an hour per address, then 429 before any charge', async () => {
    const user = await createUser(t, { email: `decline-${randomUUID()}@example.test` });
    const token = await tokenFor(t, user.email, user.password);
    const order = await payableOrder(t, user.id);
    const pay = (number: string) =>
      call(t.url, 'POST', '/api/payment/PayNow', {
        token,
        headers: { 'idempotency-key': randomUUID() },
        json: {
          orderId: order.id,
          card: { cardNumber: number, expMonth: 12, expYear: nextYear, cvc: '123' },
        },
      });
    expect((await pay(sandboxTestCards.declined)).status).toBe(402);
    expect((await pay(sandboxTestCards.insufficientFunds)).status).toBe(402);
    const charges = t.payments.charges.length;
    const refused = await pay(sandboxTestCards.success);
    expect(refused.status).toBe(429);
    expect(refused.body.Message).toBe(messages.tooManyDeclines);
    expect(t.payments.charges.length).toBe(charges);
  });

  it('declined card payments per account: a day’s declines from other addresses count too', async () => {
    const user = await createUser(t, { email: `decline-${randomUUID()}@example.test` });
    const token = await tokenFor(t, user.email, user.password);
    const order = await payableOrder(t, user.id);
    // This address's own declines (the test above) out of the way: only the account's count.
    await t.database.db.delete(authAttempts).where(eq(authAttempts.method, 'card-decline'));
    await t.database.db.insert(authAttempts).values(
      ['203.0.113.7', '198.51.100.9'].map((ip) => ({
        method: 'card-decline' as const,
        ip,
        account: user.id,
        success: false,
      })),
    );
    const res = await call(t.url, 'POST', '/api/payment/PayNow', {
      token,
      headers: { 'idempotency-key': randomUUID() },
      json: {
        orderId: order.id,
        card: { cardNumber: sandboxTestCards.success, expMonth: 12, expYear: nextYear, cvc: '123' },
      },
    });
    expect(res.status).toBe(429);
    expect(res.body.Message).toBe(messages.tooManyDeclines);
  });
});
