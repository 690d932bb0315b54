import { sql } from 'drizzle-orm';
import { PATIENT_ORDER_COUNT_CAP, type PatientRow } from '../../../shared/contracts/staff-patients';
import { users } from '../../db/schema/identity';
import { placedStatuses } from '../order-history/placed-orders';
import {
  effectiveIntakeStatus,
  type IntakeStatus,
  outerUserId,
} from '../registration/intake-status';

/**
 * The columns of a patient row. The order count is a bounded subquery per row (at most
 * PATIENT_ORDER_COUNT_CAP index entries of orders_user_idx), never an unbounded count.
 */
export const patientRowFields = {
  userId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  dateOfBirth: users.dateOfBirth,
  createdAt: users.createdAt,
  orderCount: sql<number>`(
    select count(*)::int from (
      select 1 from orders as placed_order
      where placed_order.user_id = ${outerUserId}
        and placed_order.status in (${sql.join(
          placedStatuses.map((status) => sql`${status}`),
          sql`, `,
        )})
      limit ${PATIENT_ORDER_COUNT_CAP}
    ) as placed
  )`,
  intakeStatus: effectiveIntakeStatus(),
};

export interface PatientRowValues {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  dateOfBirth: string | null;
  createdAt: Date;
  orderCount: number;
  intakeStatus: IntakeStatus | null;
}

export function toPatientRow(row: PatientRowValues): PatientRow {
  return {
    ...row,
    name: `${row.firstName} ${row.lastName}`,
    createdAt: row.createdAt.toISOString(),
    orderCount: Number(row.orderCount),
  };
}
