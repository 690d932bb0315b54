import { eq, type SQL, sql } from 'drizzle-orm';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { DbOrTx } from '../../db/client';
import { builtOncePerDatabase } from '../../db/prepared';
import { objectJson, oneRowJson, rowFromJson, rowJson, rowsJson } from '../../db/row-json';
import { doctorSlots, doctors, pharmacies, shippingMethods } from '../../db/schema/care-network';
import { users } from '../../db/schema/identity';
import {
  cards,
  orderItems,
  orderStatusHistory,
  orders,
  payments,
  promoCodes,
} from '../../db/schema/orders';
import type { OrderItemRow, OrderRow } from './order-queries';

const ownerColumns = ['firstName', 'lastName', 'email', 'phone'] as const;

/** What an order is priced and shown with, read beside it in the same statement. */
const partsJson = {
  items: rowsJson(orderItems, {
    where: sql`${orderItems.orderId} = ${orders.id}`,
    orderBy: [sql`${orderItems.createdAt}`, sql`${orderItems.productId}`],
  }),
  owner: oneRowJson(users, sql`${users.id} = ${orders.userId}`, ownerColumns),
  pharmacy: oneRowJson(pharmacies, sql`${pharmacies.id} = ${orders.pharmacyId}`),
  doctor: oneRowJson(doctors, sql`${doctors.id} = ${orders.doctorId}`),
  slot: oneRowJson(doctorSlots, sql`${doctorSlots.id} = ${orders.slotId}`),
  shippingMethod: oneRowJson(
    shippingMethods,
    sql`${shippingMethods.id} = ${orders.shippingMethodId}`,
  ),
  promo: oneRowJson(promoCodes, sql`${promoCodes.code} = ${orders.couponCode}`),
};

const fromJson = {
  order: rowFromJson(orders),
  item: rowFromJson(orderItems),
  owner: rowFromJson(users, ownerColumns),
  pharmacy: rowFromJson(pharmacies),
  doctor: rowFromJson(doctors),
  slot: rowFromJson(doctorSlots),
  shippingMethod: rowFromJson(shippingMethods),
  promo: rowFromJson(promoCodes),
  payment: rowFromJson(payments),
  card: rowFromJson(cards, ['brand', 'last4']),
  statusEntry: rowFromJson(orderStatusHistory),
};

type Json = Record<string, unknown>;
type PartsJson = Record<keyof typeof partsJson, Json | null> & { items: Json[] };

export interface OrderParts {
  items: OrderItemRow[];
  owner: ReturnType<typeof fromJson.owner> | null;
  pharmacy: ReturnType<typeof fromJson.pharmacy> | null;
  doctor: ReturnType<typeof fromJson.doctor> | null;
  slot: ReturnType<typeof fromJson.slot> | null;
  shippingMethod: ReturnType<typeof fromJson.shippingMethod> | null;
  promo: ReturnType<typeof fromJson.promo> | null;
}

export interface OrderWithParts {
  order: OrderRow;
  parts: OrderParts;
}

function partsFrom(json: PartsJson): OrderParts {
  const maybe = <Row>(map: (json: Json) => Row, value: Json | null) => (value ? map(value) : null);
  return {
    items: json.items.map(fromJson.item),
    owner: maybe(fromJson.owner, json.owner),
    pharmacy: maybe(fromJson.pharmacy, json.pharmacy),
    doctor: maybe(fromJson.doctor, json.doctor),
    slot: maybe(fromJson.slot, json.slot),
    shippingMethod: maybe(fromJson.shippingMethod, json.shippingMethod),
    promo: maybe(fromJson.promo, json.promo),
  };
}

/** Which orders a read looks for: placeholders for the values that vary, one statement name. */
export interface OrderShape {
  name: string;
  where: SQL;
  orderBy?: SQL;
}

/** The first order of this shape as `json` builds it: one JSON column of one row. */
function readAsJson(db: DbOrTx, json: SQL, { name, where, orderBy }: OrderShape) {
  const query = db.select({ read: json }).from(orders).where(where).$dynamic();
  return (orderBy ? query.orderBy(orderBy) : query).limit(1).prepare(name);
}

