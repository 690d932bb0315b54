import { z } from 'zod';
import {
  type SortDirection,
  type StaffOrderSort,
  sortDirections,
  staffOrderSorts,
} from '../../../shared/contracts/staff-orders';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import { isOrderStatus } from '../../../shared/orders/statuses';
import { isUuid } from '../orders/order-queries';

/**
 * The keyset of each sort: the sorted column, then tie-breakers down to the order id, so that
 * every row has one place and a page starts exactly after the last row of the one before.
 */
export type SortKeyName = 'createdAt' | 'orderNumber' | 'total' | 'status' | 'id';

export interface SortKey {
  name: SortKeyName;
  dir: SortDirection;
}

export function sortKeysOf(sort: StaffOrderSort, dir: SortDirection): SortKey[] {
  switch (sort) {
    case 'createdAt':
      return [
        { name: 'createdAt', dir },
        { name: 'id', dir },
      ];
    case 'orderNumber':
      return [
        { name: 'orderNumber', dir },
        { name: 'id', dir },
      ];
    case 'total':
      return [
        { name: 'total', dir },
        { name: 'id', dir },
      ];
    case 'status': {
      // Ascending: within a status newest first, as the index on (status, created_at desc,
      // id desc) reads forwards; descending is exactly that list reversed (read backwards).
      const within: SortDirection = dir === 'asc' ? 'desc' : 'asc';
      return [
        { name: 'status', dir },
        { name: 'createdAt', dir: within },
        { name: 'id', dir: within },
      ];
    }
  }
}

/** A key's value in a cursor: created_at as exact text (microseconds), the others as they are. */
export type KeyValue = string | number | null;

export interface OrderCursor {
  sort: StaffOrderSort;
  dir: SortDirection;
  values: KeyValue[];
}

/** What a row gives for each key (createdAt in the exact text form of createdAtText). */
export interface KeyedRow {
  id: string;
  createdAtKey: string;
  orderNumber: string | null;
  totalCents: number;
  status: string;
}

function keyValueOf(row: KeyedRow, name: SortKeyName): KeyValue {
  switch (name) {
    case 'createdAt':
      return row.createdAtKey;
    case 'orderNumber':
      return row.orderNumber;
    case 'total':
      return row.totalCents;
    case 'status':
      return row.status;
    case 'id':
      return row.id;
  }
}

export function keyValuesOf(row: KeyedRow, keys: readonly SortKey[]): KeyValue[] {
  return keys.map((key) => keyValueOf(row, key.name));
}

/** A timestamp as the database writes it for a cursor: UTC, microseconds. */
const exactInstant = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3})\d{3}Z$/;

function isExactInstant(value: string): boolean {
  const match = exactInstant.exec(value);
  if (!match?.[1]) return false;
  const instant = new Date(`${match[1]}Z`);
  return !Number.isNaN(instant.getTime()) && instant.toISOString().slice(0, 23) === match[1];
}

function validValue(name: SortKeyName, value: unknown): boolean {
  switch (name) {
    case 'createdAt':
      return typeof value === 'string' && isExactInstant(value);
    case 'orderNumber':
      return value === null || (typeof value === 'string' && /^[\w-]{1,64}$/.test(value));
    case 'total':
      // An int4 column: a larger number would fail the cast in the database.
      return (
        typeof value === 'number' &&
        Number.isInteger(value) &&
        value >= -2_147_483_648 &&
        value <= 2_147_483_647
      );
    case 'status':
      return isOrderStatus(value);
    case 'id':
      return typeof value === 'string' && isUuid(value);
  }
}

const cursorShape = z.object({
  s: z.enum(staffOrderSorts),
  d: z.enum(sortDirections),
  k: z.array(z.union([z.string().max(64), z.number(), z.null()])).max(4),
});

export function encodeCursor(cursor: OrderCursor): string {
  const json = JSON.stringify({ s: cursor.sort, d: cursor.dir, k: cursor.values });
  return Buffer.from(json, 'utf8').toString('base64url');
}

const badCursor = () => fail.badRequest(messages.lookupCursorInvalid, { cursor: 'invalid' });

/** A cursor sent back by a client: anything that is not one of ours is a 400, never a 500. */
export function decodeCursor(text: string): OrderCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  const shape = cursorShape.safeParse(parsed);
  if (!shape.success) throw badCursor();
  const { s: sort, d: dir, k: values } = shape.data;
  const keys = sortKeysOf(sort, dir);
  if (values.length !== keys.length) throw badCursor();
  if (!keys.every((key, i) => validValue(key.name, values[i]))) throw badCursor();
  return { sort, dir, values };
}

/**
 * The sort a request pages by: the cursor's when it has one (a page continues the list it was
 * made for), else the query's, else newest first. A cursor with another sort is refused.
 */
export function resolveSort(
  query: { sort?: StaffOrderSort; dir?: SortDirection },
  cursor: OrderCursor | null,
  defaults: { sort: StaffOrderSort; dir: SortDirection },
): { sort: StaffOrderSort; dir: SortDirection } {
  if (!cursor) return { sort: query.sort ?? defaults.sort, dir: query.dir ?? defaults.dir };
  if ((query.sort && query.sort !== cursor.sort) || (query.dir && query.dir !== cursor.dir)) {
    throw fail.badRequest(messages.lookupCursorOtherSort, { cursor: 'invalid' });
  }
  return { sort: cursor.sort, dir: cursor.dir };
}
