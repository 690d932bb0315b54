import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sharesTurns } from '../../server/db/batched-calls';
import { products } from '../../server/db/schema/catalog';
import { users } from '../../server/db/schema/identity';
import { orders } from '../../server/db/schema/orders';
import { tokenHashOf, tokenWith, verifyToken } from '../../server/modules/auth/token-service';
import { addToOpenCart } from '../../server/modules/cart/add-to-open-cart';
import { invalidateProducts, storefrontProducts } from '../../server/modules/catalog/product-cache';
import { readOrderById } from '../../server/modules/orders/order-parts';
import { productBySku } from './helpers/catalog';
import { call } from './helpers/http';
import { placedOrder, savedCard } from './helpers/placed-orders';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createUser, guestToken, tokenFor } from './helpers/users';

// The hot paths' statements, counted where every query of the app goes out (the `pg` driver,
// for PostgreSQL and the embedded database alike): an order is read in one query with all it
// shows (DESIGN §7, issue 17), not a query per part.
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

/**
 * The statements of one request (after a first one, so a token read once may be remembered),
 * sent after another statement: on the embedded database a hot read's answer is kept until any
 * other statement is sent (server/db/read-cache.ts), and this counts a read that is sent.
 */
async function statementsOf(request: () => Promise<{ status: number }>): Promise<string[]> {
  expect((await request()).status).toBe(200);
  await t.database.db.execute(sql`select 1`);
  sent.length = 0;
  expect((await request()).status).toBe(200);
  return [...sent];
}

/** The statements of the same request again, right after it: a hot read's are kept. */
async function statementsAgain(request: () => Promise<{ status: number }>): Promise<string[]> {
  sent.length = 0;
  expect((await request()).status).toBe(200);
  return [...sent];
}

/** A hot read sent again: none on the embedded database, whose one process keeps its answer. */
const readAgain = () => (t.database.kind === 'pglite' ? 0 : 1);

/**
 * The statements that read a token: on PostgreSQL every request reads its own (a revocation
 * holds on every server at once); the hot reads read it in the statement that reads their data.
 */
const tokenRead = (statements: string[]) =>
  statements.filter((statement) => statement.includes('"auth_tokens"'));

