import { and, asc, desc, eq, exists, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { StaffOrderFilters } from '../../../shared/contracts/staff-orders';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/identity';
import { orderItems, orders } from '../../db/schema/orders';
import { placedStatuses } from '../order-history/placed-orders';
import type { KeyValue, SortKey, SortKeyName } from './order-cursor';
import { matchPatients, type PatientMatch, searchCondition } from './search-condition';
import type { SearchTerms } from './search-terms';

/**
 * The order lookup's one query (DESIGN §7): placed orders with their patient and agent, the
 * search and filters as indexable conditions, and a keyset page (no OFFSET, no count).
 */

const agent = alias(users, 'placed_by_agent');

/** created_at as exact text (UTC, microseconds): a JS Date keeps milliseconds only. */
const createdAtKey = sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const dayMs = 24 * 60 * 60 * 1000;

function filterConditions(db: DbOrTx, filters: StaffOrderFilters): SQL[] {
  const conditions: SQL[] = [];
  const statuses = filters.status?.length ? filters.status : placedStatuses;
  conditions.push(inArray(orders.status, [...new Set(statuses)]));
  if (filters.from) conditions.push(gte(orders.createdAt, dayStart(filters.from)));
  if (filters.to) {
    conditions.push(lt(orders.createdAt, new Date(dayStart(filters.to).getTime() + dayMs)));
  }
  if (filters.storefrontId !== undefined) {
    conditions.push(eq(orders.storefrontId, filters.storefrontId));
  }
  if (filters.visitType !== undefined) conditions.push(eq(orders.visitType, filters.visitType));
  if (filters.productId !== undefined) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(orderItems)
          .where(
            and(eq(orderItems.orderId, orders.id), eq(orderItems.productId, filters.productId)),
          ),
      ),
    );
  }
  return conditions;
}

function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

function keyExpr(name: SortKeyName): SQL {
  switch (name) {
    case 'createdAt':
      return sql`${orders.createdAt}`;
    case 'orderNumber':
      return sql`${orders.orderNumber}`;
    case 'total':
      return sql`${orders.totalCents}`;
    case 'status':
      return sql`${orders.status}`;
    case 'id':
      return sql`${orders.id}`;
  }
}

function keyValue(name: SortKeyName, value: KeyValue): SQL {
  switch (name) {
    case 'createdAt':
      return sql`${value}::timestamptz`;
    case 'id':
      return sql`${value}::uuid`;
    case 'total':
      return sql`${value}::int`;
    default:
      return sql`${value}::text`;
  }
}

/** Only the order number may be null; Postgres sorts nulls last ascending, first descending. */
const nullable = (name: SortKeyName) => name === 'orderNumber';

/**
 * The ways a row can come after `value` on one key, in list order: for an ascending nullable
 * key, a greater value and then null (nulls sort last ascending, first descending).
 */
function afterOn(key: SortKey, value: KeyValue): SQL[] {
  const expr = keyExpr(key.name);
  if (value === null) return key.dir === 'asc' ? [] : [sql`${expr} is not null`];
  const bound = keyValue(key.name, value);
  if (key.dir === 'desc') return [sql`${expr} < ${bound}`];
  return nullable(key.name)
    ? [sql`${expr} > ${bound}`, sql`${expr} is null`]
    : [sql`${expr} > ${bound}`];
}

function sameOn(key: SortKey, value: KeyValue): SQL {
  const expr = keyExpr(key.name);
  return value === null ? sql`${expr} is null` : sql`${expr} = ${keyValue(key.name, value)}`;
}

/** Keys in one direction and never null compare as one row value: (created_at, id) < (…, …). */
function rowAfter(keys: readonly SortKey[], values: readonly KeyValue[]): SQL {
  const left = sql.join(
    keys.map((k) => keyExpr(k.name)),
    sql`, `,
  );
  const right = sql.join(
    keys.map((k, i) => keyValue(k.name, values[i] ?? null)),
    sql`, `,
  );
  return keys[0]?.dir === 'asc' ? sql`(${left}) > (${right})` : sql`(${left}) < (${right})`;
}

