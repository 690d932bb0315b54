import { eq } from 'drizzle-orm';
import type { CreatePatientRequest, PatientRow } from '../../../shared/contracts/staff-patients';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { Db } from '../../db/client';
import { storefronts } from '../../db/schema/platform';
import { writeAudit } from '../audit/audit-service';
import type { RequestContext } from '../auth/request-context';
import {
  assertEmailFree,
  insertUser,
  inTransactionOrConflict,
  normalizeEmail,
} from '../registration/new-patient';
import { findUserById } from '../users/user-queries';
import { toPatientRow } from './patient-row';

const createAction = 'staff.patients.create';

async function storefrontFor(db: Db, staffId: string, requested: number | undefined) {
  const staff = await findUserById(db, staffId);
  if (!staff) throw fail.unauthorized();
  if (requested === undefined) return staff.storefrontId;
  const rows = await db
    .select({ id: storefronts.id })
    .from(storefronts)
    .where(eq(storefronts.id, requested))
    .limit(1);
  if (rows.length === 0) {
    throw fail.badRequest(messages.storefrontUnknown, { storefrontId: 'invalid' });
  }
  return requested;
}

/**
 * An agent creates the patient of a phone order (spec §7 customer-service phone order): no
 * password, so the patient signs in with one-time passcodes; signupSource 'staff'. A taken
 * email is the spec's 409, as in self-service registration. Account and audit entry are one
 * transaction.
 */
export async function createPatient(
  db: Db,
  context: RequestContext,
  staffId: string,
  input: CreatePatientRequest,
): Promise<PatientRow> {
  const storefrontId = await storefrontFor(db, staffId, input.storefrontId);
  const email = normalizeEmail(input.email);
  await assertEmailFree(db, context, email, createAction);
  const user = await inTransactionOrConflict(db, context, createAction, async (tx) => {
    const row = await insertUser(tx, {
      email,
      emailVerifiedAt: null, // told over the phone: proven by the patient's first passcode
      passwordHash: null,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      dateOfBirth: input.dateOfBirth || null,
      role: 'patient',
      storefrontId,
      signupSource: 'staff',
    });
    await writeAudit(tx, context, {
      action: createAction,
      outcome: 'success',
      subject: row.id,
      detail: { storefrontId },
    });
    return row;
  });
  return toPatientRow({
    userId: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    dateOfBirth: user.dateOfBirth,
    createdAt: user.createdAt,
    orderCount: 0,
    intakeStatus: null,
  });
}
