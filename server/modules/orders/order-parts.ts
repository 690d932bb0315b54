import { eq, type SQL, sql } from 'drizzle-orm';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import {
  answersByNumber,
  batchedPerDatabase,
  callsOfBatch,
  sharesTurns,
} from '../../db/batched-calls';
import type { Db, DbOrTx } from '../../db/client';
import { builtOncePerDatabase } from '../../db/prepared';
import {
  objectJson,
  oneRowJson,
  rowFromJson,
  rowJson,
  rowsJson,
  selectionFromJson,
  selectionJson,
} from '../../db/row-json';
import { oneRowVersion, rowsVersion, rowVersion, versionsText } from '../../db/row-versions';
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

/** What an order shows of its patient. */
const ownerColumns = {
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
};
/** What an order's payment shows of the saved card it used. */
const cardColumns = { brand: cards.brand, last4: cards.last4 };

/** What an order is priced and shown with, read beside it in the same statement. */
const partsJson = {
  items: rowsJson(orderItems, {
    where: sql`${orderItems.orderId} = ${orders.id}`,
    orderBy: [sql`${orderItems.createdAt}`, sql`${orderItems.productId}`],
  }),
  owner: oneRowJson(users, sql`${users.id} = ${orders.userId}`, selectionJson(ownerColumns)),
  pharmacy: oneRowJson(pharmacies, sql`${pharmacies.id} = ${orders.pharmacyId}`),
  doctor: oneRowJson(doctors, sql`${doctors.id} = ${orders.doctorId}`),
  slot: oneRowJson(doctorSlots, sql`${doctorSlots.id} = ${orders.slotId}`),
  shippingMethod: oneRowJson(
    shippingMethods,
    sql`${shippingMethods.id} = ${orders.shippingMethodId}`,
  ),
  promo: oneRowJson(promoCodes, sql`${promoCodes.code} = ${orders.couponCode}`),
};

/** The versions of the rows each part is read from (`server/db/row-versions.ts`). */
const partsVersion: Record<keyof typeof partsJson, SQL> = {
  items: rowsVersion(orderItems, {
    where: sql`${orderItems.orderId} = ${orders.id}`,
    id: orderItems.id,
  }),
  owner: oneRowVersion(users, sql`${users.id} = ${orders.userId}`),
  pharmacy: oneRowVersion(pharmacies, sql`${pharmacies.id} = ${orders.pharmacyId}`),
  doctor: oneRowVersion(doctors, sql`${doctors.id} = ${orders.doctorId}`),
  slot: oneRowVersion(doctorSlots, sql`${doctorSlots.id} = ${orders.slotId}`),
  shippingMethod: oneRowVersion(
    shippingMethods,
    sql`${shippingMethods.id} = ${orders.shippingMethodId}`,
  ),
  promo: oneRowVersion(promoCodes, sql`${promoCodes.code} = ${orders.couponCode}`),
};

