import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../server/db/schema/catalog';
import {
  orderItems,
  orderStatusHistory,
  orders,
  questionnaireAnswers,
} from '../../server/db/schema/orders';
import { storefronts } from '../../server/db/schema/platform';
import { invalidateStorefrontCache } from '../../server/modules/config/storefront-cache';
import { reconsiderDisqualification } from '../../server/modules/questionnaire/disqualification';
import { call } from './helpers/http';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createUser, demo, guestToken, tokenFor } from './helpers/users';

let t: TestApp;
const productIds: Record<string, number> = {};
const path = '/api/order/Questionnaire';

beforeAll(async () => {
  t = await startTestApp();
  const rows = await t.database.db.select().from(products).where(eq(products.storefrontId, 132));
  for (const row of rows) productIds[row.sku] = row.id;
});
afterAll(async () => {
  await t.close();
});

function idOf(sku: string): number {
  const id = productIds[sku];
  if (id === undefined) throw new Error(`no product ${sku}`);
  return id;
}

async function patientToken() {
  const user = await createUser(t);
  return { user, token: await tokenFor(t, user.email, user.password) };
}

/** Puts products in the caller's open order through the checkout redirect; answers the order id. */
async function orderWith(token: string, ...skus: string[]): Promise<string> {
  let orderId = '';
  for (const sku of skus) {
    const res = await call(
      t.url,
      'POST',
      `/api/order/Order/AddToCart?productId=${idOf(sku)}&storefrontId=132`,
      { token },
    );
    if (res.status !== 200) throw new Error(`add to cart failed: ${res.status}`);
    orderId = res.body.Data.orderId;
  }
  return orderId;
}

async function setHideBmi(value: boolean) {
  const [row] = await t.database.db.select().from(storefronts).where(eq(storefronts.id, 132));
  if (!row) throw new Error('storefront 132 missing');
  await t.database.db
    .update(storefronts)
    .set({ applicationSettings: { ...row.applicationSettings, HideBMI: value } })
    .where(eq(storefronts.id, 132));
  invalidateStorefrontCache(132);
}

async function itemOf(orderId: string, sku: string) {
  const [item] = await t.database.db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.productId, idOf(sku))));
  if (!item) throw new Error(`no item ${sku}`);
  return item;
}

async function statusOf(orderId: string) {
  const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
  return order?.status;
}

const weightCareAnswers = [
  { code: 'height', value: 70 },
  { code: 'weight', value: 200 },
  { code: 'goal-weight', value: 170 },
  { code: 'thyroid-cancer', value: 'no' },
  { code: 'pregnant', value: 'not-applicable' },
  { code: 'conditions', value: ['high-blood-pressure', 'sleep-apnea'] },
  { code: 'previous-treatment', value: 'no' },
  { code: 'medications', value: ['Lisinopril', 'Atorvastatin'] },
];

const eyeHealthAnswers = [
  { code: 'eye-symptoms', value: ['redness'] },
  { code: 'eye-surgery', value: 'no' },
  { code: 'glaucoma-diagnosis', value: 'yes' },
  { code: 'last-eye-exam', value: 'within-1-year' },
  { code: 'contact-lenses', value: 'no' },
  { code: 'pregnant', value: 'no' },
  { code: 'medications', value: [] },
];

const generalHealthAnswers = [
  { code: 'reason', value: 'Cold sores twice a year.' },
  { code: 'serious-reaction', value: 'no' },
  { code: 'pregnant', value: 'no' },
  { code: 'conditions', value: ['none'] },
  { code: 'medications', value: [] },
];

