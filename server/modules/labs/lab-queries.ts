import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { LabData } from '../../../shared/contracts/labs';
import { labTestName } from '../../../shared/labs/lab-tests';
import type { DbOrTx } from '../../db/client';
import { doctors } from '../../db/schema/care-network';
import { users } from '../../db/schema/identity';
import { labOrders } from '../../db/schema/records';
import { isUuid } from '../orders/order-queries';
import { doctorName } from '../scheduling/doctor-queries';
import type { LabPdfFacts } from './lab-pdfs';

const labColumns = {
  lab: labOrders,
  doctor: {
    firstName: doctors.firstName,
    lastName: doctors.lastName,
    credentials: doctors.credentials,
    npi: doctors.npi,
  },
  patient: {
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
    dateOfBirth: users.dateOfBirth,
    phone: users.phone,
  },
};

/** Lab orders with their doctor and patient, newest first. */
export function selectLabs(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(labColumns)
    .from(labOrders)
    .innerJoin(doctors, eq(doctors.id, labOrders.doctorId))
    .innerJoin(users, eq(users.id, labOrders.patientId))
    .where(where)
    .orderBy(desc(labOrders.orderedAt), desc(labOrders.id));
}

export type LabRow = Awaited<ReturnType<typeof selectLabs>>[number];

/** One lab order (with `extra` conditions); undefined for an id that is not a lab's. */
export async function findLab(
  db: DbOrTx,
  labId: string,
  extra?: SQL,
  lock = false,
): Promise<LabRow | undefined> {
  if (!isUuid(labId)) return undefined;
  const query = selectLabs(db, and(eq(labOrders.id, labId), extra));
  const [row] = lock ? await query.for('update', { of: labOrders }) : await query;
  return row;
}

export function labAnswer(row: LabRow): LabData {
  const { lab } = row;
  return {
    id: lab.id,
    requisitionNumber: lab.requisitionNumber,
    status: lab.status,
    tests: lab.tests.map((code) => ({ code, name: labTestName(code) })),
    doctorName: doctorName(row.doctor),
    orderedAt: lab.orderedAt.toISOString(),
    collectedAt: lab.collectedAt?.toISOString() ?? null,
    resultedAt: lab.resultedAt?.toISOString() ?? null,
    hasResults: lab.resultKey !== null,
  };
}

/** What the requisition and results PDFs print of a lab. */
export function labFacts(row: LabRow): LabPdfFacts {
  return {
    requisitionNumber: row.lab.requisitionNumber,
    patient: {
      name: `${row.patient.firstName} ${row.patient.lastName}`,
      dateOfBirth: row.patient.dateOfBirth,
      phone: row.patient.phone,
    },
    doctor: {
      name: doctorName(row.doctor),
      credentials: row.doctor.credentials,
      npi: row.doctor.npi,
    },
    tests: row.lab.tests,
    orderedAt: row.lab.orderedAt,
  };
}
