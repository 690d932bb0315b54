import { and, eq } from 'drizzle-orm';
import type {
  PrescriberInfoData,
  PrescriberInfoQuery,
} from '../../../shared/contracts/registration';
import { fail } from '../../../shared/errors/app-error';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/identity';
import { writeAudit } from '../audit/audit-service';
import type { RequestContext } from '../auth/request-context';

type PatientRow = typeof users.$inferSelect;

/** The ECP of a patient as the patient and staff see them; null when none registered them. */
export async function prescriberOf(
  db: DbOrTx,
  patient: Pick<PatientRow, 'registeredByEcpId'>,
): Promise<PrescriberInfoData | null> {
  if (!patient.registeredByEcpId) return null;
  const [ecp] = await db
    .select({
      practiceName: users.practiceName,
      firstName: users.firstName,
      lastName: users.lastName,
      npi: users.npi,
      phone: users.phone,
    })
    .from(users)
    .where(and(eq(users.id, patient.registeredByEcpId), eq(users.role, 'ecp')))
    .limit(1);
  return ecp ?? null;
}

async function patientBy(db: DbOrTx, field: 'id' | 'peopleId', value: string) {
  const column = field === 'id' ? users.id : users.intakePeopleId;
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(column, value), eq(users.role, 'patient')))
    .limit(1);
  return row ?? null;
}

/** Whether the caller may learn who registered this patient (anyone else: 404). */
function mayRead(context: RequestContext, patient: PatientRow, now: Date): boolean {
  const { principal } = context;
  if (principal.kind !== 'user') {
    // The holder of a pending invitation link: the page that completes it shows the ECP.
    return (
      patient.intakeStatus === 'invited' &&
      (!patient.intakeExpiresAt || patient.intakeExpiresAt > now)
    );
  }
  switch (principal.role) {
    case 'patient':
      return principal.userId === patient.id;
    case 'ecp':
      return principal.userId === patient.registeredByEcpId;
    case 'agent':
    case 'doctor':
    case 'admin':
      return true;
  }
}

/** GET PrescriberInfo: the ECP who registered a patient (practice, name, NPI, phone). */
export async function prescriberInfo(
  db: DbOrTx,
  context: RequestContext,
  query: PrescriberInfoQuery,
  now = new Date(),
): Promise<PrescriberInfoData> {
  const { principal } = context;
  const patient = query.peopleId
    ? await patientBy(db, 'peopleId', query.peopleId)
    : principal.kind === 'user' && principal.role === 'patient'
      ? await patientBy(db, 'id', principal.userId)
      : null;
  if (!patient || !mayRead(context, patient, now)) throw fail.notFound();
  const prescriber = await prescriberOf(db, patient);
  if (!prescriber) throw fail.notFound();
  if (principal.kind === 'user' && principal.role !== 'patient') {
    await writeAudit(db, context, {
      action: 'patient.prescriber.view',
      outcome: 'success',
      subject: patient.id,
    });
  }
  return prescriber;
}