describe('statements per request', () => {
  it('order details: the token, the order, its items, parts, payments and history in one statement', async () => {
    const user = await createUser(t, { email: `queries-${randomUUID()}@example.test` });
    const token = await tokenFor(t, user.email, user.password);
    const card = await savedCard(t, user.id);
    const order = await placedOrder(t, user.id, { cardId: card.id, status: 'approved' });
    const details = () =>
      call(t.url, 'GET', `/api/order/GetOrderDetails?orderId=${order.id}`, { token });
    const statements = await statementsOf(details);
    expect(statements).toHaveLength(1);
    expect(tokenRead(statements)).toHaveLength(1);
    expect(await statementsAgain(details)).toHaveLength(readAgain());
  });

  it("a guest's order: one statement, which also checks the guest token", async () => {
    const guest = await guestToken(t);
    const drops = await productBySku(t, 'OTC-EYE-DROPS');
    await call(t.url, 'POST', '/api/v1/guestorders', {
      token: guest,
      json: { storefrontId: 132, items: [{ productId: drops.id, qty: 1 }] },
    });
    const current = () => call(t.url, 'GET', '/api/v1/guestorders/current', { token: guest });
    const statements = await statementsOf(current);
    expect(statements).toHaveLength(1);
    expect(tokenRead(statements)).toHaveLength(1);
    expect(await statementsAgain(current)).toHaveLength(readAgain());
  });

  it('the cart: one statement, which also checks the token', async () => {
    const user = await createUser(t, { email: `queries-${randomUUID()}@example.test` });
    const token = await tokenFor(t, user.email, user.password);
    const drops = await productBySku(t, 'OTC-EYE-DROPS');
    await call(t.url, 'POST', '/api/user/Cart/AddToCart', {
      token,
      json: { productId: drops.id, storefrontId: 132 },
    });
    const cart = () => call(t.url, 'GET', '/api/user/Cart/GetItemsInCart', { token });
    const statements = await statementsOf(cart);
    expect(statements).toHaveLength(1);
    expect(tokenRead(statements)).toHaveLength(1);
    expect(await statementsAgain(cart)).toHaveLength(readAgain());
  });

  it("add to cart, a cart's first product: the token, then a transaction that makes the cart", async () => {
    const drops = await productBySku(t, 'OTC-EYE-DROPS');
    // Another patient's add first, so what the server caches (the catalog, the storefront) is in.
    const other = await createUser(t, { email: `queries-${randomUUID()}@example.test` });
    await call(t.url, 'POST', '/api/user/Cart/AddToCart', {
      token: await tokenFor(t, other.email, other.password),
      json: { productId: drops.id, storefrontId: 132 },
    });
    const user = await createUser(t, { email: `queries-${randomUUID()}@example.test` });
    const token = await tokenFor(t, user.email, user.password);
    sent.length = 0;
    const first = await call(t.url, 'POST', '/api/user/Cart/AddToCart', {
      token,
      json: { productId: drops.id, storefrontId: 132 },
    });
    expect(first.status).toBe(200);
    expect(sent.map((statement) => statement.split(' ')[0])).toEqual([
      'select', // the token (a write always reads it)
      'with', // the line into the caller's open cart: none yet, so nothing written
      'begin',
      'select', // the cart, locked: none
      'insert', // the cart made
      'with', // the line, and the cart's updated_at
      'select', // the cart read back with its parts
      'update', // its totals, as priced
      'commit',
    ]);
  });

  it('add to cart, with a cart: the token, one statement that locks the cart and writes the line, read back', async () => {
    const user = await createUser(t, { email: `queries-${randomUUID()}@example.test` });
    const token = await tokenFor(t, user.email, user.password);
    const drops = await productBySku(t, 'OTC-EYE-DROPS');
    const statements = await statementsOf(() =>
      call(t.url, 'POST', '/api/user/Cart/AddToCart', {
        token,
        json: { productId: drops.id, qty: 2, storefrontId: 132 },
      }),
    );
    expect(statements.map((statement) => statement.split(' ')[0])).toEqual([
      'select', // the token (a write always reads it)
      'with', // the cart locked, the line or its new quantity, the cart's updated_at
      'select', // the cart read back with its parts
    ]);
  });
});

// A token and what it reads, in one statement; the calls of one turn of the event loop in one
// statement together (`tokenWith` in server/modules/auth/token-service.ts), each answered its own.
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

// On PostgreSQL a turn's adds to carts, their read-backs and the tokens of signed-in calls go as
// one statement each (`sharesTurns` in server/db/batched-calls.ts); on the embedded database
// each call sends its own.
const perTurn = (calls: number) => (t.database.kind === 'postgres' ? 1 : calls);

/** A patient with a cart holding one product: their id, token, and the cart's id. */
async function patientWithCart(productId: number) {
  const caller = await patient();
  const added = await call(t.url, 'POST', '/api/user/Cart/AddToCart', {
    token: caller.token,
    json: { productId, storefrontId: 132 },
  });
  expect(added.status).toBe(200);
  return { ...caller, cartId: added.body.Data.id as string };
}

const addsSent = () => sent.filter((statement) => statement.startsWith('with "asked"'));