describe('GET /api/order/Questionnaire', () => {
  it('lists the questions of each consult item, without saying which answers disqualify', async () => {
    const guest = await guestToken(t);
    const orderId = await orderWith(guest, 'RX-WEIGHT-CARE', 'OTC-EYE-DROPS');
    const res = await call(t.url, 'GET', `${path}?orderId=${orderId}`, { token: guest });
    expect(res.status).toBe(200);
    const data = res.body.Data;
    expect(data).toMatchObject({ orderId, status: 'cart', hideBmi: false });
    expect(data.items).toHaveLength(1);
    const [item] = data.items;
    expect(item).toMatchObject({
      productId: idOf('RX-WEIGHT-CARE'),
      displayName: 'Weight care program',
      questionnaireKey: 'weight-care',
      completed: false,
      bmi: null,
    });
    expect(item.questions.length).toBeGreaterThanOrEqual(5);
    expect(item.questions.length).toBeLessThanOrEqual(9);
    expect(item.questions[0]).toEqual({
      code: 'height',
      text: 'How tall are you?',
      kind: 'height',
      options: [],
      required: true,
      min: 48,
      max: 96,
      unit: 'in',
      answer: null,
    });
    expect(item.questions.find((q: { kind: string }) => q.kind === 'weight')).toMatchObject({
      unit: 'lb',
    });
    const thyroid = item.questions.find((q: { code: string }) => q.code === 'thyroid-cancer');
    expect(thyroid.text).toContain('medullary thyroid cancer');
    expect(thyroid.options).toEqual([
      { value: 'yes', label: 'Yes' },
      { value: 'no', label: 'No' },
    ]);
  });

  it('lists an empty questionnaire for an order without consult products', async () => {
    const guest = await guestToken(t);
    const orderId = await orderWith(guest, 'OTC-READERS');
    const res = await call(t.url, 'GET', `${path}?orderId=${orderId}`, { token: guest });
    expect(res.status).toBe(200);
    expect(res.body.Data.items).toEqual([]);
  });

  it("answers 404 for another caller's order and for ids that name no order", async () => {
    const a = await patientToken();
    const b = await patientToken();
    const orderId = await orderWith(a.token, 'RX-LATANOPROST');
    const other = await call(t.url, 'GET', `${path}?orderId=${orderId}`, { token: b.token });
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ Data: null, status: 404, Message: 'Order not found.' });
    const guest = await call(t.url, 'GET', `${path}?orderId=${orderId}`, {
      token: await guestToken(t),
    });
    expect(guest.status).toBe(404);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
      const res = await call(t.url, 'GET', `${path}?orderId=${encodeURIComponent(id)}`, {
        token: a.token,
      });
      expect(res.status, id).toBe(404);
    }
    // Staff who place orders for patients may read it.
    const agent = await tokenFor(t, demo.agent.email, demo.agent.password);
    expect((await call(t.url, 'GET', `${path}?orderId=${orderId}`, { token: agent })).status).toBe(
      200,
    );
  });

  it('refuses anonymous callers, the api key alone, other roles and malformed queries', async () => {
    const guest = await guestToken(t);
    const orderId = await orderWith(guest, 'RX-WEIGHT-CARE');
    expect((await call(t.url, 'GET', `${path}?orderId=${orderId}`)).status).toBe(401);
    expect(
      (await call(t.url, 'GET', `${path}?orderId=${orderId}`, { apiKey: t.config.apiKey })).status,
    ).toBe(401);
    const ecp = await tokenFor(t, demo.ecp.email, demo.ecp.password);
    expect((await call(t.url, 'GET', `${path}?orderId=${orderId}`, { token: ecp })).status).toBe(
      403,
    );
    expect((await call(t.url, 'GET', path, { token: guest })).status).toBe(400);
    expect(
      (await call(t.url, 'GET', `${path}?orderId=${orderId}&x=1`, { token: guest })).status,
    ).toBe(400);
  });
});