/**
 * The rows after a cursor, as disjoint conditions in list order: every row matching one comes
 * before every row matching the next. The tail of keys sharing a direction (never null) is one
 * row comparison; each key before it adds "equal so far, then after on this key". Each
 * condition is an index range (e.g. status = 'paid' and (created_at, id) < (…), then
 * status > 'paid'), where one OR of them all would make PostgreSQL scan from the start.
 */
export function afterCursor(keys: readonly SortKey[], values: readonly KeyValue[]): SQL[] {
  let tail = keys.length;
  while (
    tail > 0 &&
    keys[tail - 1]?.dir === keys[keys.length - 1]?.dir &&
    !nullable(keys[tail - 1]?.name ?? 'id')
  ) {
    tail -= 1;
  }
  const prefix = keys.slice(0, tail);
  const same = (count: number) =>
    prefix.slice(0, count).map((k, j) => sameOn(k, values[j] ?? null));
  const branches: SQL[] = [];
  if (tail < keys.length) {
    const after = rowAfter(keys.slice(tail), values.slice(tail));
    branches.push(and(...same(tail), after) ?? after);
  }
  for (let i = tail - 1; i >= 0; i -= 1) {
    const key = prefix[i] as SortKey;
    for (const after of afterOn(key, values[i] ?? null)) {
      branches.push(and(...same(i), after) ?? after);
    }
  }
  return branches;
}

export interface LookupRequest {
  terms: SearchTerms | null;
  filters: StaffOrderFilters;
  keys: readonly SortKey[];
  after: readonly KeyValue[] | null;
  limit: number;
}

/**
 * One query of a page, not yet run (`after` is one of afterCursor's conditions), with the
 * patients the search matched (matchPatients).
 */
export function lookupQuery(
  db: DbOrTx,
  request: LookupRequest & { patients: PatientMatch },
  after?: SQL,
  limit = request.limit,
) {
  const conditions = filterConditions(db, request.filters);
  if (request.terms) conditions.push(searchCondition(db, request.terms, request.patients));
  if (after) conditions.push(after);
  const order = request.keys.map((k) =>
    k.dir === 'asc' ? asc(keyExpr(k.name)) : desc(keyExpr(k.name)),
  );
  // Listed patients: the page's ids first, then their rows. Sorted by date, the ids come from
  // migration 0008's index alone (user_id, created_at, id, status; no table reads), where
  // reading whole rows made PostgreSQL walk every order newest first instead.
  const where = Array.isArray(request.patients)
    ? inArray(
        orders.id,
        db
          .select({ id: orders.id })
          .from(orders)
          .where(and(...conditions))
          .orderBy(...order)
          .limit(limit),
      )
    : and(...conditions);
  return db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      createdAt: orders.createdAt,
      createdAtKey,
      paidAt: orders.paidAt,
      totalCents: orders.totalCents,
      visitType: orders.visitType,
      source: orders.source,
      userId: orders.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      dateOfBirth: users.dateOfBirth,
      agentFirstName: agent.firstName,
      agentLastName: agent.lastName,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(agent, eq(agent.id, orders.placedByAgentId))
    .where(where)
    .orderBy(...order)
    .limit(limit);
}

/** One page: the first rows, or the rows after a cursor, one index range after the other. */
export async function lookupOrders(db: DbOrTx, lookup: LookupRequest) {
  const request = { ...lookup, patients: await matchPatients(db, lookup.terms) };
  if (!request.after) return lookupQuery(db, request).execute();
  const rows: Awaited<ReturnType<typeof lookupQuery>> = [];
  for (const after of afterCursor(request.keys, request.after)) {
    rows.push(...(await lookupQuery(db, request, after, request.limit - rows.length)));
    if (rows.length >= request.limit) break;
  }
  return rows;
}

export type LookupRow = Awaited<ReturnType<typeof lookupOrders>>[number];