async function firstRead<Read>(
  query: { execute(values: Json): Promise<{ read: unknown }[]> },
  values: Json,
) {
  const [row] = await query.execute(values);
  return (row?.read ?? null) as Read | null;
}

/** An order and its parts as one JSON value (of the order in the statement's `from`). */
export const orderWithPartsJson = objectJson({ order: rowJson(orders), ...partsJson });

/** The order and its parts read as `orderWithPartsJson`. */
export function orderWithPartsFrom(json: Json): OrderWithParts {
  const read = json as PartsJson & { order: Json };
  return { order: fromJson.order(read.order), parts: partsFrom(read) };
}

/**
 * A read of the first order of this shape (for the values given) with its parts, in one
 * statement, built once per database; null when there is none.
 */
export function orderRead(shape: OrderShape) {
  const query = builtOncePerDatabase((db) => readAsJson(db, orderWithPartsJson, shape));
  return async (db: DbOrTx, values: Json): Promise<OrderWithParts | null> => {
    const read = await firstRead<Json>(query(db), values);
    return read ? orderWithPartsFrom(read) : null;
  };
}

const byId = (name: string): OrderShape => ({ name, where: eq(orders.id, sql.placeholder('id')) });

/** An order by its id (`{ id }`). */
export const readOrderById = orderRead(byId('order_with_parts_by_id'));

const partsById = builtOncePerDatabase((db) =>
  readAsJson(db, objectJson(partsJson), byId('parts_of_order_by_id')),
);

/** An order's payment as its screens show it, with the card it used (its brand and last 4). */
export type OrderPayment = ReturnType<typeof fromJson.payment> & {
  card: ReturnType<typeof fromJson.card> | null;
};
export type StatusEntry = ReturnType<typeof fromJson.statusEntry>;

/** An order's payments as its screens show them: oldest first, each with the card it used. */
export const paymentsWithTheirCards = {
  with: { card: { columns: { brand: true, last4: true } } },
  orderBy: (payment, { asc }) => [asc(payment.createdAt), asc(payment.id)],
} satisfies NonNullable<Parameters<DbOrTx['query']['payments']['findMany']>[0]>;

/** What an order's details show besides its parts: its payments and its status history. */
const paymentsAndHistoryJson = {
  payments: rowsJson(payments, {
    where: sql`${payments.orderId} = ${orders.id}`,
    orderBy: [sql`${payments.createdAt}`, sql`${payments.id}`],
    row: objectJson({
      payment: rowJson(payments),
      card: oneRowJson(cards, sql`${cards.id} = ${payments.cardId}`, ['brand', 'last4']),
    }),
  }),
  statusHistory: rowsJson(orderStatusHistory, {
    where: sql`${orderStatusHistory.orderId} = ${orders.id}`,
    orderBy: [sql`${orderStatusHistory.id}`],
  }),
};

const detailsById = builtOncePerDatabase((db) =>
  readAsJson(
    db,
    objectJson({ order: rowJson(orders), ...partsJson, ...paymentsAndHistoryJson }),
    byId('order_details_by_id'),
  ),
);

type DetailsJson = PartsJson & {
  order: Json;
  payments: { payment: Json; card: Json | null }[];
  statusHistory: Json[];
};

export interface OrderWithDetails extends OrderWithParts {
  payments: OrderPayment[];
  statusHistory: StatusEntry[];
}

/** An order by its id with its parts, payments and status history, in one statement. */
export async function readOrderDetailsById(
  db: DbOrTx,
  id: string,
): Promise<OrderWithDetails | null> {
  const read = await firstRead<DetailsJson>(detailsById(db), { id });
  if (!read) return null;
  return {
    ...orderWithPartsFrom(read),
    payments: read.payments.map(({ payment, card }) => ({
      ...fromJson.payment(payment),
      card: card ? fromJson.card(card) : null,
    })),
    statusHistory: read.statusHistory.map(fromJson.statusEntry),
  };
}

/** The parts of an order already read (one query, which reads only the parts). */
export async function partsOf(db: DbOrTx, order: OrderRow): Promise<OrderParts> {
  const read = await firstRead<PartsJson>(partsById(db), { id: order.id });
  if (!read) throw fail.notFound(messages.orderNotFound);
  return partsFrom(read);
}
