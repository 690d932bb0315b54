import type { StaffOrderRow } from '../../../shared/contracts/staff-orders';
import type { DbOrTx } from '../../db/client';
import { dollars } from '../order-history/placed-orders';
import { namedLinesOf } from '../orders/order-queries';
import type { LookupRow } from './lookup-query';

export function personName(first: string | null, last: string | null): string | null {
  if (first === null && last === null) return null;
  return `${first ?? ''} ${last ?? ''}`.trim();
}

/** The rows of one page with their products and item counts (one more query for the page). */
export async function shapeRows(db: DbOrTx, rows: readonly LookupRow[]): Promise<StaffOrderRow[]> {
  const lines = await namedLinesOf(
    db,
    rows.map((row) => row.id),
  );
  const byOrder = new Map<string, { names: string[]; count: number }>();
  for (const line of lines) {
    const entry = byOrder.get(line.orderId) ?? { names: [], count: 0 };
    entry.names.push(line.name);
    entry.count += line.qty;
    byOrder.set(line.orderId, entry);
  }
  return rows.map((row) => {
    const items = byOrder.get(row.id);
    return {
      orderId: row.id,
      orderNumber: row.orderNumber,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
      patient:
        row.userId && row.email !== null
          ? {
              userId: row.userId,
              name: personName(row.firstName, row.lastName) ?? '',
              email: row.email,
              phone: row.phone,
              dateOfBirth: row.dateOfBirth,
            }
          : null,
      total: dollars(row.totalCents),
      totalCents: row.totalCents,
      itemCount: items?.count ?? 0,
      products: items?.names ?? [],
      visitType: row.visitType,
      placedByAgent: personName(row.agentFirstName, row.agentLastName),
      source: row.source,
    };
  });
}
