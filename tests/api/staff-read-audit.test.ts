import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../server/db/schema/platform';
import { call } from './helpers/http';
import { payableOrder } from './helpers/payable-order';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createUser, demo, tokenFor } from './helpers/users';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

async function auditOf(orderId: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(
      and(eq(auditLog.action, 'staff.read.checkout'), eq(auditLog.subject, `orderId:${orderId}`)),
    );
}

describe('staff reads through the checkout routes', () => {
  it('are audited: who, what, from where; a patient reading their own order is not', async () => {
    const patient = await createUser(t, { email: `audited-${randomUUID()}@example.test` });
    const patientToken = await tokenFor(t, patient.email, patient.password);
    const order = await payableOrder(t, patient.id);
    const path = `/api/order/Questionnaire?orderId=${order.id}`;

    expect((await call(t.url, 'GET', path, { token: patientToken })).status).toBe(200);
    expect(await auditOf(order.id)).toEqual([]);

    const agentToken = await tokenFor(t, demo.agent.email, demo.agent.password);
    const read = await call(t.url, 'GET', path, { token: agentToken });
    expect(read.status).toBe(200);
    const [entry] = await auditOf(order.id);
    expect(entry).toMatchObject({
      actorRole: 'agent',
      outcome: 'success',
      ip: '127.0.0.1',
      detail: { method: 'GET', route: '/api/order/Questionnaire' },
    });
    expect(entry?.requestId).toBeTruthy();
  });
});
