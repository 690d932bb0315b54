import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../server/db/schema/platform';
import { deliveredBody } from '../../server/integrations/notifier/notifier';
import { messages } from '../../shared/errors/messages';
import { type FakeTwilio, startFakeTwilio } from './helpers/fake-twilio';
import { call } from './helpers/http';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createUser } from './helpers/users';

const accountSid = `AC${'a1'.repeat(16)}`;
const authToken = 'twilio-auth-token-0123456789';
let twilio: FakeTwilio;
let t: TestApp;
beforeAll(async () => {
  twilio = await startFakeTwilio();
  t = await startTestApp({
    twilio: { accountSid, authToken, from: '+15555550100', apiUrl: twilio.url },
  });
});
afterAll(async () => {
  await t.close();
  await twilio.stop();
});

let phoneCounter = 0;
async function patientWithPhone() {
  phoneCounter += 1;
  const phone = `55555501${String(phoneCounter).padStart(2, '0')}`;
  return createUser(t, { phone });
}

const sendSms = (email: string) =>
  call(t.url, 'POST', '/api/auth/SendLoginOtp', {
    form: { userName: email, companyId: '132', 'channels[]': ['sms'] },
  });

async function lastSmsRow(phone: string) {
  const [row] = await t.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, phone))
    .orderBy(desc(outbox.id))
    .limit(1);
  return row;
}

describe('text messages through Twilio', () => {
  it('sends a passcode with the official SDK: E.164 number, our sender, our credentials', async () => {
    const user = await patientWithPhone();
    const res = await sendSms(user.email);
    expect(res.status).toBe(200);
    const sent = twilio.received.at(-1);
    expect(sent).toMatchObject({
      to: `+1${user.phone}`,
      from: '+15555550100',
      credentials: `${accountSid}:${authToken}`,
    });
    expect(sent?.body).toMatch(/Your sign-in passcode is \d{6}\./);
    // Sent: the row says so and keeps no passcode.
    const row = await lastSmsRow(user.phone ?? '');
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.body).toBe(deliveredBody);
  });

  it('tries again after a provider error, with back-off', async () => {
    const user = await patientWithPhone();
    const before = twilio.requests();
    twilio.failNext(2, 503);
    const res = await sendSms(user.email);
    expect(res.status).toBe(200);
    expect(twilio.requests() - before).toBe(3);
    expect(twilio.received.at(-1)?.to).toBe(`+1${user.phone}`);
  });

  it('answers the spec message when it cannot be sent, and keeps the error', async () => {
    const user = await patientWithPhone();
    twilio.failNext(3, 500);
    const res = await sendSms(user.email);
    expect(res.status).toBe(503);
    expect(res.body.Message).toBe(messages.otpSmsSendError);
    expect(res.body.Message).toBe('Error sending OTP to SMS.');
    const row = await lastSmsRow(user.phone ?? '');
    expect(row?.sentAt).toBeNull();
    expect(row?.error).toBeTruthy();
  });

  it('does not try again a number the provider refuses (4xx)', async () => {
    const user = await patientWithPhone();
    const before = twilio.requests();
    twilio.failNext(1, 400);
    const res = await sendSms(user.email);
    expect(res.status).toBe(503);
    expect(twilio.requests() - before).toBe(1);
  });
});
