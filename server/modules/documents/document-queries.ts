import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { documents } from '../../db/schema/records';

export type DocumentRow = typeof documents.$inferSelect;

/** A patient's documents, newest first: for the patient, the console and the visit chart. */
export function documentsOfPatient(db: DbOrTx, userId: string): Promise<DocumentRow[]> {
  return db
    .select()
    .from(documents)
    .where(eq(documents.userId, userId))
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(500);
}
