import { eq } from 'drizzle-orm';
import type { MedicationsData } from '../../../shared/contracts/profile';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/identity';
import type { AppDeps } from '../../deps';
import { patientOf, type RequestContext } from '../auth/request-context';

/** A patient's "my medications" (null: never said). */
export async function savedMedications(db: DbOrTx, userId: string): Promise<string[] | null> {
  const [row] = await db
    .select({ medications: users.medications })
    .from(users)
    .where(eq(users.id, userId));
  return row?.medications ?? null;
}

/**
 * Keeps a patient's list: from the account, and from a questionnaire's medication answer, so
 * that the next questionnaire starts from it (questionnaire/service.ts).
 */
export async function keepMedications(db: DbOrTx, userId: string, list: string[]): Promise<void> {
  await db
    .update(users)
    .set({ medications: list, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** GET User/Medications */
export async function getMedications(
  deps: AppDeps,
  context: RequestContext,
): Promise<MedicationsData> {
  return { medications: await savedMedications(deps.database.db, patientOf(context)) };
}

/** PUT User/Medications: the whole list (already tidied by the contract). */
export async function updateMedications(
  deps: AppDeps,
  context: RequestContext,
  list: string[],
): Promise<MedicationsData> {
  await keepMedications(deps.database.db, patientOf(context), list);
  return { medications: list };
}
