import { type SQL, sql } from 'drizzle-orm';
import { users } from '../../db/schema/identity';

export type IntakeStatus = 'invited' | 'registered' | 'ordered';

/**
 * The id of the `users` row of the outer query, for correlated subqueries in a select list:
 * there drizzle writes columns without their table when the query reads one table, and a bare
 * "id" inside a subquery on orders would mean orders.id.
 */
export const outerUserId = sql.raw('"users"."id"');

/**
 * An intake patient's status as staff see it (issue 5: invited, registered, ordered): 'ordered'
 * once any of their orders is paid, else the stored status; null for patients no ECP
 * registered. Computed when read rather than stored, because the stored 'invited' is what lets
 * the invitation link work: a patient an agent took a phone order for must still be able to
 * finish registering. The EXISTS walks orders_user_idx, one probe per row of a bounded page.
 * For queries that read `users` under its own name.
 */
export function effectiveIntakeStatus(): SQL<IntakeStatus | null> {
  return sql<IntakeStatus | null>`case
    when ${users.intakeStatus} is null then null
    when exists (
      select 1 from orders as paid_order
      where paid_order.user_id = ${outerUserId} and paid_order.paid_at is not null
    ) then 'ordered'
    else ${users.intakeStatus}
  end`;
}