describe('POST /api/order/Questionnaire', () => {
  const save = (token: string, body: unknown) => call(t.url, 'POST', path, { token, json: body });

  it('stores a guest answers, computes the BMI and completes the Consult stage', async () => {
    const guest = await guestToken(t);
    const orderId = await orderWith(guest, 'RX-WEIGHT-CARE');
    const res = await save(guest, {
      orderId,
      productId: idOf('RX-WEIGHT-CARE'),
      answers: weightCareAnswers,
    });
    expect(res.status).toBe(200);
    expect(res.body.Data).toEqual({
      disqualified: false,
      bmi: 28.7,
      redirectTo: '/checkout/pre-shipping',
    });
    const item = await itemOf(orderId, 'RX-WEIGHT-CARE');
    expect(item.completedCheckoutStages & 1).toBe(1);
    expect(await statusOf(orderId)).toBe('cart');

    const saved = await call(t.url, 'GET', `${path}?orderId=${orderId}`, { token: guest });
    const [view] = saved.body.Data.items;
    expect(view).toMatchObject({ completed: true, bmi: 28.7 });
    const answers = Object.fromEntries(
      view.questions.map((q: { code: string; answer: unknown }) => [q.code, q.answer]),
    );
    expect(answers).toMatchObject({
      height: 70,
      weight: 200,
      conditions: ['high-blood-pressure', 'sleep-apnea'],
      medications: ['Lisinopril', 'Atorvastatin'],
    });
  });

  it('updates saved answers: a later change keeps the others and may forget an optional one', async () => {
    const guest = await guestToken(t);
    const orderId = await orderWith(guest, 'RX-WEIGHT-CARE');
    const productId = idOf('RX-WEIGHT-CARE');
    await save(guest, { orderId, productId, answers: weightCareAnswers });
    const res = await save(guest, {
      orderId,
      productId: String(productId),
      answers: [
        { code: 'weight', value: '180' },
        { code: 'goal-weight', value: null },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.Data.bmi).toBe(25.8);
    const rows = await t.database.db
      .select()
      .from(questionnaireAnswers)
      .where(eq(questionnaireAnswers.orderItemId, (await itemOf(orderId, 'RX-WEIGHT-CARE')).id))
      .orderBy(asc(questionnaireAnswers.questionCode));
    expect(rows.map((r) => r.questionCode)).not.toContain('goal-weight');
    expect(rows.find((r) => r.questionCode === 'weight')?.answer).toBe(180);
    expect(rows).toHaveLength(weightCareAnswers.length - 1);
  });

  it('hides the BMI when the storefront sets HideBMI', async () => {
    const guest = await guestToken(t);
    const orderId = await orderWith(guest, 'RX-WEIGHT-CARE');
    await setHideBmi(true);
    try {
      const res = await save(guest, {
        orderId,
        productId: idOf('RX-WEIGHT-CARE'),
        answers: weightCareAnswers,
      });
      expect(res.status).toBe(200);
      expect(res.body.Data).toMatchObject({ disqualified: false, bmi: null });
      const view = await call(t.url, 'GET', `${path}?orderId=${orderId}`, { token: guest });
      expect(view.body.Data.hideBmi).toBe(true);
      expect(view.body.Data.items[0].bmi).toBeNull();
    } finally {
      await setHideBmi(false);
    }
  });

  it('sets the Consult bit of the answered product only, and routes to the next consult', async () => {
    const { token } = await patientToken();
    const orderId = await orderWith(token, 'RX-LATANOPROST', 'RX-VALACYCLOVIR');
    const first = await save(token, {
      orderId,
      productId: idOf('RX-LATANOPROST'),
      answers: eyeHealthAnswers,
    });
    expect(first.status).toBe(200);
    expect(first.body.Data).toEqual({
      disqualified: false,
      bmi: null,
      redirectTo: '/checkout/pre-questionnaire',
    });
    expect((await itemOf(orderId, 'RX-LATANOPROST')).completedCheckoutStages & 1).toBe(1);
    expect((await itemOf(orderId, 'RX-VALACYCLOVIR')).completedCheckoutStages & 1).toBe(0);

    const second = await save(token, {
      orderId,
      productId: idOf('RX-VALACYCLOVIR'),
      answers: generalHealthAnswers,
    });
    // A signed-in patient with every consult done goes on to shipping.
    expect(second.body.Data.redirectTo).toBe('/checkout/pre-shipping');
    expect((await itemOf(orderId, 'RX-VALACYCLOVIR')).completedCheckoutStages & 1).toBe(1);
  });

  it('ends the order on /disqualified for a disqualifying answer', async () => {
    const { token } = await patientToken();
    const orderId = await orderWith(token, 'RX-LATANOPROST', 'OTC-EYE-DROPS');
    const res = await save(token, {
      orderId,
      productId: idOf('RX-LATANOPROST'),
      answers: eyeHealthAnswers.map((a) => (a.code === 'eye-surgery' ? { ...a, value: 'yes' } : a)),
    });
    expect(res.status).toBe(200);
    expect(res.body.Data).toEqual({ disqualified: true, bmi: null, redirectTo: '/disqualified' });
    expect(await statusOf(orderId)).toBe('disqualified');
    expect((await itemOf(orderId, 'RX-LATANOPROST')).completedCheckoutStages & 1).toBe(0);
    const history = await t.database.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId));
    expect(history).toContainEqual(
      expect.objectContaining({ fromStatus: 'cart', toStatus: 'disqualified' }),
    );

    // The questionnaire of a disqualified order is closed; reading it still works.
    const retry = await save(token, {
      orderId,
      productId: idOf('RX-LATANOPROST'),
      answers: eyeHealthAnswers,
    });
    expect(retry.status).toBe(409);
    expect(retry.body.Message).toBe(
      'Based on your answers, this treatment is not right for you. Remove it from your cart to continue.',
    );
    const view = await call(t.url, 'GET', `${path}?orderId=${orderId}`, { token });
    expect(view.body.Data.status).toBe('disqualified');
    // Loading the order again routes to /disqualified.
    const redirect = await call(
      t.url,
      'POST',
      `/api/order/Order/AddToCart?productId=${idOf('OTC-EYE-DROPS')}&storefrontId=132`,
      { token },
    );
    expect(redirect.body.Data).toEqual({ orderId, redirectTo: '/disqualified' });
  });

  it('disqualifies a weight-care order on a thyroid cancer history, for a guest too', async () => {
    const guest = await guestToken(t);
    const orderId = await orderWith(guest, 'RX-WEIGHT-CARE');
    const res = await save(guest, {
      orderId,
      productId: idOf('RX-WEIGHT-CARE'),
      answers: weightCareAnswers.map((a) =>
        a.code === 'thyroid-cancer' ? { ...a, value: 'yes' } : a,
      ),
    });
    expect(res.body.Data).toEqual({ disqualified: true, bmi: 28.7, redirectTo: '/disqualified' });
    expect(await statusOf(orderId)).toBe('disqualified');
  });

  it('refuses answers that break their question rules, with field error keys (400)', async () => {
    const guest = await guestToken(t);
    const orderId = await orderWith(guest, 'RX-WEIGHT-CARE', 'RX-SUMATRIPTAN');
    const weightCare = idOf('RX-WEIGHT-CARE');
    const sumatriptan = idOf('RX-SUMATRIPTAN');
    const replace = (code: string, value: unknown) =>
      weightCareAnswers.map((a) => (a.code === code ? { code, value } : a));

    const missing = await save(guest, {
      orderId,
      productId: weightCare,
      answers: [{ code: 'height', value: 70 }],
    });
    expect(missing.status).toBe(400);
    expect(missing.body.Message).toBe('Please answer every required question.');
    expect(missing.body.errors).toMatchObject({
      weight: 'questionRequiredError',
      'thyroid-cancer': 'questionRequiredError',
    });
    expect(missing.body.errors).not.toHaveProperty('goal-weight');

    const cases: [unknown[], Record<string, string>][] = [
      [replace('thyroid-cancer', 'maybe'), { 'thyroid-cancer': 'answerInvalidError' }],
      [replace('conditions', ['none', 'none']), { conditions: 'answerInvalidError' }],
      [replace('conditions', ['flu']), { conditions: 'answerInvalidError' }],
      [replace('conditions', 'none'), { conditions: 'answerInvalidError' }],
      [replace('height', 20), { height: 'answerInvalidError' }],
      [replace('weight', 701), { weight: 'answerInvalidError' }],
      [replace('weight', '12abc'), { weight: 'answerInvalidError' }],
      [
        replace(
          'medications',
          Array.from({ length: 31 }, (_, i) => `Medicine ${i}`),
        ),
        { medications: 'answerInvalidError' },
      ],
      [replace('medications', ['x'.repeat(101)]), { medications: 'answerInvalidError' }],
      [replace('medications', 'Lisinopril'), { medications: 'answerInvalidError' }],
      [[...weightCareAnswers, { code: 'height', value: 71 }], { height: 'answerInvalidError' }],
      [
        [...weightCareAnswers, { code: 'no-such-question', value: 'yes' }],
        { answers: 'answerInvalidError' },
      ],
    ];
    for (const [answers, errors] of cases) {
      const res = await save(guest, { orderId, productId: weightCare, answers });
      expect(res.status, JSON.stringify(errors)).toBe(400);
      expect(res.body.Message).toBe('Some answers are not valid. Please check them and try again.');
      expect(res.body.errors).toEqual(errors);
    }

    const longText = await save(guest, {
      orderId,
      productId: sumatriptan,
      answers: generalHealthAnswers.map((a) =>
        a.code === 'reason' ? { ...a, value: 'x'.repeat(1001) } : a,
      ),
    });
    expect(longText.status).toBe(400);
    expect(longText.body.errors).toEqual({ reason: 'answerInvalidError' });
    const blank = await save(guest, {
      orderId,
      productId: sumatriptan,
      answers: generalHealthAnswers.map((a) => (a.code === 'reason' ? { ...a, value: '   ' } : a)),
    });
    expect(blank.body.errors).toEqual({ reason: 'questionRequiredError' });

    // Nothing was stored and no stage was completed.
    const rows = await t.database.db
      .select()
      .from(questionnaireAnswers)
      .where(eq(questionnaireAnswers.orderItemId, (await itemOf(orderId, 'RX-WEIGHT-CARE')).id));
    expect(rows).toEqual([]);
    expect((await itemOf(orderId, 'RX-WEIGHT-CARE')).completedCheckoutStages).toBe(0);

    // 1000 characters is fine.
    const longest = await save(guest, {
      orderId,
      productId: sumatriptan,
      answers: generalHealthAnswers.map((a) =>
        a.code === 'reason' ? { ...a, value: 'x'.repeat(1000) } : a,
      ),
    });
    expect(longest.status).toBe(200);
  });

  it('refuses malformed bodies (400)', async () => {
    const guest = await guestToken(t);
    const orderId = await orderWith(guest, 'RX-WEIGHT-CARE');
    const productId = idOf('RX-WEIGHT-CARE');
    for (const body of [
      {},
      { orderId, productId },
      { orderId, productId, answers: weightCareAnswers, total: 0 },
      { orderId, productId: -1, answers: [] },
      { orderId, productId: 'abc', answers: [] },
      { orderId, productId, answers: [{ code: 'height' }] },
      { orderId, productId, answers: [{ code: 'height', value: 70, extra: 1 }] },
      { orderId, productId, answers: [{ code: 'height', value: { inches: 70 } }] },
      { orderId: 'x'.repeat(100), productId, answers: [] },
    ]) {
      const res = await save(guest, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body).toMatchObject({ Data: null, status: 400 });
    }
  });

  it('answers 404 for a product not in the order, an OTC product, or another caller order', async () => {
    const a = await patientToken();
    const b = await patientToken();
    const orderId = await orderWith(a.token, 'RX-FINASTERIDE', 'OTC-VITAMIN-D3');
    const notInOrder = await save(a.token, {
      orderId,
      productId: idOf('RX-TRETINOIN'),
      answers: generalHealthAnswers,
    });
    expect(notInOrder.status).toBe(404);
    expect(notInOrder.body.Message).toBe('Product not found.');
    const otc = await save(a.token, {
      orderId,
      productId: idOf('OTC-VITAMIN-D3'),
      answers: [],
    });
    expect(otc.status).toBe(404);
    const foreign = await save(b.token, {
      orderId,
      productId: idOf('RX-FINASTERIDE'),
      answers: generalHealthAnswers,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.Message).toBe('Order not found.');
    const unknownOrder = await save(a.token, {
      orderId: '00000000-0000-4000-8000-000000000000',
      productId: idOf('RX-FINASTERIDE'),
      answers: generalHealthAnswers,
    });
    expect(unknownOrder.status).toBe(404);
    // Nothing of patient A's order changed.
    expect((await itemOf(orderId, 'RX-FINASTERIDE')).completedCheckoutStages).toBe(0);
  });

  it('routes a visit type 3 order to doctor confirmation once consult and shipping are done', async () => {
    const { token } = await patientToken();
    const orderId = await orderWith(token, 'RX-FINASTERIDE');
    // Shipping and pharmacy done elsewhere (those steps are not this module's).
    await t.database.db
      .update(orderItems)
      .set({ completedCheckoutStages: 2 | 8 })
      .where(eq(orderItems.orderId, orderId));
    const res = await save(token, {
      orderId,
      productId: idOf('RX-FINASTERIDE'),
      answers: generalHealthAnswers,
    });
    expect(res.body.Data.redirectTo).toBe('/checkout/pre-doctor-confirmation');
  });

  it('refuses callers without an order identity', async () => {
    const body = { orderId: '00000000-0000-4000-8000-000000000000', productId: 1, answers: [] };
    expect((await call(t.url, 'POST', path, { json: body })).status).toBe(401);
    expect((await call(t.url, 'POST', path, { json: body, apiKey: t.config.apiKey })).status).toBe(
      401,
    );
    const ecp = await tokenFor(t, demo.ecp.email, demo.ecp.password);
    expect((await call(t.url, 'POST', path, { json: body, token: ecp })).status).toBe(403);
  });
});

describe('reconsiderDisqualification', () => {
  async function disqualifiedOrder() {
    const { user, token } = await patientToken();
    const orderId = await orderWith(token, 'RX-LATANOPROST', 'RX-WEIGHT-CARE', 'OTC-EYE-DROPS');
    const res = await call(t.url, 'POST', path, {
      token,
      json: {
        orderId,
        productId: idOf('RX-LATANOPROST'),
        answers: eyeHealthAnswers.map((a) =>
          a.code === 'eye-symptoms' ? { ...a, value: ['sudden-vision-loss'] } : a,
        ),
      },
    });
    expect(res.body.Data.disqualified).toBe(true);
    return { user, token, orderId };
  }

  /** What the cart does when a product is removed: delete the item, then reconsider. */
  async function removeProduct(orderId: string, sku: string) {
    return t.database.db.transaction(async (tx) => {
      await tx
        .delete(orderItems)
        .where(and(eq(orderItems.orderId, orderId), eq(orderItems.productId, idOf(sku))));
      return reconsiderDisqualification(tx, orderId);
    });
  }

  it('keeps the order disqualified while the disqualifying product is in it', async () => {
    const { orderId } = await disqualifiedOrder();
    expect(await removeProduct(orderId, 'OTC-EYE-DROPS')).toBe('disqualified');
    expect(await statusOf(orderId)).toBe('disqualified');
  });

  it('returns the order to the cart once the disqualifying product is removed', async () => {
    const { token, orderId } = await disqualifiedOrder();
    expect(await removeProduct(orderId, 'RX-LATANOPROST')).toBe('cart');
    expect(await statusOf(orderId)).toBe('cart');
    const history = await t.database.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(asc(orderStatusHistory.id));
    expect(history.map((h) => [h.fromStatus, h.toStatus])).toEqual([
      ['cart', 'disqualified'],
      ['disqualified', 'cart'],
    ]);
    // The rest of the questionnaire can now be answered.
    const res = await call(t.url, 'POST', path, {
      token,
      json: { orderId, productId: idOf('RX-WEIGHT-CARE'), answers: weightCareAnswers },
    });
    expect(res.status).toBe(200);
    expect(res.body.Data.disqualified).toBe(false);
  });

  it('keeps the order disqualified while another item still has a disqualifying answer', async () => {
    const { orderId } = await disqualifiedOrder();
    const weightCare = await itemOf(orderId, 'RX-WEIGHT-CARE');
    await t.database.db
      .insert(questionnaireAnswers)
      .values({ orderItemId: weightCare.id, questionCode: 'conditions', answer: ['pancreatitis'] });
    expect(await removeProduct(orderId, 'RX-LATANOPROST')).toBe('disqualified');
    expect(await removeProduct(orderId, 'RX-WEIGHT-CARE')).toBe('cart');
  });

  it('leaves other orders alone', async () => {
    const { token } = await patientToken();
    const orderId = await orderWith(token, 'OTC-READERS');
    expect(await reconsiderDisqualification(t.database.db, orderId)).toBe('cart');
    expect(await reconsiderDisqualification(t.database.db, 'not-a-uuid')).toBeNull();
    expect(
      await reconsiderDisqualification(t.database.db, '00000000-0000-4000-8000-000000000000'),
    ).toBeNull();
  });
});
