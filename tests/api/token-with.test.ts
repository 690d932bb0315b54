import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema/identity';
import { orders } from '../../server/db/schema/orders';
import { tokenHashOf, tokenWith } from '../../server/modules/auth/token-service';
import { productBySku } from './helpers/catalog';
import { call } from './helpers/http';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createUser, tokenFor } from './helpers/users';

// A token and what it reads, in one statement; the calls of one turn of the event loop in one
// statement together (server/modules/auth/token-service.ts), each answered its own.
let t: TestApp;
const sent: string[] = [];
const query = pg.Client.prototype.query;
beforeAll(async () => {
  t = await startTestApp();
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [statement] = args as [string | { text?: string }];
    sent.push(typeof statement === 'string' ? statement : (statement.text ?? ''));
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
});
afterAll(async () => {
  pg.Client.prototype.query = query;
  await t.close();
});
afterEach(() => {
  sent.length = 0;
});

const emailOfToken = tokenWith(
  'test_tokens_with_email',
  () => sql`json_build_object('email', ${users.email})`,
);
const orderOfToken = tokenWith(
  'test_tokens_with_order',
  ({ id }) =>
    sql`(select json_build_object('id', ${orders.id}) from ${orders}
      where ${orders.id} = ${id} and ${orders.userId} = ${users.id})`,
  { id: 'uuid' },
);

/** A patient signed in: their id and their token's hash. */
async function patient() {
  const user = await createUser(t, { email: `token-with-${randomUUID()}@example.test` });
  const token = await tokenFor(t, user.email, user.password);
  return { id: user.id, token, hash: tokenHashOf(token) as string };
}

describe('a token read with its data', () => {
  it('reads the calls of one turn in one statement, each answered its own token and read', async () => {
    const callers = await Promise.all([patient(), patient(), patient()]);
    const unknown = tokenHashOf(`not-a-token-${randomUUID()}`) as string;
    await t.database.db.execute(sql`select 1`);
    sent.length = 0;
    const answers = await Promise.all([
      ...callers.map(({ hash }) => emailOfToken(t.database.db, { hash })),
      emailOfToken(t.database.db, { hash: unknown }),
    ]);
    expect(sent).toHaveLength(1);
    for (const [index, caller] of callers.entries()) {
      expect(answers[index]?.token?.userId).toBe(caller.id);
      expect(answers[index]?.read).toEqual({ email: answers[index]?.token?.email });
    }
    expect(answers[3]).toEqual({ token: null, read: null });
  });

  it("gives each call its own values: another patient's order is not read", async () => {
    const [owner, other] = await Promise.all([patient(), patient()]);
    const drops = await productBySku(t, 'OTC-EYE-DROPS');
    const added = await call(t.url, 'POST', '/api/user/Cart/AddToCart', {
      token: owner.token,
      json: { productId: drops.id, storefrontId: 132 },
    });
    const id = added.body.Data.id as string;
    const [own, others] = await Promise.all([
      orderOfToken(t.database.db, { hash: owner.hash, id }),
      orderOfToken(t.database.db, { hash: other.hash, id }),
    ]);
    expect(own.read).toEqual({ id });
    expect(others.token?.userId).toBe(other.id);
    expect(others.read).toBeNull();
  });

  it('carts read at the same moment (batched together when they arrive in one turn): each patient answered their own', async () => {
    const products = ['OTC-EYE-DROPS', 'OTC-VITAMIN-D3', 'OTC-EYE-DROPS'];
    const patients = await Promise.all(
      products.map(async (sku, index) => {
        const user = await createUser(t, { email: `queries-${randomUUID()}@example.test` });
        const token = await tokenFor(t, user.email, user.password);
        const product = await productBySku(t, sku);
        const qty = index + 1;
        await call(t.url, 'POST', '/api/user/Cart/AddToCart', {
          token,
          json: { productId: product.id, qty, storefrontId: 132 },
        });
        return { token, productId: product.id, qty };
      }),
    );
    await t.database.db.execute(sql`select 1`);
    const carts = await Promise.all(
      patients.map(({ token }) => call(t.url, 'GET', '/api/user/Cart/GetItemsInCart', { token })),
    );
    for (const [index, cart] of carts.entries()) {
      const asked = patients[index];
      expect(cart.status).toBe(200);
      expect(cart.body.Data.items).toMatchObject([
        { productId: asked?.productId, qty: asked?.qty },
      ]);
    }
  });
});
