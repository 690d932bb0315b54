import { randomInt, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { LabData, OrderLabsRequest } from '../../../shared/contracts/labs';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import { doctors } from '../../db/schema/care-network';
import { users } from '../../db/schema/identity';
import { labOrders } from '../../db/schema/records';
import type { AppDeps } from '../../deps';
import { writeAudit } from '../audit/audit-service';
import type { RequestContext } from '../auth/request-context';
import { doctorOf, visitOfDoctor } from '../visits/doctor-visits';
import { requisitionPdf } from './lab-pdfs';
import { type LabRow, labAnswer, labFacts } from './lab-queries';

/** Letters and digits that cannot be read as one another (no 0/O, 1/I/L). */
const requisitionAlphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A requisition number as printed: LR- and eight characters, random (no count is given away). */
export function newRequisitionNumber(): string {
  let code = '';
  for (let i = 0; i < 8; i += 1) code += requisitionAlphabet[randomInt(requisitionAlphabet.length)];
  return `LR-${code}`;
}

/**
 * The doctor orders labs for the patient of one of their visits (during it, after it or
 * before it). The requisition PDF is made now, as it will be printed, and kept in the file
 * store; the lab is recorded with it, audited.
 */
export async function orderLabs(
  deps: AppDeps,
  context: RequestContext,
  visitOrderId: string,
  request: OrderLabsRequest,
): Promise<LabData> {
  const { db } = deps.database;
  const doctor = await doctorOf(db, context);
  const visit = await visitOfDoctor(db, doctor, visitOrderId);
  const patientId = visit.order.userId;
  if (!patientId || visit.visit.status === 'cancelled') {
    throw fail.notFound(messages.visitNotFound);
  }
  const [patient] = await db.select().from(users).where(eq(users.id, patientId));
  const [doctorRow] = await db.select().from(doctors).where(eq(doctors.id, doctor.doctorId));
  if (!patient || !doctorRow) throw fail.notFound(messages.visitNotFound);

  // The lab as it will be recorded: the requisition prints it, the answer shows it.
  const row: LabRow = {
    lab: {
      id: randomUUID(),
      requisitionNumber: newRequisitionNumber(),
      patientId,
      storefrontId: patient.storefrontId,
      doctorId: doctor.doctorId,
      visitOrderId: visit.order.id,
      tests: request.tests,
      status: 'ordered',
      requisitionKey: randomUUID(),
      resultKey: null,
      resultValues: null,
      orderedAt: new Date(),
      collectedAt: null,
      resultedAt: null,
    },
    doctor: doctorRow,
    patient,
  };
  const { lab } = row;
  await deps.files.put(lab.requisitionKey, Readable.from([await requisitionPdf(labFacts(row))]));
  try {
    await db.transaction(async (tx) => {
      await tx.insert(labOrders).values(lab);
      await writeAudit(tx, context, {
        action: 'labs.order',
        outcome: 'success',
        subject: `lab:${lab.id}`,
        detail: { patientId, tests: request.tests.length },
      });
    });
  } catch (error) {
    await deps.files.remove(lab.requisitionKey).catch(() => undefined);
    throw error;
  }
  return labAnswer(row);
}
