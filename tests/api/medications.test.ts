import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../server/db/schema/catalog';
import { MAX_MEDICATIONS } from '../../shared/questionnaire/answers';
import { call } from './helpers/http';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createUser, demo, guestToken, tokenFor } from './helpers/users';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const path = '/api/user/User/Medications';

async function patient() {
  const user = await createUser(t);
  return { user, token: await tokenFor(t, user.email, user.password) };
}

describe('my medications (User/Medications)', () => {
  it('starts unsaid, keeps a tidied list, and "not taking any" as an empty one', async () => {
    const { token } = await patient();
    expect((await call(t.url, 'GET', path, { token })).body.Data).toEqual({ medications: null });
    const saved = await call(t.url, 'PUT', path, {
      token,
      json: { medications: ['  Lisinopril ', 'lisinopril', 'Vitamin   D3'] },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.Data.medications).toEqual(['Lisinopril', 'Vitamin D3']);
    expect((await call(t.url, 'GET', path, { token })).body.Data.medications).toEqual([
      'Lisinopril',
      'Vitamin D3',
    ]);
    await call(t.url, 'PUT', path, { token, json: { medications: [] } });
    expect((await call(t.url, 'GET', path, { token })).body.Data.medications).toEqual([]);
  });

  it.each([
    [
      'too many names',
      { medications: Array.from({ length: MAX_MEDICATIONS + 1 }, (_, i) => `M${i}x`) },
    ],
    ['a name too long', { medications: ['x'.repeat(101)] }],
    ['an empty name', { medications: ['  '] }],
    ['not a list', { medications: 'Lisinopril' }],
    ['another field', { medications: [], userId: 'someone' }],
  ])('refuses %s with a 400, keeping the list', async (_, body) => {
    const { token } = await patient();
    await call(t.url, 'PUT', path, { token, json: { medications: ['Metformin'] } });
    const refused = await call(t.url, 'PUT', path, { token, json: body });
    expect(refused.status).toBe(400);
    expect((await call(t.url, 'GET', path, { token })).body.Data.medications).toEqual([
      'Metformin',
    ]);
  });

  it('is for patients: guests and nobody 401, staff 403', async () => {
    expect((await call(t.url, 'GET', path, {})).status).toBe(401);
    expect((await call(t.url, 'GET', path, { token: await guestToken(t) })).status).toBe(401);
    const agent = await tokenFor(t, demo.agent.email, demo.agent.password);
    expect((await call(t.url, 'GET', path, { token: agent })).status).toBe(403);
  });
});

describe("the questionnaire's medication question shares the list", () => {
  it('starts from my medications, and its answer becomes my list', async () => {
    const { token } = await patient();
    await call(t.url, 'PUT', path, { token, json: { medications: ['Levothyroxine'] } });
    const [product] = await t.database.db
      .select()
      .from(products)
      .where(eq(products.sku, 'RX-WEIGHT-CARE'));
    const added = await call(
      t.url,
      'POST',
      `/api/order/Order/AddToCart?productId=${product?.id}&storefrontId=132`,
      { token },
    );
    const orderId = added.body.Data.orderId;
    const view = await call(t.url, 'GET', `/api/order/Questionnaire?orderId=${orderId}`, { token });
    const question = view.body.Data.items[0].questions.find(
      (q: { code: string }) => q.code === 'medications',
    );
    expect(question.answer).toEqual(['Levothyroxine']);

    const answered = await call(t.url, 'POST', '/api/order/Questionnaire', {
      token,
      json: {
        orderId,
        productId: product?.id,
        answers: [
          { code: 'height', value: 70 },
          { code: 'weight', value: 200 },
          { code: 'goal-weight', value: 170 },
          { code: 'thyroid-cancer', value: 'no' },
          { code: 'pregnant', value: 'not-applicable' },
          { code: 'conditions', value: ['sleep-apnea'] },
          { code: 'previous-treatment', value: 'no' },
          { code: 'medications', value: ['Levothyroxine', 'Metformin'] },
        ],
      },
    });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect((await call(t.url, 'GET', path, { token })).body.Data.medications).toEqual([
      'Levothyroxine',
      'Metformin',
    ]);
  });
});