describe('the calls of one turn', () => {
  it("adds to several patients' carts: one statement on PostgreSQL, each line in its own cart", async () => {
    const drops = await productBySku(t, 'OTC-EYE-DROPS');
    const vitamin = await productBySku(t, 'OTC-VITAMIN-D3');
    const patients = await Promise.all([1, 2, 3].map(() => patientWithCart(vitamin.id)));
    sent.length = 0;
    const added = await Promise.all(
      patients.map(({ id }, index) =>
        addToOpenCart(t.deps, t.database.db, { kind: 'user', id }, drops.id, index + 2),
      ),
    );
    expect(added).toEqual(patients.map(({ cartId }) => cartId));
    expect(addsSent()).toHaveLength(perTurn(3));
    sent.length = 0;
    const carts = await Promise.all(
      patients.map(({ cartId }) => readOrderById(t.database.db, cartId)),
    );
    expect(sent).toHaveLength(perTurn(3));
    for (const [index, cart] of carts.entries()) {
      expect(cart?.order.userId).toBe(patients[index]?.id);
      const lines = cart?.parts.items.map(({ productId, qty }) => ({ productId, qty }));
      expect(lines).toEqual(
        expect.arrayContaining([
          { productId: vitamin.id, qty: 1 },
          { productId: drops.id, qty: index + 2 },
        ]),
      );
      expect(lines).toHaveLength(2);
    }
  });

  it('adds to one cart: a statement each, one after the other, both lines written', async () => {
    const drops = await productBySku(t, 'OTC-EYE-DROPS');
    const vitamin = await productBySku(t, 'OTC-VITAMIN-D3');
    const caller = await patientWithCart(drops.id);
    const owner = { kind: 'user', id: caller.id } as const;
    sent.length = 0;
    const added = await Promise.all([
      addToOpenCart(t.deps, t.database.db, owner, vitamin.id, 2),
      addToOpenCart(t.deps, t.database.db, owner, drops.id, 3),
    ]);
    expect(added).toEqual([caller.cartId, caller.cartId]);
    expect(addsSent()).toHaveLength(2);
    const cart = await readOrderById(t.database.db, caller.cartId);
    const lines = cart?.parts.items.map(({ productId, qty }) => ({ productId, qty }));
    expect(lines).toEqual(
      expect.arrayContaining([
        { productId: drops.id, qty: 3 },
        { productId: vitamin.id, qty: 2 },
      ]),
    );
  });

  it("answers null beside another's add for a patient without a cart, and writes nothing", async () => {
    const drops = await productBySku(t, 'OTC-EYE-DROPS');
    const [withCart, without] = await Promise.all([patientWithCart(drops.id), patient()]);
    const added = await Promise.all([
      addToOpenCart(t.deps, t.database.db, { kind: 'user', id: withCart.id }, drops.id, 2),
      addToOpenCart(t.deps, t.database.db, { kind: 'user', id: without.id }, drops.id, 2),
    ]);
    expect(added).toEqual([withCart.cartId, null]);
    const carts = await t.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(sql`${orders.userId} = ${without.id}`);
    expect(carts).toEqual([]);
  });

  it("fails only the add that fails: another patient's add of the same turn is written", async () => {
    const drops = await productBySku(t, 'OTC-EYE-DROPS');
    const [{ id: _id, ...columns }] = await t.database.db
      .select()
      .from(products)
      .where(eq(products.id, drops.id));
    const [gone] = await t.database.db
      .insert(products)
      .values({ ...columns, sku: `TEST-GONE-${randomUUID()}` })
      .returning();
    invalidateProducts(132);
    try {
      // In the catalog as this process has it, gone from the database: its line cannot be written.
      expect((await storefrontProducts(t.database, 132)).has(gone?.id ?? 0)).toBe(true);
      await t.database.db.delete(products).where(eq(products.id, gone?.id ?? 0));
      const [writer, failing] = await Promise.all([
        patientWithCart(drops.id),
        patientWithCart(drops.id),
      ]);
      const added = await Promise.allSettled([
        addToOpenCart(t.deps, t.database.db, { kind: 'user', id: writer.id }, drops.id, 4),
        addToOpenCart(t.deps, t.database.db, { kind: 'user', id: failing.id }, gone?.id ?? 0, 1),
      ]);
      expect(added.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected']);
      const cart = await readOrderById(t.database.db, writer.cartId);
      expect(cart?.parts.items.map(({ qty }) => qty)).toEqual([4]);
    } finally {
      invalidateProducts(132);
    }
  });

  it('shares statements on PostgreSQL only, and never in a transaction', async () => {
    expect(sharesTurns(t.database.db)).toBe(t.database.kind === 'postgres');
    expect(await t.database.db.transaction(async (tx) => sharesTurns(tx))).toBe(false);
  });

  it('reads the tokens of signed-in calls: one statement on PostgreSQL, each its own patient', async () => {
    const callers = await Promise.all([patient(), patient(), patient()]);
    await t.database.db.execute(sql`select 1`);
    sent.length = 0;
    const principals = await Promise.all(
      callers.map(({ token }) => verifyToken(t.database.db, token, false, { fresh: true })),
    );
    expect(tokenRead(sent)).toHaveLength(perTurn(3));
    const userIds = principals.map((principal) =>
      principal?.kind === 'user' ? principal.userId : null,
    );
    expect(userIds).toEqual(callers.map(({ id }) => id));
  });
});
