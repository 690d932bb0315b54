import { desc, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../../shared/errors/app-error';
import {
  answersByNumber,
  batchedPerDatabase,
  callsOfBatch,
  sharesTurns,
} from '../../db/batched-calls';
import type { Db, DbOrTx } from '../../db/client';
import { builtOncePerDatabase } from '../../db/prepared';
import { orderItems, orders } from '../../db/schema/orders';
import type { AppDeps } from '../../deps';
import { storefrontProducts } from '../catalog/product-cache';
import { type OpenOrdersOwner, openOrders } from '../orders/order-access';
import { lineOf } from './cart-service';

/**
 * Add to cart in one statement, for a caller who already has an open cart of this storefront
 * (every add but a cart's first): the cart locked, the line added (a product already in it
 * left as it is, or set to the quantity given), the cart touched, all or nothing, without a
 * transaction's BEGIN and COMMIT or a statement to lock the cart first. Answers the cart's id,
 * or null when the caller has no such cart or the line needs more than an insert (a quantity
 * of 0 removes the product; a product or quantity this storefront refuses is refused in the
 * cart's own terms): the caller then takes the transaction's way (`setCartLines`), which
 * makes the cart, removes, or says what is wrong. On PostgreSQL the adds of one turn go as one
 * statement (`sharesTurns`): one round trip for many patients' adds under load.
 */
export async function addToOpenCart(
  deps: AppDeps,
  db: Db,
  owner: OpenOrdersOwner,
  productId: number,
  qty: number | undefined,
): Promise<string | null> {
  if (qty === 0) return null;
  const { storefrontId } = deps.config;
  const products = await storefrontProducts(deps.database, storefrontId, db);
  const line = lineOf(products.get(productId), qty);
  if (line instanceof AppError) return null;
  const add = linesInOpenCarts[owner.kind][qty === undefined ? 'kept' : 'set'];
  const asked = { owner: owner.id, storefrontId, ...line };
  if (sharesTurns(db)) {
    const added = await add.inTurn(db, asked);
    if ('error' in added) throw added.error;
    return added.id;
  }
  const [id] = await add.send(db, [asked]);
  return id ?? null;
}

/** One add's values: whose cart, of which storefront, and the line. */
interface AskedLine {
  owner: string;
  storefrontId: number;
  productId: number;
  qty: number;
  unitPriceCents: number;
  consultFeeCents: number;
  checkoutStages: number;
}

/** The values of `AskedLine`, in the statement's order, each sent as an array of them. */
const askedColumns = [
  ['owner', 'uuid'],
  ['storefrontId', 'int'],
  ['productId', 'int'],
  ['qty', 'int'],
  ['unitPriceCents', 'int'],
  ['consultFeeCents', 'int'],
  ['checkoutStages', 'int'],
] as const satisfies readonly (readonly [keyof AskedLine, string])[];

const column = (name: string) => sql.identifier(name);

/**
 * The statement over arrays of adds: each add's cart (the owner's newest open order, as
 * `openOrderOf` picks it) locked, its line inserted when the cart is of the add's storefront,
 * the carts touched; each add answered its cart's id (`n`: its place in the arrays). Carts are
 * locked in the order of the arrays: `send` sorts them by owner, so that two statements
 * locking the same carts lock them in the same order and never wait on each other in a cycle.
 */
function linesInOpenCartsOf(kind: OpenOrdersOwner['kind'], existing: 'kept' | 'set') {
  return builtOncePerDatabase((db) => {
    const arrays = askedColumns.map(
      ([key, type]) => sql`${sql.placeholder(key)}::${sql.raw(type)}[]`,
    );
    const names = askedColumns.map(([key]) => sql`${column(key)}`);
    const asked = db.$with('asked', {}).as(sql`select * from ${callsOfBatch(arrays, 'a', names)}`);
    const newest = db
      .select({ id: orders.id, storefrontId: orders.storefrontId })
      .from(orders)
      .where(openOrders[kind](sql`asked.owner` as never))
      .orderBy(desc(orders.createdAt))
      .limit(1)
      .for('update');
    const cart = db
      .$with('cart', {})
      .as(
        sql`select asked.*, newest.id as order_id from asked cross join lateral (${newest}) newest where newest.storefront_id = asked.${column('storefrontId')}`,
      );
    const onConflict: SQL =
      existing === 'kept'
        ? sql`do nothing`
        : sql`do update set ${column(orderItems.qty.name)} = excluded.${column(orderItems.qty.name)}`;
    const lineColumns = [
      [orderItems.orderId, 'order_id'],
      [orderItems.productId, 'productId'],
      [orderItems.qty, 'qty'],
      [orderItems.unitPriceCents, 'unitPriceCents'],
      [orderItems.consultFeeCents, 'consultFeeCents'],
      [orderItems.checkoutStages, 'checkoutStages'],
    ] as const;
    const line = db.$with('line', {}).as(
      sql`insert into ${orderItems} (${sql.join(
        lineColumns.map(([target]) => column(target.name)),
        sql`, `,
      )})
      select ${sql.join(
        lineColumns.map(([, source]) => column(source)),
        sql`, `,
      )} from cart
      on conflict (${column(orderItems.orderId.name)}, ${column(orderItems.productId.name)})
      ${onConflict}`,
    );
    const touched = db
      .$with('touched', {})
      .as(
        sql`update ${orders} set ${column(orders.updatedAt.name)} = now() where ${orders.id} in (select order_id from cart)`,
      );
    return db
      .with(asked, cart, line, touched)
      .select({ n: sql<string>`cart.n`, id: sql<string>`cart.order_id` })
      .from(sql`cart`)
      .prepare(`cart_lines_${existing}_in_open_carts_of_${kind}`);
  });
}

/**
 * The adds of one kind of owner and line: `send` runs one statement for a list of adds (whose
 * owners all differ: a cart's line is inserted or set once a statement) and answers each its
 * cart's id or null; `inTurn` sends a turn's adds as one statement, or each alone, one after
 * the other, when two are to one cart or the one statement failed (nothing of it written: an
 * add's error, as a product gone, is then its own and not its turn's).
 */
function addsOf(kind: OpenOrdersOwner['kind'], existing: 'kept' | 'set') {
  const statement = linesInOpenCartsOf(kind, existing);
  const send = async (db: DbOrTx, adds: AskedLine[]): Promise<(string | null)[]> => {
    const sorted = [...adds.keys()].sort((a, b) => compare(adds[a]?.owner, adds[b]?.owner));
    const values = Object.fromEntries(
      askedColumns.map(([key]) => [key, sorted.map((index) => adds[index]?.[key])]),
    );
    const rows = await statement(db).execute(values);
    const inSortedOrder = answersByNumber(adds.length, rows, (row) => row.id);
    const answers: (string | null)[] = adds.map(() => null);
    for (const [place, index] of sorted.entries()) answers[index] = inSortedOrder[place] ?? null;
    return answers;
  };
  const inTurn = batchedPerDatabase(async (db, adds: AskedLine[]): Promise<Added[]> => {
    if (new Set(adds.map((add) => add.owner)).size === adds.length) {
      try {
        return (await send(db, adds)).map((id) => ({ id }));
      } catch (error) {
        // Nothing of the statement was written: each add again alone, to fail on its own.
        if (adds.length === 1) return [{ error }];
      }
    }
    const added: Added[] = [];
    for (const add of adds) {
      added.push(
        await send(db, [add]).then(
          ([id]) => ({ id: id ?? null }),
          (error) => ({ error }),
        ),
      );
    }
    return added;
  });
  return { send, inTurn };
}

/** What an add of a turn came to: its cart's id (null: none), or its own error. */
type Added = { id: string | null } | { error: unknown };

const compare = (a = '', b = '') => (a < b ? -1 : a > b ? 1 : 0);

const linesInOpenCarts = {
  user: { kept: addsOf('user', 'kept'), set: addsOf('user', 'set') },
  guest: { kept: addsOf('guest', 'kept'), set: addsOf('guest', 'set') },
};