const fromJson = {
  order: rowFromJson(orders),
  item: rowFromJson(orderItems),
  owner: selectionFromJson(ownerColumns),
  pharmacy: rowFromJson(pharmacies),
  doctor: rowFromJson(doctors),
  slot: rowFromJson(doctorSlots),
  shippingMethod: rowFromJson(shippingMethods),
  promo: rowFromJson(promoCodes),
  payment: rowFromJson(payments),
  card: selectionFromJson(cardColumns),
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

/** A part read as JSON, mapped; null when the order has none. */
function maybe<Row>(map: (json: Json) => Row, value: Json | null): Row | null {
  return value ? map(value) : null;
}

function partsFrom(json: PartsJson): OrderParts {
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

/** An order by its id (`{ id }`) as `json` builds it: one JSON column of one row. */
function byIdAsJson(db: DbOrTx, json: SQL, name: string) {
  return db
    .select({ read: json })
    .from(orders)
    .where(eq(orders.id, sql.placeholder('id')))
    .limit(1)
    .prepare(name);
}

/** The JSON read of an order by its id, or null when there is none. */
async function readById<Read>(
  query: { execute(values: { id: string }): Promise<{ read: unknown }[]> },
  id: string,
): Promise<Read | null> {
  const [row] = await query.execute({ id });
  return (row?.read ?? null) as Read | null;
}

/** The order and its parts, each as JSON. */
const orderAndPartsJson = { order: rowJson(orders), ...partsJson };

/** An order and its parts as one JSON value (of the order in the statement's `from`). */
export const orderWithPartsJson = objectJson(orderAndPartsJson);

/** The order and its parts read as `orderWithPartsJson`. */
export function orderWithPartsFrom(json: Json): OrderWithParts {
  const read = json as PartsJson & { order: Json };
  return { order: fromJson.order(read.order), parts: partsFrom(read) };
}

const orderWithPartsById = builtOncePerDatabase((db) =>
  byIdAsJson(db, orderWithPartsJson, 'order_with_parts_by_id'),
);

/** Orders by their ids (`{ id }`, an array) with their parts: each its row's `read`, and `n`. */
const ordersWithPartsByIds = builtOncePerDatabase((db) =>
  db
    .select({ n: sql<string>`asked.n`, read: sql<Json>`${orderWithPartsJson}` })
    .from(callsOfBatch([sql`${sql.placeholder('id')}::uuid[]`], 'asked', [sql.raw('id')]))
    .innerJoin(orders, eq(orders.id, sql`asked.id`))
    .prepare('orders_with_parts_by_ids'),
);

/** The orders of a turn's reads by id, in one statement (see `sharesTurns`). */
const orderWithPartsInTurn = batchedPerDatabase(async (db, ids: string[]) =>
  answersByNumber(
    ids.length,
    await ordersWithPartsByIds(db).execute({ id: ids }),
    (row) => row.read,
  ),
);

/**
 * An order by its id with its parts, in one statement (on PostgreSQL, shared with the turn's
 * other reads of an order by id); null when there is none.
 */
export async function readOrderById(db: DbOrTx, id: string): Promise<OrderWithParts | null> {
  const read = sharesTurns(db)
    ? await orderWithPartsInTurn(db as Db, id)
    : await readById<Json>(orderWithPartsById(db), id);
  return read ? orderWithPartsFrom(read) : null;
}

const partsById = builtOncePerDatabase((db) =>
  byIdAsJson(db, objectJson(partsJson), 'parts_of_order_by_id'),
);

/** An order's payment as its screens show it, with the card it used (its brand and last 4). */
export type OrderPayment = ReturnType<typeof fromJson.payment> & {
  card: ReturnType<typeof fromJson.card> | null;
};
export type StatusEntry = ReturnType<typeof fromJson.statusEntry>;

/**
 * What an order's details show besides its parts: its payments, oldest first, each with the
 * card it used, and its status history.
 */
const paymentsAndHistoryJson = {
  payments: rowsJson(payments, {
    where: sql`${payments.orderId} = ${orders.id}`,
    orderBy: [sql`${payments.createdAt}`, sql`${payments.id}`],
    row: objectJson({
      payment: rowJson(payments),
      card: oneRowJson(cards, sql`${cards.id} = ${payments.cardId}`, selectionJson(cardColumns)),
    }),
  }),
  statusHistory: rowsJson(orderStatusHistory, {
    where: sql`${orderStatusHistory.orderId} = ${orders.id}`,
    orderBy: [sql`${orderStatusHistory.id}`],
  }),
};

/** An order with its parts, payments and status history as one JSON value. */
export const orderWithDetailsJson = objectJson({ ...orderAndPartsJson, ...paymentsAndHistoryJson });

const paymentsAndHistoryVersion: Record<keyof typeof paymentsAndHistoryJson, SQL> = {
  payments: rowsVersion(payments, {
    where: sql`${payments.orderId} = ${orders.id}`,
    id: payments.id,
    more: oneRowVersion(cards, sql`${cards.id} = ${payments.cardId}`),
  }),
  statusHistory: rowsVersion(orderStatusHistory, {
    where: sql`${orderStatusHistory.orderId} = ${orders.id}`,
    id: orderStatusHistory.id,
  }),
};

/**
 * The versions of every row `orderWithPartsJson` and `orderWithDetailsJson` read, as one text
 * each (of the order in the statement's `from`): the same text while none of them changed.
 */
export const orderWithPartsVersion = versionsText(orders.id, [
  rowVersion(orders),
  ...Object.values(partsVersion),
]);
export const orderWithDetailsVersion = versionsText(orders.id, [
  rowVersion(orders),
  ...Object.values(partsVersion),
  ...Object.values(paymentsAndHistoryVersion),
]);

type PaymentsAndHistoryJson = {
  payments: { payment: Json; card: Json | null }[];
  statusHistory: Json[];
};
type DetailsJson = PartsJson & PaymentsAndHistoryJson & { order: Json };

export interface OrderWithDetails extends OrderWithParts {
  payments: OrderPayment[];
  statusHistory: StatusEntry[];
}

/** The order with its parts, payments and status history read as `orderWithDetailsJson`. */
export function orderWithDetailsFrom(json: Json): OrderWithDetails {
  const read = json as DetailsJson;
  return { ...orderWithPartsFrom(read), ...paymentsAndHistoryFrom(read) };
}

function paymentsAndHistoryFrom(read: PaymentsAndHistoryJson) {
  return {
    payments: read.payments.map(({ payment, card }) => ({
      ...fromJson.payment(payment),
      card: card ? fromJson.card(card) : null,
    })),
    statusHistory: read.statusHistory.map(fromJson.statusEntry),
  };
}

const paymentsAndHistoryById = builtOncePerDatabase((db) =>
  byIdAsJson(db, objectJson(paymentsAndHistoryJson), 'payments_and_history_of_order'),
);

/** An order's payments (each with its card) and status history; none for an unknown order. */
export async function readPaymentsAndHistory(
  db: DbOrTx,
  orderId: string,
): Promise<{ payments: OrderPayment[]; statusHistory: StatusEntry[] }> {
  const read = await readById<PaymentsAndHistoryJson>(paymentsAndHistoryById(db), orderId);
  return read ? paymentsAndHistoryFrom(read) : { payments: [], statusHistory: [] };
}

/** The parts of an order already read (one query, which reads only the parts). */
export async function partsOf(db: DbOrTx, order: OrderRow): Promise<OrderParts> {
  const read = await readById<PartsJson>(partsById(db), order.id);
  if (!read) throw fail.notFound(messages.orderNotFound);
  return partsFrom(read);
}
